import { Globe, Lock } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import { profilePath } from '../../../shared/profile-path';
import type { AuthUser } from '../../../shared/schemas/auth';
import { Label } from '../../components/ui/label';
import { Switch } from '../../components/ui/switch';
import { cn } from '../../lib/utils';
import { usePrivacyToggle } from './use-privacy';

/**
 * The 'Public Profile' switch (spec section 2): at the foot of the journal sidebar and on the own
 * profile page. Both may be on screen at once, hence the generated id.
 */
export function PublicProfileToggle({ user, className }: { user: AuthUser; className?: string }) {
  const privacy = usePrivacyToggle();
  const switchId = useId();
  const isPublic = user.isPublic;
  // The username form when there is one (decision 0203): the link people will see and share.
  const sharePath = profilePath(user);

  return (
    <div className={cn('rounded-lg border border-border bg-background/40 p-3', className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={switchId} className="flex items-center gap-2">
          {isPublic ? (
            <Globe className="size-4 text-primary" aria-hidden />
          ) : (
            <Lock className="size-4 text-muted-foreground" aria-hidden />
          )}
          Public Profile
        </Label>
        <Switch
          id={switchId}
          checked={isPublic}
          disabled={privacy.isPending}
          onCheckedChange={(checked) => privacy.mutate(checked)}
        />
      </div>
      <p className="mt-2 text-xs text-muted-foreground">
        {isPublic ? 'Your profile can be shared publicly' : 'Keep your profile private'}
      </p>
      {isPublic && (
        <Link href={sharePath} className="mt-1 block truncate text-xs text-primary hover:underline">
          {window.location.origin}
          {sharePath}
        </Link>
      )}
    </div>
  );
}
