import { BookOpen, User } from 'lucide-react';
import { useLocation } from 'wouter';
import type { AuthUser } from '../../../shared/schemas/auth';
import { Button } from '../../components/ui/button';
import { Separator } from '../../components/ui/separator';
import { useCollectives } from '../../entities/collective/use-collectives';
import { NotificationsBell } from '../../features/notifications/notifications-bell';
import { SearchIconButton } from '../../features/search/shell-search';
import { cn } from '../../lib/utils';
import { AvatarStack } from './avatar-stack';
import { MobileNavDrawer } from './mobile-nav-drawer';

/**
 * Small screens hide the rail and the playlists sidebar; this bar keeps the way home, to the
 * collectives (as an avatar stack) and to the profile, and its menu button opens the sidebar of the
 * current context as a drawer.
 */
export function MobileTopBar({
  user,
  collectiveId,
  onSearch,
  className,
}: {
  user: AuthUser;
  collectiveId: number | null;
  /** Opens the shell's search dialog. */
  onSearch: () => void;
  className?: string;
}) {
  const [, navigate] = useLocation();
  const { data: collectives } = useCollectives();

  return (
    <header
      className={cn('flex h-14 shrink-0 items-center gap-2 border-b border-border bg-rail px-2', className)}
    >
      <MobileNavDrawer user={user} collectiveId={collectiveId} />
      <Separator orientation="vertical" className="h-6" />
      <Button variant="ghost" size="icon" aria-label="Your Journal" onClick={() => navigate('/')}>
        <BookOpen className="text-primary" />
      </Button>
      <AvatarStack
        className="min-w-0 flex-1"
        items={collectives ?? []}
        onSelect={(item) => navigate(`/collective/${item.id}`)}
      />
      <SearchIconButton onOpen={onSearch} />
      <NotificationsBell side="bottom" />
      <Button variant="ghost" size="icon" aria-label="Profile" onClick={() => navigate('/profile')}>
        <User />
      </Button>
    </header>
  );
}
