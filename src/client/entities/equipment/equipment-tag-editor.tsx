import { Loader2, Plus, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { equipmentCategoryColor, LIMITS, TIMINGS } from '../../../shared/constants';
import type { EquipmentTag } from '../../../shared/schemas/tracks';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { cn } from '../../lib/utils';
import { EquipmentChip } from './equipment-chips';
import { useEquipmentSearch, useTrackEquipment } from './use-equipment';

type Option = { kind: 'tag'; tag: EquipmentTag } | { kind: 'create'; name: string };

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * 'Tag the kit you used' (spec sections 2, 4, 5): the track's equipment as removable chips and a
 * search box whose suggestions hide what is already tagged and offer to create the typed name.
 * Changes are saved at once, not with the dialog's Save button, and the editor says so where it is
 * read, so that the dialog's Cancel is not taken to undo them (decision 0113).
 */
export function EquipmentTagEditor({ trackId, equipment }: { trackId: number; equipment: EquipmentTag[] }) {
  const inputId = useId();
  const listId = useId();
  const hintId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { results, searching } = useEquipmentSearch(text);
  const { addTag, createAndAddTag, removeTag } = useTrackEquipment(trackId);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const typed = text.trim();
  const longEnough = typed.length >= LIMITS.equipmentSearchMinChars;
  const suggestions = results.filter((tag) => !equipment.some((e) => e.id === tag.id));
  const exists = [...results, ...equipment].some((tag) => sameName(tag.name, typed));
  const options: Option[] = [
    ...suggestions.map((tag): Option => ({ kind: 'tag', tag })),
    ...(longEnough && !exists ? [{ kind: 'create', name: typed } as Option] : []),
  ];
  const showList = open && longEnough;

  const choose = async (option: Option) => {
    const restore = text;
    setText('');
    setActive(0);
    const ok = option.kind === 'tag' ? await addTag(option.tag) : await createAndAddTag(option.name);
    // Spec section 8: a failed add gives the typed text back.
    if (!ok) setText((current) => current || restore);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      if (options.length > 0) setActive((i) => (i + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      // Never submit the surrounding Edit Track form from here.
      event.preventDefault();
      const option = options[Math.min(active, options.length - 1)];
      if (showList && option && !searching) void choose(option);
    }
  };

  return (
    <div className="space-y-2">
      <Label htmlFor={inputId}>Tag the kit you used</Label>
      <p id={hintId} className="text-xs text-muted-foreground">
        Tags are saved as soon as you add or remove them; Cancel does not undo them.
      </p>
      {equipment.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Tagged equipment">
          {equipment.map((tag) => (
            <li key={tag.id}>
              <EquipmentChip equipment={tag} className="py-1 pr-1">
                <button
                  type="button"
                  aria-label={`Remove ${tag.name}`}
                  onClick={() => removeTag(tag)}
                  className="rounded-full p-0.5 hover:bg-black/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <X className="size-3" aria-hidden />
                </button>
              </EquipmentChip>
            </li>
          ))}
        </ul>
      )}
      <div className="relative">
        <Input
          id={inputId}
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-describedby={hintId}
          autoComplete="off"
          placeholder="Tag the kit you used"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => {
            clearTimeout(closeTimer.current);
            setOpen(true);
          }}
          // Closing later lets a click on a suggestion land first (spec section 9: 200 ms).
          onBlur={() => {
            closeTimer.current = setTimeout(() => setOpen(false), TIMINGS.suggestionBlurCloseMs);
          }}
          onKeyDown={onKeyDown}
        />
        {showList && (
          <div
            id={listId}
            role="listbox"
            aria-label="Equipment suggestions"
            className="absolute inset-x-0 top-full z-50 mt-1 max-h-48 overflow-y-auto rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-xl"
          >
            {options.map((option, index) => (
              <div
                key={option.kind === 'tag' ? option.tag.id : 'create'}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(index)}
                onClick={() => void choose(option)}
                onKeyDown={() => {}}
                className={cn(
                  'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm',
                  index === active && 'bg-accent text-accent-foreground',
                )}
              >
                {option.kind === 'tag' ? (
                  <>
                    <span
                      className="size-2.5 shrink-0 rounded-full"
                      style={{ backgroundColor: equipmentCategoryColor(option.tag.category) }}
                      aria-hidden
                    />
                    <span className="truncate">{option.tag.name}</span>
                    <span className="ml-auto shrink-0 text-xs text-muted-foreground">
                      {option.tag.category}
                    </span>
                  </>
                ) : (
                  <>
                    <Plus className="size-4 shrink-0 text-primary" aria-hidden />
                    <span className="truncate">Create "{option.name}"</span>
                  </>
                )}
              </div>
            ))}
            {options.length === 0 && (
              <p className="flex items-center gap-2 px-2 py-1.5 text-sm text-muted-foreground">
                {searching ? (
                  <>
                    <Loader2 className="size-4 animate-spin" aria-hidden /> Searching...
                  </>
                ) : (
                  'Already tagged'
                )}
              </p>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
