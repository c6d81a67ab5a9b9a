import { useQueryClient } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Page } from '../../components/page-layout';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { ApiError, apiRequest, errorMessage } from '../../lib/api-client';
import { PasswordInput } from './password-input';
import { sharedItemKey } from './use-shared-item';

/** What the form says after a refused try: the server's words, or how long the lockout lasts. */
function refusal(err: unknown): string {
  if (err instanceof ApiError && err.status === 429) {
    const wait = err.retryAfterSeconds;
    return `Too many wrong tries. Wait ${wait ? `${wait} seconds` : 'a minute'} and try again.`;
  }
  return errorMessage(err, 'Could not check the password. Please try again.');
}

/**
 * A password link's page before it is unlocked (issue 45, decision 0702): the server answered
 * 401 `passwordRequired`, so nothing of the item is known here. The right password sets the link's
 * unlock cookie; the item is then read again (that read counts the visit).
 */
export function SharePasswordGate({ token }: { token: string }) {
  const ids = { field: useId(), status: useId() };
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    if (!password) {
      setProblem('Enter the password you were sent.');
      return;
    }
    setPending(true);
    setProblem(null);
    try {
      await apiRequest('POST', `/api/shares/by-token/${encodeURIComponent(token)}/unlock`, { password });
      await queryClient.invalidateQueries({ queryKey: sharedItemKey(token) });
    } catch (err) {
      setProblem(refusal(err));
      setPending(false);
    }
  };

  return (
    <Page className="flex justify-center">
      <form
        onSubmit={submit}
        noValidate
        className="mt-12 grid w-full max-w-md gap-4 rounded-2xl border border-border bg-card p-8 shadow-xl"
      >
        <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-primary/15 text-primary">
          <Lock className="size-7" aria-hidden />
        </div>
        <div className="text-center">
          <h1 className="text-2xl font-bold">This link is protected by a password</h1>
          <p className="mt-2 text-sm text-muted-foreground">Enter the password you were sent with it.</p>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.field}>Password</Label>
          <PasswordInput
            id={ids.field}
            value={password}
            autoComplete="current-password"
            // The page has one thing to do: the field takes the focus.
            autoFocus
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? ids.status : undefined}
            onChange={(e) => setPassword(e.target.value)}
          />
          <p id={ids.status} role="alert" className="min-h-5 text-sm text-destructive">
            {problem}
          </p>
        </div>
        <Button type="submit" disabled={pending}>
          {pending ? 'Opening...' : 'Open'}
        </Button>
      </form>
    </Page>
  );
}
