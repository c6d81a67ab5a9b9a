import { zodResolver } from '@hookform/resolvers/zod';
import { ExternalLink, Loader2, LogOut, Save } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { displayName } from '../../../shared/format';
import { profilePath } from '../../../shared/profile-path';
import type { AuthUser } from '../../../shared/schemas/auth';
import { type ProfileField, profileBody, profileFormSchema } from '../../../shared/schemas/users';
import { Page } from '../../components/page-layout';
import { Button } from '../../components/ui/button';
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

/** Sets a dotted path ('socialLinks.instagram') of the form's values. */
function setAt(values: ProfileFormInput, path: ProfileField, value: unknown) {
  const [head, key] = path.split('.') as [keyof ProfileFormInput, string | undefined];
  if (key) (values[head] as Record<string, unknown>)[key] = value;
  else (values as Record<string, unknown>)[head] = value;
}

/**
 * '/profile' (spec section 2, own profile): avatar, the privacy switch, the Basic Information and
 * Social Links sections, 'Save Profile' and 'Sign Out'. A section checks its fields with the
 * server's own rules (profileFormSchema) as it is confirmed; Save sends every field, and the server
 * saves each valid one (decision 0575), an emptied About or link sent as null to clear it (0024).
 */
export function ProfilePage({ user }: { user: AuthUser }) {
  const signOut = useSignOut();
  const update = useUpdateProfile();
  const name = displayName(user);
  // Bumped after a save so a section goes back to read-only; one with a refused field stays open
  // (the same element, so its message and focus stay where they are).
  const [saved, setSaved] = useState({ basic: 0, links: 0 });
  const form = useForm<ProfileFormInput, unknown, ProfileFormOutput>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: profileFormValues(user),
    mode: 'onTouched',
  });

  // Sent as typed, valid or not: the server saves each valid field and names the others, which
  // keep what was typed and open with their message (issue 42, decision 0575).
  const save = () =>
    update.mutate(profileBody(form.getValues()), {
      onSuccess: ({ user: next, fieldErrors }) => {
        const values = profileFormValues(next);
        const refused = Object.keys(fieldErrors) as ProfileField[];
        for (const field of refused) setAt(values, field, form.getValues(field));
        form.reset(values);
        const linkRefused = refused.some((field) => field.startsWith('socialLinks.'));
        const basicRefused = refused.some((field) => !field.startsWith('socialLinks.'));
        setSaved((n) => ({
          basic: n.basic + (basicRefused ? 0 : 1),
          links: n.links + (linkRefused ? 0 : 1),
        }));
        refused.forEach((field, i) => {
          form.setError(field, { type: 'server', message: fieldErrors[field] }, { shouldFocus: i === 0 });
        });
      },
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
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <BasicInfoSection key={`basic-${saved.basic}`} form={form} user={user} />
        <SocialLinksSection key={`links-${saved.links}`} form={form} />
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
