import type { DuplicateTrackConflict } from '../../../shared/schemas/tracks';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog';

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

/** "You already have “X”": Keep both uploads the file again as a second track; Cancel drops it. */
export function DuplicateTrackDialog({ question }: { question: DuplicateQuestion | undefined }) {
  return (
    <AlertDialog
      open={question !== undefined}
      onOpenChange={(open) => {
        if (!open) question?.answer(false);
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>You already have “{question?.existing.name}”</AlertDialogTitle>
          <AlertDialogDescription>
            {question?.fileName} has the same content as a track already in your journal. Keep both, or cancel
            this upload?
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel onClick={() => question?.answer(false)}>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={() => question?.answer(true)}>Keep both</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
