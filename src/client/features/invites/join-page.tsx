import { Users } from 'lucide-react';
import { useEffect } from 'react';
import { SignInControls } from '../auth/sign-in-controls';
import { EmptyState, Page, PageHeader } from '../shell/page-layout';
import { clearPendingInvite, rememberPendingInvite } from './pending-invite';

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

/** '/join/{code}' signed in. Placeholder until accepting invites is built in its own issue. */
export function JoinPage({ code }: { code: string }) {
  // Arrived here: nothing is pending any more.
  useEffect(() => clearPendingInvite(), []);

  return (
    <Page>
      <PageHeader icon={Users} title="Join Collective" description={`Invite code ${code}`} />
      <EmptyState icon={Users} title="Accepting invites arrives soon" />
    </Page>
  );
}
