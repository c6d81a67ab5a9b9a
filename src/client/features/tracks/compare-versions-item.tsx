import { GitCompareArrows } from 'lucide-react';
import { DropdownMenuItem } from '../../components/ui/dropdown-menu';
import type { PlayerTrack } from '../../player/player-context';
import { useCompare } from '../compare';

/**
 * "Compare versions" in a track's menu (issue 43): only for a track with more than one version. It
 * lives with the menus, which load on first use, so the menu widgets stay out of the first route.
 */
export function CompareVersionsItem({
  track,
  collectiveId,
}: {
  track: Pick<PlayerTrack, 'id' | 'name' | 'version'>;
  /** The collective whose timed comments the comparison shows. */
  collectiveId?: number;
}) {
  const compare = useCompare();
  if (!compare.available || (track.version ?? 1) < 2) return null;
  return (
    <DropdownMenuItem
      onSelect={() => compare.open({ takes: [{ trackId: track.id, name: track.name }], collectiveId })}
    >
      <GitCompareArrows aria-hidden />
      Compare versions
    </DropdownMenuItem>
  );
}
