import { Crown, Shield } from 'lucide-react';
import { displayName } from '../../../shared/format';
import type { CollectiveMember } from '../../../shared/schemas/collectives';
import { UserAvatar } from '../../components/collective-avatar';
import { useCollective, useCollectiveMembers } from '../../entities/collective/use-collectives';
import { useAuth } from '../../entities/user/use-auth';
import { MemberActionsMenu } from '../../features/collectives/member-actions-trigger';
import { cn } from '../../lib/utils';

function RoleIcon({ role }: { role: string }) {
  if (role === 'owner')
    return (
      <span role="img" aria-label="Owner" title="Owner" className="text-amber-400">
        <Crown className="size-3.5" aria-hidden />
      </span>
    );
  if (role === 'admin')
    return (
      <span role="img" aria-label="Admin" title="Admin" className="text-sky-400">
        <Shield className="size-3.5" aria-hidden />
      </span>
    );
  return null;
}

type RowContext = { collectiveId: number; collectiveName: string; myUserId: string };

function MemberRow({
  member,
  online,
  context,
}: {
  member: CollectiveMember;
  online: boolean;
  context: RowContext | null;
}) {
  // Spec section 2: username, else first and last name, else first name, else 'Unknown User'.
  const name = displayName(member.user, 'Unknown User');
  return (
    <li
      className={cn(
        'flex items-center gap-2.5 rounded-md px-2 py-1.5 hover:bg-accent/50',
        !online && 'opacity-60',
      )}
    >
      <span className="relative">
        <UserAvatar name={name} avatarUrl={member.user?.avatarUrl} version={member.user?.updatedAt} />
        <span
          aria-hidden
          className={cn(
            'absolute -right-0.5 -bottom-0.5 size-3 rounded-full border-2 border-sidebar',
            online ? 'bg-online' : 'bg-muted-foreground',
          )}
        />
      </span>
      <span className="min-w-0 flex-1 truncate text-sm">{name}</span>
      <RoleIcon role={member.role} />
      {context && <MemberActionsMenu {...context} member={member} name={name} />}
    </li>
  );
}

/** The right-hand column in collective context (spec section 2, members panel). */
export function MembersPanel({ collectiveId, className }: { collectiveId: number; className?: string }) {
  const { data: members, isLoading } = useCollectiveMembers(collectiveId);
  const { data: collective } = useCollective(collectiveId);
  const { user } = useAuth();
  // Each row's menu offers what the server's policy allows (the member's `abilities`).
  const context =
    collective && user ? { collectiveId, collectiveName: collective.name, myUserId: user.id } : null;
  const list = members ?? [];
  // Real presence (decision 0101, a step beyond the spec's ~70% random): online while the member
  // has the app open somewhere; live events keep `online` current in the query cache.
  const online = list.filter((m) => m.online);
  const offline = list.filter((m) => !m.online);

  return (
    <aside
      aria-label="Members"
      className={cn('flex w-60 shrink-0 flex-col border-l border-border bg-sidebar', className)}
    >
      <div className="flex h-14 shrink-0 items-center border-b border-border px-4">
        <h2 className="text-base font-semibold">Members</h2>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-2">
        {isLoading ? (
          <p className="px-2 py-2 text-sm text-muted-foreground">Loading members...</p>
        ) : list.length === 0 ? (
          // Also the answer when the read fails: the panel is secondary and must not break the page.
          <p className="px-2 py-2 text-sm text-muted-foreground">No members found</p>
        ) : (
          <>
            <h3 className="flex items-center gap-2 px-2 pt-1 pb-1 text-xs font-semibold tracking-wider text-muted-foreground uppercase">
              <span>Online</span>
              <span>{online.length}</span>
            </h3>
            <ul aria-label="Online members" className="mb-3">
              {online.map((m) => (
                <MemberRow key={m.userId} member={m} online context={context} />
              ))}
            </ul>
            {offline.length > 0 && (
              <>
                <h3 className="flex items-center gap-2 px-2 pb-1 text-xs font-semibold tracking-wider text-muted-foreground uppercase">
                  <span>Offline</span>
                  <span>{offline.length}</span>
                </h3>
                <ul aria-label="Offline members">
                  {offline.map((m) => (
                    <MemberRow key={m.userId} member={m} online={false} context={context} />
                  ))}
                </ul>
              </>
            )}
          </>
        )}
      </div>
    </aside>
  );
}
