import { MoreHorizontal } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { lazyPopup } from '../../lib/lazy-popup';
import type { MemberActionsProps } from './member-actions-menu';

/**
 * The members panel is on the first route of a collective: its menus (Radix dropdown and alert
 * dialog, the mutations) load with the first use of any row's menu (decision 0076's pattern).
 */
const LazyMenu = lazyPopup(() => import('./member-actions-menu').then((m) => m.RadixMemberActionsMenu), {
  pointerDown: true,
  click: true,
  keys: ['Enter', ' ', 'ArrowDown'],
  plainProps: { 'aria-haspopup': 'menu', 'aria-expanded': false },
});

/** A row's "Actions for {name}" menu, or nothing when the caller may do nothing to this member. */
export function MemberActionsMenu(props: MemberActionsProps) {
  const a = props.member.abilities;
  if (!a.makeAdmin && !a.makeMember && !a.remove && !a.makeOwner && !a.leave) return null;
  return (
    <LazyMenu {...props}>
      <Button variant="ghost" size="icon" className="size-7" aria-label={`Actions for ${props.name}`}>
        <MoreHorizontal />
      </Button>
    </LazyMenu>
  );
}
