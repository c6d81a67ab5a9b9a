import { useId } from 'react';
import { SHARE_PASSWORD_MIN, SHARE_RECIPIENT_MAX } from '../../../shared/schemas/shares';
import { PillChoice } from '../../components/pill-choice';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { PasswordInput } from './password-input';
import { SHARE_KIND_HINTS, SHARE_KIND_LABELS, type ShareLinkKind } from './share-link-format';
import { SHARE_EXPIRIES, SHARE_EXPIRY_LABELS, type ShareExpiry } from './use-share-links';

/**
 * The create form's issue-45 fields (decision 0705): what the link lets its holder do, who it is
 * for, an expiry and an optional password. The upload kind is made from its own dialog, not here;
 * that dialog asks who it is for, the expiry and a password with these same fields.
 */

const KINDS: readonly ShareLinkKind[] = ['listen', 'review'];

export function LinkKindChoice({
  value,
  onChange,
}: {
  value: ShareLinkKind;
  onChange: (k: ShareLinkKind) => void;
}) {
  const hint = useId();
  return (
    <div className="grid gap-1">
      <PillChoice
        legend="Kind"
        options={KINDS}
        labels={SHARE_KIND_LABELS}
        value={value}
        onChange={onChange}
      />
      <p id={hint} className="text-xs text-muted-foreground">
        {SHARE_KIND_HINTS[value]}
      </p>
    </div>
  );
}

/** Who the link is for; `hint` under it says where the name shows. */
export function RecipientField({
  value,
  onChange,
  placeholder,
  hint,
}: {
  value: string;
  onChange: (v: string) => void;
  placeholder?: string;
  hint?: string;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Who is it for? (optional)</Label>
      <Input
        id={id}
        value={value}
        maxLength={SHARE_RECIPIENT_MAX}
        autoComplete="off"
        placeholder={placeholder}
        aria-describedby={hint ? hintId : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}

/** How long the link works: a day, a week, a month or for good. */
export function ExpiryChoice({
  value,
  onChange,
}: {
  value: ShareExpiry;
  onChange: (e: ShareExpiry) => void;
}) {
  return (
    <PillChoice
      legend="Expires after"
      options={SHARE_EXPIRIES}
      labels={SHARE_EXPIRY_LABELS}
      value={value}
      onChange={onChange}
    />
  );
}

/** A password shorter than the server takes, said before sending; null when it is fine or empty. */
export const passwordProblem = (password: string) =>
  password && password.length < SHARE_PASSWORD_MIN
    ? `A password needs at least ${SHARE_PASSWORD_MIN} characters.`
    : null;

/** An optional password with Show/Hide; `problem` (from passwordProblem) replaces the hint while it stands. */
export function PasswordField({
  value,
  onChange,
  problem = null,
  hint = 'Opening the link asks for it. Send it apart from the link.',
}: {
  value: string;
  onChange: (v: string) => void;
  problem?: string | null;
  hint?: string;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Password (optional)</Label>
      <PasswordInput
        id={id}
        value={value}
        autoComplete="new-password"
        aria-invalid={problem ? true : undefined}
        aria-describedby={hintId}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={hintId} className={problem ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}>
        {problem ?? hint}
      </p>
    </div>
  );
}
