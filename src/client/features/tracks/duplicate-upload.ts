import type { DuplicateTrackConflict } from '../../../shared/schemas/tracks';

/** An upload the server answered 409 for: the same bytes are already this track (decision 0144). */
export interface DuplicateQuestion {
  key: string;
  fileName: string;
  existing: DuplicateTrackConflict['duplicateOf'];
  answer: (keepBoth: boolean) => void;
}

/** The track a 409 of POST /api/tracks?duplicate=ask names, or null for any other failure. */
export function duplicateOf(err: unknown): DuplicateTrackConflict['duplicateOf'] | null {
  if (!(err instanceof Error) || !err.message.startsWith('409: ')) return null;
  try {
    const body = JSON.parse(err.message.slice(5)) as Partial<DuplicateTrackConflict>;
    const found = body.duplicateOf;
    return found && typeof found.id === 'number' && typeof found.name === 'string' ? found : null;
  } catch {
    return null;
  }
}
