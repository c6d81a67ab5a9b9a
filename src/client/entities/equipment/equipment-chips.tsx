import { type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import { equipmentCategoryColor } from '../../../shared/constants';
import type { EquipmentTag } from '../../../shared/schemas/tracks';
import { lazyPopup } from '../../lib/lazy-popup';
import { cn } from '../../lib/utils';

/** Radix's hover card and the preview load when a chip is first hovered or focused (decision 0076). */
const EquipmentHoverCard = lazyPopup(
  () => import('./equipment-hover-card').then((m) => m.RadixEquipmentHoverCard),
  {},
);

/** The pill of one piece of kit, on its category's pastel colour (dark text keeps it readable). */
export function EquipmentChip({
  equipment,
  className,
  children,
}: {
  equipment: EquipmentTag;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <span
      className={cn(
        'inline-flex min-w-0 max-w-48 items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium text-slate-900',
        className,
      )}
      style={{ backgroundColor: equipmentCategoryColor(equipment.category) }}
      data-category={equipment.category}
    >
      <span className="truncate">{equipment.name}</span>
      {children}
    </span>
  );
}

/**
 * A track's equipment as chips, each with its hover card (spec section 2). Used by the journal
 * table, playlist rows and the equipment page's track list. With `max`, only the first `max` chips
 * show and a "+N" button stands for the rest: it names them, and shows them all when pressed, so a
 * row's kit never takes the width its track name needs (issue 42, decision 0550).
 */
export function EquipmentChips({
  equipment,
  className,
  max,
}: {
  equipment: EquipmentTag[];
  className?: string;
  max?: number;
}) {
  const [expanded, setExpanded] = useState(false);
  if (equipment.length === 0) return null;
  const folded = max !== undefined && !expanded && equipment.length > max;
  const shown = folded ? equipment.slice(0, max) : equipment;
  const rest = equipment.slice(shown.length);
  return (
    <ul className={cn('flex min-w-0 max-w-full flex-wrap gap-1', className)} aria-label="Equipment">
      {shown.map((tag) => (
        <li key={tag.id} className="flex min-w-0">
          <EquipmentHoverCard equipment={tag}>
            <Link
              href={`/equipment/${tag.id}`}
              className="flex min-w-0 items-center rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <EquipmentChip equipment={tag} />
            </Link>
          </EquipmentHoverCard>
        </li>
      ))}
      {folded && (
        <li className="flex shrink-0">
          <button
            type="button"
            title={rest.map((tag) => tag.name).join(', ')}
            aria-label={`${rest.length} more: ${rest.map((tag) => tag.name).join(', ')}`}
            onClick={() => setExpanded(true)}
            // The pill is the inner span: on touch screens the button grows to the 44 px floor
            // (index.css), which on the pill itself made a big grey disc.
            className="group/more inline-flex cursor-pointer items-center justify-center rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground group-hover/more:bg-accent group-hover/more:text-foreground">
              +{rest.length}
            </span>
          </button>
        </li>
      )}
    </ul>
  );
}
