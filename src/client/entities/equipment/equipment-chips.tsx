import type { ReactNode } from 'react';
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
        'inline-flex max-w-48 items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium text-slate-900',
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
 * table, playlist rows and the equipment page's track list.
 */
export function EquipmentChips({ equipment, className }: { equipment: EquipmentTag[]; className?: string }) {
  if (equipment.length === 0) return null;
  return (
    <ul className={cn('flex flex-wrap gap-1', className)} aria-label="Equipment">
      {equipment.map((tag) => (
        <li key={tag.id} className="flex">
          <EquipmentHoverCard equipment={tag}>
            <Link
              href={`/equipment/${tag.id}`}
              className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <EquipmentChip equipment={tag} />
            </Link>
          </EquipmentHoverCard>
        </li>
      ))}
    </ul>
  );
}
