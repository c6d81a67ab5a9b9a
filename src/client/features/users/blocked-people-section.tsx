import { Ban, Loader2 } from 'lucide-react';
import { displayName } from '../../../shared/format';
import { Button } from '../../components/ui/button';
import { AccountCard, RelativeTime } from './account-card';
import { useBlocks, useUnblock } from './use-blocks';

/** "Blocked people" on the own profile (issue 28, decision 0450): each with Unblock. */
export function BlockedPeopleSection() {
  const blocks = useBlocks();
  const unblock = useUnblock();
  return (
    <AccountCard
      icon={Ban}
      title="Blocked people"
      description="They cannot mention you, comment on your tracks or playlists, use your invite links, or see your profile while signed in."
    >
      {blocks.isError ? (
        <p className="text-sm text-destructive">Could not load the people you blocked.</p>
      ) : !blocks.data ? (
        <Loader2 className="size-4 animate-spin text-muted-foreground" aria-label="Loading" />
      ) : blocks.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">You have not blocked anyone.</p>
      ) : (
        <ul aria-label="Blocked people" className="divide-y divide-border">
          {blocks.data.map(({ user, blockedAt }) => {
            const name = displayName(user);
            return (
              <li key={user.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{name}</p>
                  <p className="text-xs text-muted-foreground">
                    blocked <RelativeTime value={blockedAt} />
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Unblock ${name}`}
                  disabled={unblock.isPending && unblock.variables?.id === user.id}
                  onClick={() => unblock.mutate(user)}
                >
                  Unblock
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </AccountCard>
  );
}
