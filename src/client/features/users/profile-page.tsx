import { LogOut } from 'lucide-react';
import type { AuthUser } from '../../../shared/schemas/auth';
import { Button } from '../../components/ui/button';
import { useSignOut } from '../auth/use-sign-out';
import { UserAvatar } from '../shell/collective-avatar';
import { Page } from '../shell/page-layout';
import { userDisplayName } from './user-name';

/** '/profile': own profile. For now identity and Sign Out; the editor comes in its own issue. */
export function ProfilePage({ user }: { user: AuthUser }) {
  const signOut = useSignOut();
  const name = userDisplayName(user);

  return (
    <Page>
      <section className="flex flex-wrap items-center gap-6 rounded-2xl border border-border bg-card p-6">
        <UserAvatar
          name={name}
          avatarUrl={user.avatarUrl}
          version={user.updatedAt}
          className="size-20 text-2xl"
        />
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-2xl font-bold">{name}</h1>
          {user.email && <p className="truncate text-sm text-muted-foreground">{user.email}</p>}
          {user.claims.isDemo && (
            <span className="mt-2 inline-block rounded-full bg-primary/15 px-2 py-0.5 text-xs font-medium text-primary">
              Demo user
            </span>
          )}
        </div>
        <Button variant="outline" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          <LogOut aria-hidden />
          Sign Out
        </Button>
      </section>
    </Page>
  );
}
