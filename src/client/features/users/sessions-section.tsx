import { Loader2, LogOut, MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import type { UserSession } from '../../../shared/schemas/sessions';
import { Button } from '../../components/ui/button';
import { AccountCard, deviceLabel, RelativeTime } from './account-card';
import { useRevokeSession, useSessions, useSignOutOthers } from './use-sessions';

/** Asks once more before a sign-out: Cancel (focused) or the button that does it. */
function Confirm({
  question,
  action,
  pending,
  onCancel,
  onConfirm,
}: {
  question: string;
  action: string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span className="text-sm">{question}</span>
      <Button variant="outline" size="sm" disabled={pending} onClick={onCancel} autoFocus>
        Cancel
      </Button>
      <Button variant="destructive" size="sm" disabled={pending} onClick={onConfirm}>
        {pending && <Loader2 className="animate-spin" aria-hidden />}
        {action}
      </Button>
    </span>
  );
}

function SessionRow({ session }: { session: UserSession }) {
  const revoke = useRevokeSession();
  const [confirming, setConfirming] = useState(false);
  const label = deviceLabel(session);
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="truncate">{label}</span>
          {session.current && (
            <span className="rounded-full bg-primary/15 px-2 py-0.5 text-xs font-medium text-primary">
              This device
            </span>
          )}
        </p>
        <p className="text-xs text-muted-foreground">
          {session.network ? `${session.network} · ` : ''}signed in{' '}
          <RelativeTime value={session.signedInAt} /> · last active{' '}
          {session.current ? 'now' : <RelativeTime value={session.lastActiveAt} />}
        </p>
      </div>
      {session.current ? null : confirming ? (
        <Confirm
          question="Sign it out?"
          action="Sign out"
          pending={revoke.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => revoke.mutate(session.id, { onError: () => setConfirming(false) })}
        />
      ) : (
        <Button
          variant="outline"
          size="sm"
          aria-label={`Sign out ${label}`}
          onClick={() => setConfirming(true)}
        >
          <LogOut aria-hidden />
          Sign out
        </Button>
      )}
    </li>
  );
}

/**
 * "Where you're signed in" on the own profile (issue 27, decision 0410): each session with its
 * browser, system, network and times; any other can be signed out, or all of them at once.
 */
export function SessionsSection() {
  const sessions = useSessions();
  const others = useSignOutOthers();
  const [confirming, setConfirming] = useState(false);
  const hasOthers = (sessions.data ?? []).some((s) => !s.current);

  const action = !hasOthers ? null : confirming ? (
    <Confirm
      question="Sign out all other sessions?"
      action="Sign out everywhere else"
      pending={others.isPending}
      onCancel={() => setConfirming(false)}
      onConfirm={() => others.mutate(undefined, { onSettled: () => setConfirming(false) })}
    />
  ) : (
    <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
      <LogOut aria-hidden />
      Sign out everywhere else
    </Button>
  );

  return (
    <AccountCard
      icon={MonitorSmartphone}
      title="Where you're signed in"
      description="Browsers and devices with a session of yours. The place is the network, not an address."
      action={action}
    >
      {sessions.isError ? (
        <p className="text-sm text-destructive">Could not load your sessions.</p>
      ) : sessions.data ? (
        <ul aria-label="Your sessions" className="divide-y divide-border">
          {sessions.data.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
      ) : (
        <Loader2 className="size-4 animate-spin text-muted-foreground" aria-label="Loading" />
      )}
    </AccountCard>
  );
}
