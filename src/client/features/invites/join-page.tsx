import { CheckCircle2, Link2Off, Loader2, Users } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { TIMINGS } from '../../../shared/constants';
import {
  EXPIRED_INVITE_MESSAGE,
  INVALID_INVITE_MESSAGE,
  type InviteDetails,
} from '../../../shared/schemas/collectives';
import { CollectiveAvatar } from '../../components/collective-avatar';
import { Page } from '../../components/page-layout';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { clearPendingInvite, rememberPendingInvite } from '../../entities/invite/pending-invite';
import { errorStatus } from '../../lib/api-client';
import { SignInControls } from '../auth';
import { type JoinResult, useInviteDetails, useJoinCollective } from './use-join';

/**
 * '/join/{code}' signed out: a sign-in prompt. The invite is remembered so the app can return
 * here after sign-in (spec section 4), and the Google flow carries it as ?pendingInvite.
 */
export function JoinSignInPrompt({ code }: { code: string }) {
  useEffect(() => rememberPendingInvite(code), [code]);

  return (
    <div className="flex min-h-dvh items-center justify-center bg-background px-4">
      <main className="w-full max-w-md rounded-2xl border border-border bg-card p-8 text-center shadow-2xl">
        <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-2xl bg-primary/15 text-primary">
          <Users className="size-7" aria-hidden />
        </div>
        <h1 className="text-2xl font-bold">You've been invited to a collective</h1>
        <p className="mt-2 mb-8 text-sm text-muted-foreground">Sign in to see the invitation and join.</p>
        <SignInControls pendingInviteCode={code} />
      </main>
    </div>
  );
}

function Card({ children }: { children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md rounded-2xl border border-border bg-card p-8 text-center shadow-xl">
      {children}
    </section>
  );
}

const invitedBy = ({ firstName, lastName }: InviteDetails['invitedBy']) =>
  [firstName, lastName].filter(Boolean).join(' ') || 'a member';

/** Unknown, used up or switched off: the spec's text; ran out of time: says so (decision 0124). */
function InvalidInvite({ expired }: { expired: boolean }) {
  return (
    <Card>
      <Link2Off className="mx-auto mb-4 size-10 text-muted-foreground" aria-hidden />
      <p className="font-medium">{expired ? EXPIRED_INVITE_MESSAGE : INVALID_INVITE_MESSAGE}</p>
      {!expired && (
        <p className="mt-2 text-sm text-muted-foreground">Ask whoever invited you for a new link.</p>
      )}
    </Card>
  );
}

function Welcome({ joined }: { joined: JoinResult }) {
  return (
    <Card>
      <CheckCircle2 className="mx-auto mb-4 size-12 text-online" aria-hidden />
      <h2 className="text-2xl font-bold">Welcome</h2>
      <p className="mt-2 text-muted-foreground">
        {joined.alreadyMember
          ? `You're already in ${joined.name}.`
          : `You're now a member of ${joined.name}.`}{' '}
        Taking you there...
      </p>
    </Card>
  );
}

function InviteCard({
  invite,
  onJoin,
  onCancel,
  joining,
}: {
  invite: InviteDetails;
  onJoin: () => void;
  onCancel: () => void;
  joining: boolean;
}) {
  const { collective } = invite;
  return (
    <Card>
      <CollectiveAvatar
        name={collective.name}
        imageUrl={collective.imageUrl}
        className="mx-auto mb-4 size-24 text-4xl shadow-lg"
      />
      <p className="text-sm text-muted-foreground">You're invited to join</p>
      <h2 className="mt-1 text-2xl font-bold break-words">{collective.name}</h2>
      {collective.description && (
        <p className="mt-3 text-sm whitespace-pre-line text-muted-foreground">{collective.description}</p>
      )}
      <p className="mt-4 text-sm">Invited by {invitedBy(invite.invitedBy)}</p>
      {invite.alreadyMember && (
        <p className="mt-2 text-sm text-muted-foreground">You're already a member of this collective.</p>
      )}
      <div className="mt-8 flex flex-col-reverse gap-2 sm:flex-row sm:justify-center">
        <Button variant="outline" onClick={onCancel} disabled={joining}>
          Cancel
        </Button>
        <Button onClick={onJoin} disabled={joining}>
          {joining && <Loader2 className="animate-spin" aria-hidden />}
          {joining ? 'Joining...' : 'Join Collective'}
        </Button>
      </div>
    </Card>
  );
}

/**
 * '/join/{code}' signed in (spec sections 2 and 4): the collective, who invited, Join Collective and
 * Cancel. Joining shows Welcome and opens the collective after 2 s; an invalid, used-up or switched
 * off link shows the spec's text.
 */
export function JoinPage({ code }: { code: string }) {
  const [, navigate] = useLocation();
  const invite = useInviteDetails(code);
  const join = useJoinCollective(code);
  const [joined, setJoined] = useState<JoinResult | null>(null);
  const [invalidAfterJoin, setInvalidAfterJoin] = useState<404 | 410 | null>(null);
  const toldInvalid = useRef(false);

  // Arrived here: nothing is pending any more.
  useEffect(() => clearPendingInvite(), []);

  const status = invalidAfterJoin ?? errorStatus(invite.error);
  const expired = status === 410;
  const invalid = status === 404 || expired;
  useEffect(() => {
    if (!invalid || toldInvalid.current) return;
    toldInvalid.current = true;
    toast({
      variant: 'destructive',
      title: 'Error',
      description: expired ? 'This invite link has expired' : 'Invalid invite link',
    });
  }, [invalid, expired]);

  useEffect(() => {
    if (!joined) return;
    const timer = setTimeout(() => navigate(`/collective/${joined.id}`), TIMINGS.joinRedirectMs);
    return () => clearTimeout(timer);
  }, [joined, navigate]);

  const onJoin = () =>
    join.mutate(undefined, {
      onSuccess: (result) => {
        setJoined(result);
        toast({ title: 'Welcome', description: `You've joined ${result.name}!` });
      },
      onError: (err) => {
        const failed = errorStatus(err);
        if (failed === 404 || failed === 410) setInvalidAfterJoin(failed);
        else toast({ variant: 'destructive', title: 'Error', description: 'Failed to join collective' });
      },
    });

  let body: ReactNode;
  if (joined) body = <Welcome joined={joined} />;
  else if (invalid) body = <InvalidInvite expired={expired} />;
  else if (invite.isLoading)
    body = (
      <p role="status" className="text-center text-muted-foreground">
        Loading invite...
      </p>
    );
  else if (!invite.data)
    body = (
      <Card>
        <p className="font-medium">This invite could not be loaded.</p>
        <Button variant="outline" className="mt-4" onClick={() => invite.refetch()}>
          Try again
        </Button>
      </Card>
    );
  else
    body = (
      <InviteCard
        invite={invite.data}
        joining={join.isPending}
        onJoin={onJoin}
        onCancel={() => navigate('/')}
      />
    );

  return (
    <Page className="max-w-2xl">
      <header className="mb-8 flex flex-col items-center gap-3 text-center">
        <div className="flex size-12 items-center justify-center rounded-xl bg-primary/15 text-primary ring-1 ring-primary/25">
          <Users className="size-6" aria-hidden />
        </div>
        <h1 className="text-2xl font-bold tracking-tight">Join Collective</h1>
      </header>
      {body}
    </Page>
  );
}
