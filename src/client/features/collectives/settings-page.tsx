import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2, Save, Settings, ShieldAlert, ShieldCheck, UserCog } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { AuthUser } from '../../../shared/schemas/auth';
import {
  type Collective,
  type CollectiveWithRole,
  createCollectiveBodySchema,
} from '../../../shared/schemas/collectives';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/use-toast';
import { apiRequest } from '../../lib/api-client';
import { EmptyState, Page, PageHeader, PageLoading } from '../shell/page-layout';
import { AvatarPicker } from './avatar-picker';
import { CollectiveNotFound } from './collective-page';
import { FieldError } from './field-error';
import { COLLECTIVES_QUERY_KEY, collectiveKey, useCollective } from './use-collectives';
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

function ComingSoon({ icon: Icon, title, text }: { icon: typeof Settings; title: string; text: string }) {
  return (
    <section aria-label={title} className="rounded-xl border border-border bg-card p-5">
      <div className="flex items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 font-semibold">
          <Icon className="size-4 text-muted-foreground" aria-hidden />
          {title}
        </h2>
        <span className="rounded-full bg-secondary px-2.5 py-0.5 text-xs font-medium text-muted-foreground">
          Coming Soon
        </span>
      </div>
      <p className="mt-2 text-sm text-muted-foreground">{text}</p>
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

/** '/collective/{id}/settings': owner only, i.e. the collective's ownerId is the user's id (spec 6). */
export function CollectiveSettingsPage({ collectiveId, user }: { collectiveId: number; user: AuthUser }) {
  const { data: collective, isLoading, isError } = useCollective(collectiveId);

  if (isLoading) return <PageLoading>Loading settings...</PageLoading>;
  if (isError || !collective) return <CollectiveNotFound />;
  if (collective.ownerId !== user.id)
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
        <ComingSoon
          icon={ShieldCheck}
          title="Permissions & Roles"
          text="Choose what admins and members may do."
        />
        <ComingSoon icon={UserCog} title="Member Management" text="Promote, demote and remove members." />
      </div>
    </Page>
  );
}
