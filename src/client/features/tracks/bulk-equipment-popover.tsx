import { Plus, Tag, X } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import type { EquipmentTag, Track } from '../../../shared/schemas/tracks';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '../../components/ui/popover';
import { EquipmentChip } from '../../entities/equipment/equipment-chips';
import { useEquipmentSearch } from '../../entities/equipment/use-equipment';

/** Case and accents aside, as the server's search compares. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Each piece of equipment once, with how many of `tracks` carry it, by name. */
function gearOf(tracks: Track[]): { tag: EquipmentTag; count: number }[] {
  const byId = new Map<number, { tag: EquipmentTag; count: number }>();
  for (const track of tracks) {
    for (const tag of track.equipment) {
      const seen = byId.get(tag.id);
      if (seen) seen.count += 1;
      else byId.set(tag.id, { tag, count: 1 });
    }
  }
  return [...byId.values()].sort((a, b) => a.tag.name.localeCompare(b.tag.name));
}

/**
 * Tagging many tracks at once (issue 23): the kit already used in the journal is offered first
 * and any other is found by name (the equipment search, spec section 5); the kit the ticked tracks
 * carry can be taken off all of them. New equipment is created where one track is edited.
 */
export function BulkEquipmentPopover({
  tracks,
  journal,
  disabled,
  triggerClassName,
  onAdd,
  onRemove,
}: {
  tracks: Track[];
  journal: Track[];
  disabled: boolean;
  triggerClassName?: string;
  onAdd: (equipmentIds: number[]) => void;
  onRemove: (equipmentIds: number[]) => void;
}) {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const onSelected = useMemo(() => gearOf(tracks), [tracks]);
  const inJournal = useMemo(() => gearOf(journal).map((g) => g.tag), [journal]);
  const { results } = useEquipmentSearch(text);
  const offered = useMemo(() => {
    const wanted = fold(text.trim());
    const local = inJournal.filter((tag) => fold(tag.name).includes(wanted));
    const more = results.filter((tag) => !local.some((l) => l.id === tag.id));
    return [...local, ...more].slice(0, 30);
  }, [text, inJournal, results]);
  const done = (run: () => void) => {
    run();
    setOpen(false);
    setText('');
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm" className={triggerClassName} disabled={disabled}>
          <Tag aria-hidden />
          <span className="max-md:sr-only">Equipment</span>
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-72 space-y-3">
        <div className="space-y-1.5">
          <label htmlFor={`${ids}-find`} className="text-xs font-medium text-muted-foreground">
            Add to {tracks.length > 1 ? `all ${tracks.length}` : 'the track'}
          </label>
          <Input
            id={`${ids}-find`}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Find equipment"
            autoComplete="off"
          />
          <ul className="max-h-48 overflow-y-auto" aria-label="Equipment to add">
            {offered.map((tag) => (
              <li key={tag.id}>
                <button
                  type="button"
                  className="flex w-full items-center gap-2 rounded-md px-1.5 py-1 text-left hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
                  onClick={() => done(() => onAdd([tag.id]))}
                >
                  <Plus className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
                  <span className="sr-only">Add </span>
                  <EquipmentChip equipment={tag} />
                </button>
              </li>
            ))}
            {offered.length === 0 && (
              <li className="px-1.5 py-1 text-sm text-muted-foreground">
                {text.trim() ? 'No equipment found' : 'No equipment in your journal yet'}
              </li>
            )}
          </ul>
        </div>
        {onSelected.length > 0 && (
          <div className="space-y-1.5 border-t border-border pt-2">
            <p className="text-xs font-medium text-muted-foreground">On the selected tracks</p>
            <ul className="max-h-40 overflow-y-auto" aria-label="Equipment to remove">
              {onSelected.map(({ tag, count }) => (
                <li key={tag.id}>
                  <button
                    type="button"
                    className="flex w-full items-center gap-2 rounded-md px-1.5 py-1 text-left hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
                    onClick={() => done(() => onRemove([tag.id]))}
                  >
                    <X className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
                    <span className="sr-only">Remove </span>
                    <EquipmentChip equipment={tag} />{' '}
                    <span className="ml-auto text-xs text-muted-foreground tabular-nums">
                      {count} of {tracks.length}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </PopoverContent>
    </Popover>
  );
}
