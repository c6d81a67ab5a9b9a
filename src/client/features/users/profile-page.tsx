import { zodResolver } from '@hookform/resolvers/zod';
import { ExternalLink, Loader2, LogOut, Save } from 'lucide-react';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { SOCIAL_LINK_TYPES } from '../../../shared/constants';
import { displayName } from '../../../shared/format';
import { profilePath } from '../../../shared/profile-path';
import type { AuthUser } from '../../../shared/schemas/auth';
import { profileFormSchema } from '../../../shared/schemas/users';
import { Page } from '../../components/page-layout';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { errorMessage, errorStatus } from '../../lib/api-client';
import { useSignOut } from '../auth';
import { AvatarUpload } from './avatar-upload';
import { BasicInfoSection } from './basic-info-section';
import { BlockedPeopleSection } from './blocked-people-section';
import { DataExportSection } from './data-export-section';
import { DataImportSection } from './data-import-section';
import { DeleteAccountSection } from './delete-account-section';
import { MusicAppsSection } from './music-apps-section';
import { PublicProfileToggle } from './public-profile-toggle';
import { SecurityActivitySection } from './security-activity-section';
import { SessionsSection } from './sessions-section';
import { SocialLinksSection } from './social-links-section';
import {
  type ProfileFormInput,
  type ProfileFormOutput,
  profileFormValues,
  useUpdateProfile,
} from './use-profile';

const FORM_FIELD = /^(username|bio|socialLinks\.(?:[a-z]+))$/;

/**
 * The profile field a refused save is about (issue 23): a 409 is the username's (taken or reserved,
 * decision 0028); a 400 names its field before the message, as the server's validation reply does
 * ('socialLinks.bluesky: A link must start with https://').
 */
function serverFieldError(err: unknown): { path: FieldPath<ProfileFormInput>; message: string } | undefined {
  const message = errorMessage(err, '');
  const status = errorStatus(err);
  if (status === 409) return { path: 'username', message };
  if (status !== 400) return undefined;
  const at = message.indexOf(': ');
  const path = message.slice(0, at);
  if (at <= 0 || !FORM_FIELD.test(path)) return undefined;
  const [, link] = path.split('.');
  if (link && !(SOCIAL_LINK_TYPES as readonly string[]).includes(link)) return undefined;
  return { path: path as FieldPath<ProfileFormInput>, message: message.slice(at + 2) };
}

/**
 * '/profile' (spec section 2, own profile): avatar, the privacy switch, the Basic Information and
 * Social Links sections, 'Save Profile' and 'Sign Out'. The form checks with the server's own
 * rules (profileFormSchema), so what is sent is already trimmed, with an emptied About or link sent
 * as null to clear it (decision 0024) and an empty username left out.
 */
export function ProfilePage({ user }: { user: AuthUser }) {
  const signOut = useSignOut();
  const update = useUpdateProfile();
  const name = displayName(user);
  // Bumped after a save so every section goes back to read-only.
  const [saved, setSaved] = useState(0);
  const form = useForm<ProfileFormInput, unknown, ProfileFormOutput>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: profileFormValues(user),
    mode: 'onTouched',
  });

  const onValid = (body: ProfileFormOutput) =>
    update.mutate(body, {
      onSuccess: (next) => {
        form.reset(profileFormValues(next));
        setSaved((n) => n + 1);
      },
      // Nothing was saved: the field the server names gets its message and its section opens.
      onError: (err) => {
        const field = serverFieldError(err);
        if (field)
          form.setError(field.path, { type: 'server', message: field.message }, { shouldFocus: true });
      },
    });

  const onInvalid = () =>
    toast({
      variant: 'destructive',
      title: 'Failed to update profile',
      description: 'Please correct the highlighted fields.',
    });

  return (
    <Page className="max-w-3xl">
      <section
        aria-label="Account"
        className="flex flex-col items-center gap-6 rounded-2xl border border-border bg-card p-6 sm:flex-row sm:items-start"
      >
        <AvatarUpload user={user} name={name} />
        <div className="flex min-w-0 flex-1 flex-col items-center gap-2 sm:items-start sm:pt-4">
          <h1 className="max-w-full truncate text-3xl font-bold tracking-tight">{name}</h1>
          {user.email && <p className="truncate text-sm text-muted-foreground">{user.email}</p>}
          <div className="flex flex-wrap items-center gap-2">
            {user.claims.isDemo && (
              <span className="rounded-full bg-primary/15 px-2 py-0.5 text-xs font-medium text-primary">
                Demo user
              </span>
            )}
            {user.isPublic && (
              <Link
                href={profilePath(user)}
                className="inline-flex items-center gap-1 text-xs text-primary hover:underline"
              >
                View public profile
                <ExternalLink className="size-3" aria-hidden />
              </Link>
            )}
          </div>
        </div>
        <Button
          variant="outline"
          className="sm:mt-4"
          onClick={() => signOut.mutate()}
          disabled={signOut.isPending}
        >
          <LogOut aria-hidden />
          Sign Out
        </Button>
      </section>

      <PublicProfileToggle user={user} className="mt-6 rounded-2xl bg-card px-6 py-4" />

      <form
        aria-label="Profile"
        noValidate
        className="mt-6 grid gap-6"
        onSubmit={form.handleSubmit(onValid, onInvalid)}
      >
        <BasicInfoSection key={`basic-${saved}`} form={form} user={user} />
        <SocialLinksSection key={`links-${saved}`} form={form} />
        <div className="flex justify-end">
          <Button type="submit" size="lg" disabled={update.isPending}>
            {update.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Save aria-hidden />}
            {update.isPending ? 'Saving...' : 'Save Profile'}
          </Button>
        </div>
      </form>

      <MusicAppsSection user={user} />
      <SessionsSection />
      <SecurityActivitySection />
      <BlockedPeopleSection />
      <DataExportSection />
      <DataImportSection />
      <DeleteAccountSection user={user} />
    </Page>
  );
}
