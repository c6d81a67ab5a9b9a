import { ConfirmDialog } from '../../components/confirm-dialog';
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
    <ConfirmDialog
      open={open}
      onOpenChange={(open) => {
        if (!open) question?.answer(false);
      }}
      title={`You already have “${question?.existing.name ?? ''}”`}
      description={`${question?.fileName ?? ''} has the same content as a track already in your journal. Keep both, or cancel this upload?`}
      confirmLabel="Keep both"
      onConfirm={() => question?.answer(true)}
    />
  );
}
