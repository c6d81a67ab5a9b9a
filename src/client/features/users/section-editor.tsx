import { Check, type LucideIcon, Pencil, X } from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { WithTooltip } from '../../components/ui/tooltip';

/**
 * Spec section 4: a profile section is read-only until Edit; Confirm keeps the new values (when
 * they are valid) and Cancel restores the values it had when editing began. Saving to the server
 * is the page's 'Save Profile' button, not this.
 */
export function useSectionEditor<T extends FieldValues, U>(
  form: UseFormReturn<T, unknown, U>,
  fields: readonly FieldPath<T>[],
) {
  const [editing, setEditing] = useState(false);
  const before = useRef<unknown[]>([]);
  const { errors, dirtyFields } = form.formState;
  // A field with an error is never hidden behind the read-only view: a refused save (the form's
  // check, or the server's, e.g. a username taken) opens its section with the message (issue 23).
  const hasError = fields.some((field) => get(errors, field) !== undefined);
  // Confirmed but not saved: the read-only view says so, so nothing looks saved that is not.
  const unsaved = fields.some((field) => isDirty(get(dirtyFields, field)));

  return {
    editing: editing || hasError,
    unsaved,
    edit: () => {
      before.current = fields.map((field) => structuredClone(form.getValues(field)));
      setEditing(true);
    },
    cancel: () => {
      fields.forEach((field, i) => {
        form.setValue(field, before.current[i] as never, { shouldDirty: true });
      });
      form.clearErrors(fields as FieldPath<T>[]);
      setEditing(false);
    },
    confirm: async () => {
      if (await form.trigger(fields as FieldPath<T>[])) setEditing(false);
    },
  };
}

export type SectionEditorState = ReturnType<typeof useSectionEditor>;

/** A nested form value by its dotted path ('socialLinks.bluesky'). */
function get(value: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], value);
}

/** react-hook-form's dirty marks: true, or an object/array of them for nested fields. */
function isDirty(mark: unknown): boolean {
  if (mark === true) return true;
  if (mark && typeof mark === 'object') return Object.values(mark).some(isDirty);
  return false;
}

/**
 * A profile card's title: the icon tile, the heading and its one-line subtitle. Every card of the
 * page starts with it, editable or not (Music apps too), so they read as one set.
 */
export function SectionTitle({
  id,
  title,
  description,
  icon: Icon,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  icon: LucideIcon;
  children?: ReactNode;
}) {
  return (
    <div className="flex items-center gap-3">
      <div className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary">
        <Icon className="size-4" aria-hidden />
      </div>
      <div>
        <h2 id={id} className="font-semibold">
          {title}
        </h2>
        {description && <p className="text-xs text-muted-foreground">{description}</p>}
        {children}
      </div>
    </div>
  );
}

/** A titled card with the edit, confirm and cancel controls of one profile section. */
export function SectionEditor({
  title,
  description,
  icon: Icon,
  section,
  children,
}: {
  title: string;
  description?: string;
  icon: LucideIcon;
  section: Pick<SectionEditorState, 'editing' | 'edit' | 'cancel' | 'confirm'> & { unsaved?: boolean };
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-border bg-card p-6">
      <header className="mb-5 flex items-start justify-between gap-4">
        <SectionTitle id={headingId} title={title} description={description} icon={Icon}>
          {!section.editing && section.unsaved && (
            <p className="mt-1 text-xs font-medium text-warning" data-testid="section-unsaved">
              Not saved yet: press Save Profile
            </p>
          )}
        </SectionTitle>
        <div className="flex items-center gap-1">
          {section.editing ? (
            <>
              <WithTooltip label="Cancel" side="top">
                <Button variant="ghost" size="icon" aria-label={`Cancel ${title}`} onClick={section.cancel}>
                  <X />
                </Button>
              </WithTooltip>
              <WithTooltip label="Confirm" side="top">
                <Button
                  variant="secondary"
                  size="icon"
                  aria-label={`Confirm ${title}`}
                  onClick={() => void section.confirm()}
                >
                  <Check className="text-primary" />
                </Button>
              </WithTooltip>
            </>
          ) : (
            <WithTooltip label="Edit" side="top">
              <Button variant="ghost" size="icon" aria-label={`Edit ${title}`} onClick={section.edit}>
                <Pencil />
              </Button>
            </WithTooltip>
          )}
        </div>
      </header>
      {children}
    </section>
  );
}

/** A read-only value: the text, or a quiet placeholder when there is none. */
export function ReadOnlyValue({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <p className="text-xs font-medium text-muted-foreground">{label}</p>
      <div className="text-sm">{children}</div>
    </div>
  );
}
