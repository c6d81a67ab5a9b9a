import { ArrowRight, Disc3, ListMusic, Play, User, Users, Wrench } from 'lucide-react';
import { notPlayableReason } from '../../entities/track/player-track';
import { cn, imageVariant } from '../../lib/utils';
import type { SearchGroup, SearchItem } from './search-items';

const GROUP_ICONS = {
  tracks: Play,
  playlists: ListMusic,
  collectives: Users,
  equipment: Wrench,
  people: User,
};

export const optionId = (item: SearchItem) => `search-option-${item.key}`;

export function Thumb({ group, item }: { group: SearchGroup['id']; item: SearchItem }) {
  const src = item.kind === 'page' ? imageVariant(item.imageUrl, 128) : undefined;
  if (src) return <img src={src} alt="" className="size-8 shrink-0 rounded object-cover" />;
  const Icon = item.kind === 'page' && item.more ? ArrowRight : (GROUP_ICONS[group] ?? Disc3);
  return (
    <span className="flex size-8 shrink-0 items-center justify-center rounded bg-muted text-muted-foreground">
      <Icon className="size-4" aria-hidden />
    </span>
  );
}

/**
 * The grouped results as one ARIA listbox (decision 0135): focus stays in the search field, which
 * points at the active option with aria-activedescendant; each group is named by its heading.
 */
export function SearchResultsList({
  id,
  groups,
  activeKey,
  onHover,
  onChoose,
}: {
  id: string;
  groups: SearchGroup[];
  activeKey: string | null;
  onHover: (item: SearchItem) => void;
  onChoose: (item: SearchItem) => void;
}) {
  return (
    <div id={id} role="listbox" aria-label="Search results" className="flex flex-col gap-3">
      {groups.map((group) => (
        // A listbox owns options and groups of options; a fieldset is a form control group.
        // biome-ignore lint/a11y/useSemanticElements: ARIA group inside a listbox, as the pattern has it
        <div key={group.id} role="group" aria-labelledby={`search-group-${group.id}`}>
          <div
            id={`search-group-${group.id}`}
            aria-hidden
            className="px-2 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
          >
            {group.heading}
          </div>
          {group.items.map((item) => {
            const active = item.key === activeKey;
            const unplayable = item.kind === 'track' ? notPlayableReason(item.track) : null;
            return (
              // Options are chosen with the keyboard from the search field (aria-activedescendant),
              // so they take no focus of their own; the mouse clicks them directly.
              // biome-ignore lint/a11y/useKeyWithClickEvents: the field's key handler chooses options
              <div
                key={item.key}
                id={optionId(item)}
                role="option"
                tabIndex={-1}
                aria-selected={active}
                aria-disabled={unplayable ? true : undefined}
                onMouseMove={() => onHover(item)}
                onClick={() => onChoose(item)}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 text-sm',
                  active && 'bg-accent text-accent-foreground',
                  item.kind === 'page' && item.more && 'text-primary',
                  unplayable && 'cursor-not-allowed opacity-70',
                )}
              >
                <Thumb group={group.id} item={item} />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate font-medium">{item.label}</span>
                  {(unplayable ?? item.detail) && (
                    <span className="truncate text-xs text-muted-foreground">
                      {unplayable ?? item.detail}
                    </span>
                  )}
                </span>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
