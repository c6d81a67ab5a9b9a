import { Globe, Lock } from 'lucide-react';
import { Link } from 'wouter';
import type { AuthUser } from '../../../shared/schemas/auth';
import { Label } from '../../components/ui/label';
import { Switch } from '../../components/ui/switch';
import { usePrivacyToggle } from './use-privacy';

/** The 'Public Profile' switch at the foot of the journal sidebar (spec section 2). */
export function PublicProfileToggle({ user }: { user: AuthUser }) {
  const privacy = usePrivacyToggle();
  const isPublic = user.isPublic;
  const sharePath = `/profile/${user.id}`;

  return (
    <div className="rounded-lg border border-border bg-background/40 p-3">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor="public-profile" className="flex items-center gap-2">
          {isPublic ? (
            <Globe className="size-4 text-primary" aria-hidden />
          ) : (
            <Lock className="size-4 text-muted-foreground" aria-hidden />
          )}
          Public Profile
        </Label>
        <Switch
          id="public-profile"
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
