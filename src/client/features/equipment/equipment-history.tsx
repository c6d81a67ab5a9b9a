import { ChevronDown, ChevronRight, History, RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { displayName, formatCommentTime, truncate } from '../../../shared/format';
import type { EquipmentEdit, EquipmentHistoryField } from '../../../shared/schemas/moderation';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Button } from '../../components/ui/button';
import { useEquipmentHistory, useRevertEquipmentEdit } from './use-equipment-history';

// "Edit history" on the equipment page (issue 28, decision 0450): who changed what, and when;
// instance admins may revert an edit. Closed at first, and fetched only once opened.

const LABELS: Record<EquipmentHistoryField, string> = {
  name: 'Name',
  category: 'Category',
  description: 'Description',
  image: 'Picture',
};
const FIELD_ORDER: EquipmentHistoryField[] = ['name', 'category', 'description', 'image'];

const shown = (value: string | null) => (value ? `“${truncate(value, 80)}”` : 'empty');

/** One line per changed field: "Name: “A” → “B”"; the picture only says it changed. */
export function changeLines(edit: EquipmentEdit): string[] {
  return FIELD_ORDER.flatMap((field) => {
    const change = edit.changes[field];
    if (!change) return [];
    if (field === 'image') return [change.before ? 'Replaced the picture' : 'Added a picture'];
    return [`${LABELS[field]}: ${shown(change.before)} → ${shown(change.after)}`];
  });
}

function EditItem({ edit, onRevert }: { edit: EquipmentEdit; onRevert?: () => void }) {
  const who = edit.user ? displayName(edit.user, 'Unknown User') : 'Deleted user';
  return (
    <li className="grid gap-1 rounded-lg border p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p>
          <span className="font-medium">{who}</span>
          <span className="text-muted-foreground">
            {edit.revertOfId !== null ? ' reverted an edit' : ' edited'} · {formatCommentTime(edit.createdAt)}
          </span>
        </p>
        {onRevert && (
          <Button type="button" variant="outline" size="sm" onClick={onRevert}>
            <RotateCcw aria-hidden />
            Revert
          </Button>
        )}
      </div>
      <ul className="grid gap-0.5 text-muted-foreground [overflow-wrap:anywhere]">
        {changeLines(edit).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </li>
  );
}

export function EquipmentHistorySection({ equipmentId }: { equipmentId: number }) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [reverting, setReverting] = useState<EquipmentEdit | null>(null);
  const history = useEquipmentHistory(equipmentId, open);
  const revert = useRevertEquipmentEdit(equipmentId);
  const edits = history.data?.edits ?? [];

  return (
    <section aria-label="Edit history" className="mt-8 grid gap-3 border-t border-border pt-4">
      <Button
        type="button"
        variant="ghost"
        className="justify-self-start"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? <ChevronDown aria-hidden /> : <ChevronRight aria-hidden />}
        <History aria-hidden />
        Edit history
      </Button>
      {open && (
        <div id={listId}>
          {history.isLoading ? (
            <p role="status" className="text-sm text-muted-foreground">
              Loading edit history...
            </p>
          ) : history.isError ? (
            <p className="text-sm text-muted-foreground">Could not load the edit history.</p>
          ) : edits.length === 0 ? (
            <p className="text-sm text-muted-foreground">No edits yet.</p>
          ) : (
            <ol className="grid gap-2">
              {edits.map((edit) => (
                <EditItem
                  key={edit.id}
                  edit={edit}
                  onRevert={history.data?.canRevert ? () => setReverting(edit) : undefined}
                />
              ))}
            </ol>
          )}
        </div>
      )}
      <ConfirmDialog
        open={reverting !== null}
        onOpenChange={(o) => !o && setReverting(null)}
        title="Revert this edit?"
        description="The fields this edit changed go back to what they were before it. The revert is recorded in the history too."
        confirmLabel="Revert"
        onConfirm={() => {
          if (reverting) revert.mutate(reverting.id);
          setReverting(null);
        }}
      />
    </section>
  );
}
