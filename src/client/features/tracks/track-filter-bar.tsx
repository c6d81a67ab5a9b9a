import { ChevronDown, SlidersHorizontal, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { formatMimeSubtype } from '../../../shared/format';
import type { Track } from '../../../shared/schemas/tracks';
import type { TrackFilter } from '../../../shared/track-filter';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { SELECT_TRIGGER_CLASS } from '../../components/ui/select-trigger-class';
import { cn } from '../../lib/utils';
import { TempoKeyFilter } from './tempo-key-filter';

/** How long typing rests before the text filter is applied (one request, not one per key). */
const TYPING_MS = 300;

const STATE_LABELS = { ready: 'Ready', pending: 'Processing', failed: 'Failed' } as const;

const selectClass = cn(SELECT_TRIGGER_CLASS, 'w-auto');

/**
 * The equipment (by name) and formats the journal's own tracks have, in one pass: the bar renders
 * as the journal's pages arrive, a thousand tracks and more (issue 25: it showed in the first
 * screen's profile when it mapped every track twice).
 */
function offeredChoices(tracks: readonly Track[]) {
  const names = new Map<number, string>();
  const mimeTypes = new Set<string>();
  for (const track of tracks) {
    mimeTypes.add(track.mimeType);
    for (const tag of track.equipment) names.set(tag.id, tag.name);
  }
  const formats = new Set<string>();
  for (const mimeType of mimeTypes) {
    const format = mimeType.split('/')[1]?.split(';')[0]?.trim().toLowerCase();
    if (format) formats.add(format);
  }
  return {
    equipment: [...names].sort((a, b) => a[1].localeCompare(b[1])),
    formats: [...formats].sort(),
  };
}

/**
 * The journal's filter bar (issue 23): text, equipment (any of several), visibility, processing
 * state, format and a date range on the upload or the file's date. The equipment and formats offered
 * are those of the journal's own tracks. Every control is labelled for assistive technology.
 */
export function TrackFilterBar({
  filter,
  onChange,
  tracks,
}: {
  filter: TrackFilter;
  onChange: (next: TrackFilter, options?: { replace?: boolean }) => void;
  tracks: readonly Track[];
}) {
  const id = useId();
  const { equipment, formats } = useMemo(() => offeredChoices(tracks), [tracks]);
  const set = (change: Partial<TrackFilter>) => onChange({ ...filter, ...change });
  const chosen = new Set(filter.equipment ?? []);
  const toggle = (tagId: number) => {
    const next = new Set(chosen);
    if (!next.delete(tagId)) next.add(tagId);
    set({ equipment: next.size ? [...next].sort((a, b) => a - b) : undefined });
  };
  const filtered = Object.keys(filter).some((k) => k !== 'dateField');
  // The controls beyond the text and the equipment fold under "Filters" (on a phone the equipment
  // too): unfolded they took two rows at 1280 px and four on a phone, above the music (decision 0555).
  const [unfolded, setUnfolded] = useState(false);
  const refinements = [
    filter.equipment?.length,
    filter.visibility,
    filter.state,
    filter.format,
    filter.from,
    filter.to,
    filter.bpmFrom !== undefined || filter.bpmTo !== undefined,
    filter.key,
  ].filter(Boolean).length;

  return (
    <search className="flex min-w-0 flex-1 flex-wrap items-center gap-2" aria-label="Filter your journal">
      <FilterText
        value={filter.q ?? ''}
        onChange={(q) => onChange({ ...filter, q: q || undefined }, { replace: true })}
      />
      <EquipmentPicker
        equipment={equipment}
        chosen={chosen}
        onToggle={toggle}
        className={cn(!unfolded && 'max-sm:hidden')}
      />
      <Button
        type="button"
        variant="outline"
        className="max-sm:size-11 max-sm:px-0"
        aria-expanded={unfolded}
        aria-controls={`${id}-more`}
        onClick={() => setUnfolded(!unfolded)}
      >
        <SlidersHorizontal aria-hidden />
        {/* An icon on a phone, so the search, the filters and the sort share one row. */}
        <span className="max-sm:sr-only">Filters{refinements ? ` (${refinements})` : ''}</span>
      </Button>
      {filtered && (
        <Button variant="ghost" onClick={() => onChange({})}>
          <X className="size-4" aria-hidden />
          Clear filters
        </Button>
      )}
      <div
        id={`${id}-more`}
        className={cn('flex w-full flex-wrap items-center gap-2', !unfolded && 'hidden')}
      >
        <select
          aria-label="Visibility"
          className={selectClass}
          value={filter.visibility ?? ''}
          onChange={(e) => set({ visibility: (e.target.value || undefined) as TrackFilter['visibility'] })}
        >
          <option value="">Any visibility</option>
          <option value="private">Private</option>
          <option value="public">Public</option>
        </select>
        <select
          aria-label="Processing state"
          className={selectClass}
          value={filter.state ?? ''}
          onChange={(e) => set({ state: (e.target.value || undefined) as TrackFilter['state'] })}
        >
          <option value="">Any state</option>
          {Object.entries(STATE_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <select
          aria-label="Format"
          className={selectClass}
          value={filter.format ?? ''}
          onChange={(e) => set({ format: e.target.value || undefined })}
        >
          <option value="">Any format</option>
          {[...new Set([...formats, ...(filter.format ? [filter.format] : [])])].map((f) => (
            <option key={f} value={f}>
              {formatMimeSubtype(`audio/${f}`)}
            </option>
          ))}
        </select>
        {/* On a phone the two dates share a row under their select, never wider than the screen. */}
        <div className="flex flex-wrap items-center gap-2 max-sm:w-full">
          <select
            aria-label="Dates of"
            className={cn(selectClass, 'max-sm:w-full')}
            value={filter.dateField ?? 'uploaded'}
            onChange={(e) => set({ dateField: e.target.value === 'created' ? 'created' : undefined })}
          >
            <option value="uploaded">Date Added</option>
            <option value="created">Date Created</option>
          </select>
          <label htmlFor={`${id}-from`} className="sr-only">
            From
          </label>
          <Input
            id={`${id}-from`}
            type="date"
            className="w-40 max-sm:w-auto max-sm:min-w-0 max-sm:flex-1"
            value={filter.from ?? ''}
            max={filter.to}
            onChange={(e) => set({ from: e.target.value || undefined })}
          />
          <label htmlFor={`${id}-to`} className="sr-only">
            To
          </label>
          <Input
            id={`${id}-to`}
            type="date"
            className="w-40 max-sm:w-auto max-sm:min-w-0 max-sm:flex-1"
            value={filter.to ?? ''}
            min={filter.from}
            onChange={(e) => set({ to: e.target.value || undefined })}
          />
        </div>
        <TempoKeyFilter filter={filter} set={set} />
      </div>
    </search>
  );
}

/** The text filter: applied once typing rests; follows the URL when Back changes it. */
function FilterText({ value, onChange }: { value: string; onChange: (q: string) => void }) {
  const [text, setText] = useState(value);
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => latest.current(text.trim()), TYPING_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <Input
      type="search"
      aria-label="Search name, notes and equipment"
      placeholder="Search name, notes, equipment"
      className="w-56 max-sm:w-auto max-sm:min-w-0 max-sm:flex-1"
      value={text}
      maxLength={100}
      onChange={(e) => setText(e.target.value)}
    />
  );
}

/**
 * "Equipment (n)": a button opening the list of the journal's equipment as checkboxes, any of which
 * a track may carry. The list is rendered only while open (a journal may hold many pieces).
 */
function EquipmentPicker({
  equipment,
  chosen,
  onToggle,
  className,
}: {
  equipment: (readonly [number, string])[];
  chosen: ReadonlySet<number>;
  onToggle: (tagId: number) => void;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  // Like any pop-up list: a click elsewhere closes it.
  useEffect(() => {
    if (!open) return;
    const away = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);
  return (
    <div ref={root} className={cn('relative', className)}>
      <button
        type="button"
        className={selectClass}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        Equipment{chosen.size ? ` (${chosen.size})` : ''}
        <ChevronDown className="size-4 opacity-60" aria-hidden />
      </button>
      {open && (
        <fieldset
          id={panelId}
          className="absolute z-20 mt-1 max-h-64 min-w-48 overflow-auto rounded-md border bg-popover p-2 shadow-md"
          onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
        >
          <legend className="sr-only">Equipment</legend>
          {equipment.length === 0 && (
            <p className="p-1 text-sm text-muted-foreground">No equipment tagged yet</p>
          )}
          {equipment.map(([tagId, name]) => (
            <label key={tagId} className="flex items-center gap-2 p-1 text-sm pointer-coarse:min-h-11">
              <input type="checkbox" checked={chosen.has(tagId)} onChange={() => onToggle(tagId)} />
              {name}
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
