import { Loader2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { profileFormSchema, USERNAME_MAX } from '../../../shared/schemas/users';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { useUpdateProfile } from './use-profile';

/**
 * The server and login a Subsonic app asks for (issue 46, decision 0803). The login is the username;
 * a person without one is asked to choose it here, with the profile's rules and through the
 * profile's own save, since the user id the server would also take is nothing anyone could type.
 */
export function MusicAppsLogin({
  username,
  onChosen,
}: {
  username: string | null;
  onChosen: (username: string) => void;
}) {
  const server = <span className="font-mono text-foreground">{window.location.origin}</span>;
  if (username) {
    return (
      <p className="text-sm text-muted-foreground">
        Apps that speak Subsonic (Symfonium, DSub, Feishin…) sign in with these. Server: {server}, username:{' '}
        <span className="font-mono text-foreground">{username}</span>. Use an API key where the app offers
        one, otherwise an app password.
      </p>
    );
  }
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        Apps that speak Subsonic (Symfonium, DSub, Feishin…) sign in with these. Server: {server}. Use an API
        key where the app offers one, otherwise an app password, which goes with your username.
      </p>
      <ChooseUsername onChosen={onChosen} />
    </div>
  );
}

function ChooseUsername({ onChosen }: { onChosen: (username: string) => void }) {
  const save = useUpdateProfile();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = profileFormSchema.shape.username.safeParse(value.trim());
    if (!checked.success || !checked.data) {
      setError(checked.success ? 'Choose a username' : checked.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    save.mutate(
      { username: checked.data },
      {
        onSuccess: ({ user, fieldErrors }) => {
          if (fieldErrors.username) setError(fieldErrors.username);
          else if (user.username) onChosen(user.username);
        },
      },
    );
  };

  return (
    <form
      className="grid gap-1.5 rounded-lg border border-border p-4"
      onSubmit={submit}
      aria-label="Choose a username"
    >
      <Label htmlFor={id}>Choose a username to sign in to music apps</Label>
      <div className="flex flex-wrap items-center gap-3">
        <Input
          id={id}
          className="min-w-48 flex-1"
          autoComplete="username"
          maxLength={USERNAME_MAX}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint ${id}-error`}
          onChange={(event) => setValue(event.target.value)}
        />
        <Button type="submit" disabled={save.isPending || !value.trim()}>
          {save.isPending && <Loader2 className="animate-spin" aria-hidden />}
          Save username
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        It is also your name on the site. An app password can be made once you have one.
      </p>
      <p id={`${id}-error`} role={error ? 'alert' : undefined} className="text-xs text-destructive">
        {error}
      </p>
    </form>
  );
}
