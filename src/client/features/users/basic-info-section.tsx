import { UserRound } from 'lucide-react';
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { LIMITS } from '../../../shared/constants';
import { displayName } from '../../../shared/format';
import type { AuthUser } from '../../../shared/schemas/auth';
import { USERNAME_MAX } from '../../../shared/schemas/users';
import { FieldError } from '../../components/field-error';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { cn } from '../../lib/utils';
import { ReadOnlyValue, SectionEditor, useSectionEditor } from './section-editor';
import type { ProfileFormInput, ProfileFormOutput } from './use-profile';

export type ProfileForm = UseFormReturn<ProfileFormInput, unknown, ProfileFormOutput>;

const FIELDS = ['username', 'bio'] as const;

/**
 * 'Basic Information' (spec section 2, own profile): the username, which is the display name
 * (spec section 3), and About, at most 500 characters with a live counter (spec section 5).
 */
export function BasicInfoSection({ form, user }: { form: ProfileForm; user: AuthUser }) {
  const section = useSectionEditor(form, FIELDS);
  const ids = useId();
  const username = form.watch('username') ?? '';
  const bio = form.watch('bio') ?? '';
  const { errors } = form.formState;
  const shownName = displayName({ ...user, username });

  return (
    <SectionEditor
      title="Basic Information"
      description="How you appear to others"
      icon={UserRound}
      section={section}
    >
      {section.editing ? (
        <div className="grid gap-5">
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-username`}>Username</Label>
            <Input
              id={`${ids}-username`}
              autoComplete="username"
              maxLength={USERNAME_MAX}
              placeholder="e.g. ada.lovelace"
              aria-invalid={errors.username ? true : undefined}
              aria-describedby={`${ids}-username-hint ${ids}-username-error`}
              {...form.register('username')}
            />
            <p id={`${ids}-username-hint`} className="text-xs text-muted-foreground">
              Shown as your display name. Letters, numbers, dots, dashes and underscores.
            </p>
            <FieldError id={`${ids}-username-error`} message={errors.username?.message} />
          </div>
          <div className="grid gap-2">
            <div className="flex items-baseline justify-between gap-2">
              <Label htmlFor={`${ids}-bio`}>About</Label>
              <span
                aria-live="polite"
                data-testid="about-counter"
                className={cn(
                  'text-xs tabular-nums text-muted-foreground',
                  bio.length >= LIMITS.bio && 'text-warning',
                )}
              >
                {bio.length}/{LIMITS.bio}
              </span>
            </div>
            <Textarea
              id={`${ids}-bio`}
              rows={4}
              maxLength={LIMITS.bio}
              placeholder="A few words about you and your music"
              className="resize-y"
              aria-invalid={errors.bio ? true : undefined}
              aria-describedby={`${ids}-bio-error`}
              {...form.register('bio')}
            />
            <FieldError id={`${ids}-bio-error`} message={errors.bio?.message} />
          </div>
        </div>
      ) : (
        <div className="grid gap-5">
          <ReadOnlyValue label="Display Name">
            <span className="font-medium">{shownName}</span>
            {!username.trim() && (
              <span className="ml-2 text-xs text-muted-foreground">(no username yet)</span>
            )}
          </ReadOnlyValue>
          <ReadOnlyValue label="About">
            {bio.trim() ? (
              <p className="whitespace-pre-line break-words">{bio}</p>
            ) : (
              <p className="text-muted-foreground italic">Nothing here yet</p>
            )}
          </ReadOnlyValue>
        </div>
      )}
    </SectionEditor>
  );
}
