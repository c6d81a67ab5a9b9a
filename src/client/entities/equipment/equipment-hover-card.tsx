import { ArrowRight, Cable } from 'lucide-react';
import type { ReactElement } from 'react';
import { Link } from 'wouter';
import { LIMITS, TIMINGS } from '../../../shared/constants';
import { truncate } from '../../../shared/format';
import type { EquipmentTag } from '../../../shared/schemas/tracks';
import { Button } from '../../components/ui/button';
import { HoverCard, HoverCardContent, HoverCardTrigger } from '../../components/ui/hover-card';
import { imageVariant } from '../../lib/utils';

/** Image (or a placeholder), name, a 120-character description and a Go button (spec section 2). */
export function EquipmentPreview({ equipment }: { equipment: EquipmentTag }) {
  const image = imageVariant(equipment.imageUrl, 128);
  return (
    <div className="flex gap-3">
      {image ? (
        <img src={image} alt="" className="size-16 shrink-0 rounded-md object-cover" />
      ) : (
        <div
          className="flex size-16 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground"
          data-testid="equipment-image-placeholder"
        >
          <Cable className="size-7" aria-hidden />
        </div>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="truncate font-semibold">{equipment.name}</p>
        {equipment.description && (
          <p className="text-xs text-muted-foreground">
            {truncate(equipment.description, LIMITS.equipmentDescriptionPreview)}
          </p>
        )}
        <Button asChild size="sm" className="mt-1 self-start">
          <Link href={`/equipment/${equipment.id}`}>
            Go
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </div>
    </div>
  );
}

/**
 * Wraps a chip so hovering it shows the equipment preview after 200 ms, closing 100 ms after leaving.
 * Loaded when a chip is first hovered or focused (`EquipmentHoverCard`, decision 0076).
 */
export function RadixEquipmentHoverCard({
  equipment,
  children,
  defaultOpen,
}: {
  equipment: EquipmentTag;
  children: ReactElement;
  defaultOpen?: boolean;
}) {
  return (
    <HoverCard
      defaultOpen={defaultOpen}
      openDelay={TIMINGS.hoverCardOpenMs}
      closeDelay={TIMINGS.hoverCardCloseMs}
    >
      <HoverCardTrigger asChild>{children}</HoverCardTrigger>
      <HoverCardContent>
        <EquipmentPreview equipment={equipment} />
      </HoverCardContent>
    </HoverCard>
  );
}
