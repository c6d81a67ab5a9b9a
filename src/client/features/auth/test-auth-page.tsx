import { FlaskConical } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { TIMINGS } from '../../../shared/constants';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api-client';
import { navigateTo } from '../../lib/navigation';
import { AUTH_SUCCESS_URL, createDemoSession, signInWithGoogle } from './auth-flows';
import { useAuthConfig } from './use-auth-config';

/**
 * /test-auth: a bare page for poking at the sign-in flows by hand (spec section 2). Create Demo
 * Session shows only where the server offers the demo user (DEMO_ENABLED).
 */
export function TestAuthPage() {
  const config = useAuthConfig();
  const [status, setStatus] = useState('No action yet');
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const onCreateDemo = async () => {
    setStatus('Creating demo session...');
    try {
      const result = await createDemoSession();
      setStatus(`Demo session created: ${JSON.stringify(result)}\nRedirecting...`);
      // The pause lets the tester read the reply before the app restarts signed in (spec section 9).
      redirectTimer.current = setTimeout(() => navigateTo(AUTH_SUCCESS_URL), TIMINGS.demoRedirectMs);
    } catch (err) {
      setStatus(
        `Demo session error: ${errorMessage(err, err instanceof Error ? err.message : 'unknown error')}`,
      );
    }
  };

  const onCheckAuth = async () => {
    try {
      const res = await fetch('/api/auth/user', { credentials: 'include' });
      if (!res.ok) {
        setStatus(`Not authenticated: ${res.status}`);
        return;
      }
      setStatus(JSON.stringify(await res.json(), null, 2));
    } catch {
      setStatus('Auth check error');
    }
  };

  return (
    <div className="flex min-h-dvh items-center justify-center bg-background p-4">
      <main className="w-full max-w-xl rounded-2xl border border-border bg-card p-8 shadow-2xl">
        <h1 className="flex items-center gap-2 text-2xl font-bold">
          <FlaskConical className="size-6 text-primary" aria-hidden />
          Test Authentication
        </h1>
        <p className="mt-1 text-sm text-muted-foreground">Try the sign-in flows of this server.</p>
        <div className="mt-6 flex flex-wrap gap-3">
          {config.demoEnabled && <Button onClick={onCreateDemo}>Create Demo Session</Button>}
          <Button variant="secondary" onClick={onCheckAuth}>
            Check Auth Status
          </Button>
          <Button variant="outline" onClick={() => signInWithGoogle()}>
            Try Google OAuth
          </Button>
        </div>
        <section aria-label="Status" className="mt-6">
          <h2 className="mb-2 text-sm font-medium text-muted-foreground">Status</h2>
          <pre
            role="status"
            className="max-h-80 overflow-auto rounded-lg border border-border bg-background p-4 text-xs whitespace-pre-wrap"
          >
            {status}
          </pre>
        </section>
      </main>
    </div>
  );
}
