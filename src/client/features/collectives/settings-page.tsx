import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2, Save, Settings, ShieldAlert, ShieldCheck, Trash2, UserCog } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { AuthUser } from '../../../shared/schemas/auth';
import {
  type Collective,
  type CollectiveWithRole,
  createCollectiveBodySchema,
} from '../../../shared/schemas/collectives';
import { EmptyState, Page, PageHeader, PageLoading } from '../../components/page-layout';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/use-toast';
import {
  COLLECTIVES_QUERY_KEY,
  collectiveGone,
  collectiveKey,
  useCollective,
} from '../../entities/collective/use-collectives';
import { apiRequest } from '../../lib/api-client';
import { AvatarPicker } from './avatar-picker';
import { DeleteCollectiveDialog } from './collective-actions-menu';
import { CollectiveNotFound } from './collective-page';
import { FieldError } from './field-error';
import { uploadCollectiveAvatar } from './use-create-collective';

// Name and About follow the same rules (and messages) as on creation (spec section 5).
const settingsSchema = createCollectiveBodySchema;
type FormInput = z.input<typeof settingsSchema>;
type FormOutput = z.output<typeof settingsSchema>;

function useUpdateCollective(collective: CollectiveWithRole) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, avatar }: { body: FormOutput; avatar: File | null }) => {
      let updated = (await (
        await apiRequest('PATCH', `/api/collectives/${collective.id}`, {
          name: body.name,
          description: body.description,
        })
      ).json()) as Collective;
      if (avatar) updated = await uploadCollectiveAvatar(collective.id, avatar);
      return updated;
    },
    onSuccess: (updated) => {
      queryClient.setQueryData<CollectiveWithRole>(collectiveKey(collective.id), (old) =>
        old ? { ...old, ...updated } : old,
      );
      queryClient.setQueryData<Collective[]>(COLLECTIVES_QUERY_KEY, (list) =>
        list?.map((c) => (c.id === updated.id ? { ...c, ...updated } : c)),
      );
      void queryClient.invalidateQueries({ queryKey: COLLECTIVES_QUERY_KEY, exact: true });
      toast({ title: 'Success', description: 'Collective updated successfully!' });
    },
    onError: () => {
      // A failed avatar after a saved name still refreshes the name shown everywhere.
      void queryClient.invalidateQueries({ queryKey: collectiveKey(collective.id), exact: true });
      void queryClient.invalidateQueries({ queryKey: COLLECTIVES_QUERY_KEY, exact: true });
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to update collective' });
    },
  });
}

/** What each role may do: the permission table of decision 0013/0121, in words. */
function RolesSummary() {
  return (
    <section aria-labelledby="roles-heading" className="rounded-xl border border-border bg-card p-5">
      <h2 id="roles-heading" className="flex items-center gap-2 font-semibold">
        <ShieldCheck className="size-4 text-muted-foreground" aria-hidden />
        Permissions &amp; Roles
      </h2>
      <ul className="mt-3 grid gap-2 text-sm text-muted-foreground">
        <li>
          <span className="font-medium text-foreground">Owner</span>: these settings, invites, members and
          roles, handing the collective to another member, deleting it.
        </li>
        <li>
          <span className="font-medium text-foreground">Admins</span>: invites; promote members to admin,
          remove members, step down.
        </li>
        <li>
          <span className="font-medium text-foreground">Members</span>: listen, comment, share their
          playlists, leave.
        </li>
      </ul>
      <p className="mt-3 flex items-center gap-2 text-sm text-muted-foreground">
        <UserCog className="size-4 shrink-0" aria-hidden />
        Change roles and remove members from each member&apos;s menu in the Members panel.
      </p>
    </section>
  );
}

function DangerZone({ collective }: { collective: CollectiveWithRole }) {
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="danger-heading" className="rounded-xl border border-destructive/50 bg-card p-5">
      <h2 id="danger-heading" className="font-semibold">
        Delete this collective
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">
        Members, shared playlists, comments and invite links go with it. Playlists and tracks stay in each
        member&apos;s journal.
      </p>
      <Button variant="destructive" className="mt-4" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden />
        Delete Collective
      </Button>
      <DeleteCollectiveDialog open={open} onOpenChange={setOpen} collective={collective} />
    </section>
  );
}

function SettingsForm({ collective }: { collective: CollectiveWithRole }) {
  const ids = useId();
  const [avatar, setAvatar] = useState<File | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(settingsSchema),
    defaultValues: { name: collective.name, description: collective.description ?? '' },
  });
  const { errors } = form.formState;
  const update = useUpdateCollective(collective);
  const pending = update.isPending;

  const onValid = (body: FormOutput) =>
    update.mutate(
      { body, avatar },
      {
        onSuccess: (updated) => {
          setAvatar(null);
          form.reset({ name: updated.name, description: updated.description ?? '' });
        },
      },
    );

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onValid)}
      aria-label="Collective details"
      className="grid gap-6 rounded-xl border border-border bg-card p-6"
    >
      <div className="grid gap-2">
        <span className="text-sm font-medium">Avatar</span>
        <AvatarPicker
          file={avatar}
          onFileChange={setAvatar}
          name={collective.name}
          currentUrl={collective.imageUrl}
          currentVersion={collective.updatedAt}
          disabled={pending}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${ids}-name`}>Name</Label>
        <Input
          id={`${ids}-name`}
          autoComplete="off"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${ids}-name-error` : undefined}
          {...form.register('name')}
        />
        <FieldError id={`${ids}-name-error`} message={errors.name?.message} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${ids}-about`}>About</Label>
        <Textarea
          id={`${ids}-about`}
          rows={4}
          placeholder="What is this collective about?"
          className="resize-y"
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${ids}-about-error` : undefined}
          {...form.register('description')}
        />
        <FieldError id={`${ids}-about-error`} message={errors.description?.message} />
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? <Loader2 className="animate-spin" aria-hidden /> : <Save aria-hidden />}
          {pending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}

/**
 * '/collective/{id}/settings': owner only (spec 6), as the collective's `abilities.editSettings`
 * says; the navigation no longer leads anyone else here, but an address typed in still explains.
 */
export function CollectiveSettingsPage({ collectiveId }: { collectiveId: number; user?: AuthUser }) {
  const { data: collective, isLoading, error } = useCollective(collectiveId);

  if (isLoading) return <PageLoading>Loading settings...</PageLoading>;
  if (!collective || collectiveGone(error)) return <CollectiveNotFound />;
  if (!collective.abilities.editSettings)
    return (
      <Page>
        <EmptyState
          icon={ShieldAlert}
          title="You don't have permission to access these settings"
          hint="Only the collective's owner can change its name, about and avatar."
        />
      </Page>
    );

  return (
    <Page className="max-w-3xl">
      <PageHeader icon={Settings} title="Collective Settings" description={collective.name} />
      <div className="grid gap-4">
        <SettingsForm key={collective.id} collective={collective} />
        <RolesSummary />
        {collective.abilities.deleteCollective && <DangerZone collective={collective} />}
      </div>
    </Page>
  );
}
