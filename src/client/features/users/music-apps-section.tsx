import { Check, Copy, KeyRound, Loader2, Plus, Smartphone, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { formatDate } from '../../../shared/format';
import {
  API_CREDENTIAL_NAME_MAX,
  type ApiCredentialKind,
  type ApiKey,
  type CreatedApiKey,
} from '../../../shared/schemas/api-keys';
import type { AuthUser } from '../../../shared/schemas/auth';
import { PillChoice } from '../../components/pill-choice';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { toast } from '../../components/ui/use-toast';
import { useCopiedTick } from '../../lib/use-copied-tick';
import { MusicAppsLogin } from './music-apps-login';
import { SectionTitle } from './section-editor';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from './use-api-keys';

const KIND_LABELS: Record<ApiCredentialKind, string> = {
  'api-key': 'API key',
  'app-password': 'App password',
};

/** Copies a new secret; on failure it stays on screen to copy by hand (never put into a toast). */
function CopySecretButton({ secret }: { secret: string }) {
  const { copied, markCopied } = useCopiedTick();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      markCopied();
      toast({ title: 'Copied', description: 'Paste it into your app.' });
    } catch {
      toast({
        variant: 'destructive',
        title: 'Could not copy',
        description: 'Select it and copy it by hand.',
      });
    }
  };
  return (
    <Button variant="outline" aria-label={copied ? 'Copied' : 'Copy'} onClick={() => void copy()} autoFocus>
      {copied ? <Check className="text-online" aria-hidden /> : <Copy aria-hidden />}
      Copy
    </Button>
  );
}

/** The secret just made, shown this once (the server keeps no readable copy of an API key). */
function NewSecret({
  created,
  kind,
  onDone,
}: {
  created: CreatedApiKey;
  kind: ApiCredentialKind;
  onDone: () => void;
}) {
  return (
    <div role="status" className="mt-4 grid gap-2 rounded-lg border border-primary/40 bg-primary/5 p-4">
      <p className="text-sm font-medium">
        {KIND_LABELS[kind]} “{created.name}”: copy it now, it will not be shown again.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 flex-1 break-all rounded bg-background px-2 py-1.5 font-mono text-sm">
          {created.key}
        </code>
        <CopySecretButton secret={created.key} />
        <Button variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

function KeyRow({ item }: { item: ApiKey }) {
  const revoke = useRevokeApiKey();
  const [confirming, setConfirming] = useState(false);
  const used = item.lastUsedAt ? `last used ${formatDate(item.lastUsedAt)}` : 'never used';
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
      <KeyRound className="size-4 text-muted-foreground" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{item.name}</p>
        <p className="text-xs text-muted-foreground">
          {KIND_LABELS[item.kind]} · created {formatDate(item.createdAt)} · {used}
        </p>
      </div>
      {confirming ? (
        <span className="flex items-center gap-2">
          <span className="text-sm">Revoke it?</span>
          <Button
            variant="outline"
            size="sm"
            disabled={revoke.isPending}
            onClick={() => setConfirming(false)}
            autoFocus
          >
            Cancel
          </Button>
          <Button
            variant="destructive"
            size="sm"
            disabled={revoke.isPending}
            onClick={() => revoke.mutate(item.id, { onError: () => setConfirming(false) })}
          >
            Revoke
          </Button>
        </span>
      ) : (
        <Button
          variant="outline"
          size="sm"
          aria-label={`Revoke ${item.name}`}
          onClick={() => setConfirming(true)}
        >
          <Trash2 aria-hidden />
          Revoke
        </Button>
      )}
    </li>
  );
}

/**
 * 'Music apps' on the own profile (issue 26, decision 0385): API keys and app passwords for apps that
 * speak Subsonic, made and revoked here; the address and the username such an app asks for, or the
 * choice of one (music-apps-login.tsx).
 */
export function MusicAppsSection({ user }: { user: AuthUser }) {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<ApiCredentialKind>('api-key');
  const [created, setCreated] = useState<{ created: CreatedApiKey; kind: ApiCredentialKind } | null>(null);
  const headingId = useId();
  const nameId = useId();
  // What a Subsonic app calls the user name: the username (decision 0803), chosen here if need be.
  const [chosen, setChosen] = useState<string>();
  const login = user.username ?? chosen ?? null;
  // An app password goes with the login: none until there is a username to type.
  const needsLogin = kind === 'app-password' && !login;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || needsLogin) return;
    create.mutate(
      { name: trimmed, ...(kind === 'app-password' ? { kind } : {}) },
      {
        onSuccess: (result) => {
          setCreated({ created: result, kind });
          setName('');
        },
      },
    );
  };

  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-2xl border border-border bg-card p-6">
      <header className="mb-5">
        <SectionTitle
          id={headingId}
          title="Music apps"
          description="Listen to your journal in other players"
          icon={Smartphone}
        />
      </header>
      <MusicAppsLogin username={login} onChosen={setChosen} />
      <form
        className="mt-4 flex flex-wrap items-end gap-3"
        onSubmit={submit}
        aria-label="New key or app password"
      >
        <div className="grid min-w-48 flex-1 gap-1.5">
          <Label htmlFor={nameId}>Name</Label>
          <Input
            id={nameId}
            value={name}
            maxLength={API_CREDENTIAL_NAME_MAX}
            placeholder="e.g. Symfonium on my phone"
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        {/* The app's pill choice: 44 px tall on touch screens (decision 0365). */}
        <PillChoice
          legend="Kind"
          options={['api-key', 'app-password'] as const}
          labels={KIND_LABELS}
          value={kind}
          onChange={setKind}
          className="pb-1 [&>legend]:sr-only"
        />
        <Button type="submit" disabled={create.isPending || !name.trim() || needsLogin}>
          {create.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Plus aria-hidden />}
          Create
        </Button>
      </form>
      {needsLogin && (
        <p className="mt-2 text-xs text-muted-foreground">Choose a username above to make an app password.</p>
      )}
      {created && <NewSecret created={created.created} kind={created.kind} onDone={() => setCreated(null)} />}
      {keys.isError ? (
        <p className="mt-4 text-sm text-destructive">Could not load your keys.</p>
      ) : keys.data && keys.data.length > 0 ? (
        <ul aria-label="Your keys and app passwords" className="mt-4 divide-y divide-border">
          {keys.data.map((item) => (
            <KeyRow key={item.id} item={item} />
          ))}
        </ul>
      ) : keys.data ? (
        <p className="mt-4 text-sm text-muted-foreground">No keys or app passwords yet.</p>
      ) : null}
    </section>
  );
}
