import { BookOpen, User } from 'lucide-react';
import { useLocation } from 'wouter';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/utils';
import { useCollectives } from '../collectives/use-collectives';
import { AvatarStack } from './avatar-stack';

/**
 * Small screens hide the rail and the playlists sidebar; this bar keeps the way home, to the
 * collectives (as an avatar stack) and to the profile.
 */
export function MobileTopBar({ className }: { className?: string }) {
  const [, navigate] = useLocation();
  const { data: collectives } = useCollectives();

  return (
    <header
      className={cn('flex h-14 shrink-0 items-center gap-3 border-b border-border bg-rail px-3', className)}
    >
      <Button variant="ghost" size="icon" aria-label="Your Journal" onClick={() => navigate('/')}>
        <BookOpen className="text-primary" />
      </Button>
      <AvatarStack
        className="min-w-0 flex-1"
        items={collectives ?? []}
        onSelect={(item) => navigate(`/collective/${item.id}`)}
      />
      <Button variant="ghost" size="icon" aria-label="Profile" onClick={() => navigate('/profile')}>
        <User />
      </Button>
    </header>
  );
}
