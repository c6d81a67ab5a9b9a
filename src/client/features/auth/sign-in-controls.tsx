import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api-client';
import { continueAsDemoUser, signInWithGoogle } from './auth-flows';
import { GoogleIcon } from './google-icon';
import { useAuthConfig } from './use-auth-config';

/**
 * The sign-in controls shared by the landing page and the signed-out join page. Google sign-in
 * only works where the server has it configured (GET /api/auth/config); elsewhere the button
 * explains that instead of sending the visitor to a dead end, and offers the demo user. The demo
 * user is offered only where the server has it switched on (DEMO_ENABLED, decision 0026).
 */
export function SignInControls({ pendingInviteCode }: { pendingInviteCode?: string }) {
  const config = useAuthConfig();
  const [showNotConfigured, setShowNotConfigured] = useState(false);
  const [demoPending, setDemoPending] = useState(false);

  const onGoogle = () => {
    if (config.googleEnabled) signInWithGoogle(pendingInviteCode);
    else setShowNotConfigured(true);
  };

  const onDemo = async () => {
    setDemoPending(true);
    try {
      await continueAsDemoUser();
    } catch (err) {
      setDemoPending(false);
      toast({
        variant: 'destructive',
        title: 'Error',
        description: errorMessage(err, 'Failed to start demo'),
      });
    }
  };

  const demoLabel = demoPending ? 'Signing in...' : 'Continue as Demo User';

  return (
    <div className="flex w-full flex-col items-center gap-3">
      <Button size="lg" className="w-full" onClick={onGoogle} disabled={config.isLoading}>
        <GoogleIcon className="size-5" />
        Sign in with Google
      </Button>
      {showNotConfigured ? (
        <div
          role="status"
          className="w-full rounded-lg border border-border bg-muted/60 p-3 text-center text-sm text-muted-foreground"
        >
          <p>
            Google sign-in is not configured on this server.
            {config.demoEnabled && ' You can still try the demo user.'}
          </p>
          {config.demoEnabled && (
            <Button variant="secondary" size="sm" className="mt-3" onClick={onDemo} disabled={demoPending}>
              {demoPending && <Loader2 className="animate-spin" aria-hidden />}
              {demoLabel}
            </Button>
          )}
        </div>
      ) : config.isLoading ? (
        // The demo entry's room, held until the server has said how one signs in: where the demo is
        // on (the default), the entry takes this place and nothing on the page moves (decision 0930).
        <div aria-hidden className="h-8 pointer-coarse:h-11" />
      ) : (
        // One demo entry at a time: two identically named buttons would confuse screen readers.
        config.demoEnabled && (
          <Button variant="link" size="sm" onClick={onDemo} disabled={demoPending}>
            {demoLabel}
          </Button>
        )
      )}
    </div>
  );
}
