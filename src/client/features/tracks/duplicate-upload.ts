import type { DuplicateTrackConflict } from '../../../shared/schemas/tracks';
import { ApiError } from '../../lib/api-error';

/** An upload the server answered 409 for: the same bytes are already this track (decision 0144). */
export interface DuplicateQuestion {
  key: string;
  fileName: string;
  existing: DuplicateTrackConflict['duplicateOf'];
  answer: (keepBoth: boolean) => void;
}

/** The track a 409 of POST /api/tracks?duplicate=ask names, or null for any other failure. */
export function duplicateOf(err: unknown): DuplicateTrackConflict['duplicateOf'] | null {
  if (!(err instanceof ApiError) || err.status !== 409) return null;
  const found = (err.body as Partial<DuplicateTrackConflict> | undefined)?.duplicateOf;
  return found && typeof found.id === 'number' && typeof found.name === 'string' ? found : null;
}
