import { Flag } from 'lucide-react';
import { useId, useState } from 'react';
import {
  type CreateReportBody,
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  type ReportReason,
  type ReportTarget,
} from '../../../shared/schemas/reports';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { useSendReport } from './use-reports';

const REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  abuse: 'Abuse or harassment',
  copyright: 'Copyright infringement',
  other: 'Something else',
};

/**
 * "Report" (issue 28, decision 0455): a reason, an optional note, Send. The instance admins see it in
 * their queue; a toast says it was received.
 */
export function ReportDialog({
  target,
  what,
  onClose,
}: {
  target: ReportTarget;
  /** What is reported, in words: "this comment", "this track"… */
  what: string;
  onClose: () => void;
}) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const send = useSendReport();
  const noteId = useId();
  const submit = () => {
    if (!reason || send.isPending) return;
    const body: CreateReportBody = { target, reason, note: note.trim() || undefined };
    send.mutate(body, { onSuccess: onClose });
  };
  return (
    <Dialog open onOpenChange={(open) => !open && !send.isPending && onClose()}>
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <DialogHeader>
            <DialogTitle>Report {what}</DialogTitle>
            <DialogDescription>
              The admins of this Journal will look at it. The person will not know who reported it.
            </DialogDescription>
          </DialogHeader>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Reason</legend>
            {REPORT_REASONS.map((r) => (
              <label key={r} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="report-reason"
                  value={r}
                  checked={reason === r}
                  onChange={() => setReason(r)}
                  className="size-4 accent-primary"
                />
                {REASON_LABELS[r]}
              </label>
            ))}
          </fieldset>
          <div className="grid gap-2">
            <Label htmlFor={noteId}>Note (optional)</Label>
            <Textarea
              id={noteId}
              value={note}
              maxLength={REPORT_NOTE_MAX}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={send.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={!reason || send.isPending}>
              Send
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** A small "Report" button opening the dialog, for places without a "…" menu (comments, pages). */
export function ReportButton({
  target,
  what,
  className,
}: {
  target: ReportTarget;
  what: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className={className ?? 'h-6 px-1.5 text-xs'}
        onClick={() => setOpen(true)}
      >
        <Flag className="size-3" aria-hidden /> Report
      </Button>
      {open && <ReportDialog target={target} what={what} onClose={() => setOpen(false)} />}
    </>
  );
}
