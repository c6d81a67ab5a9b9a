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
import type { DuplicateQuestion } from './duplicate-upload';

/**
 * Loaded the first time an upload is a duplicate (lazyDialog), so Radix's alert dialog stays off the
 * journal's first route (issue 11's budget).
 *
 * "You already have “X”": Keep both uploads the file again as a second track; Cancel drops it. */
export function DuplicateTrackDialog({
  question,
  open,
}: {
  question: DuplicateQuestion | undefined;
  open: boolean;
}) {
  return (
    <AlertDialog
      open={open}
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
