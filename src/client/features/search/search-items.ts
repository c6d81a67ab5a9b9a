import { DEFAULT_EQUIPMENT_CATEGORY } from '../../../shared/constants';
import { profilePath } from '../../../shared/profile-path';
import { SEARCH_GROUPS, type SearchGroupName, type SearchResults } from '../../../shared/schemas/search';
import type { Track } from '../../../shared/schemas/tracks';

/** One choosable row of the results: a track plays, anything else opens its page. */
export type SearchItem =
  | { key: string; kind: 'track'; label: string; detail: string | null; track: Track }
  | {
      key: string;
      kind: 'page';
      label: string;
      detail: string | null;
      href: string;
      imageUrl: string | null;
      /** The group's "Show all" row. */
      more?: true;
    };

export interface SearchGroup {
  id: SearchGroupName;
  heading: string;
  items: SearchItem[];
}

/** Each group's heading, in the order the groups are shown (decision 0133). */
export const SEARCH_HEADINGS: Record<SearchGroupName, string> = {
  tracks: 'Tracks',
  playlists: 'Playlists',
  collectives: 'Collectives',
  equipment: 'Equipment',
  people: 'People',
};

/** The address of one group's full results (decision 0282): `/search?q=…&type=…`. */
export const searchPagePath = (q: string, group: SearchGroupName) =>
  `/search?${new URLSearchParams({ q, type: group })}`;

const page = (
  key: string,
  label: string,
  href: string,
  imageUrl: string | null,
  detail: string | null = null,
) => ({ key, kind: 'page', label, href, imageUrl, detail }) as const;

type Items = { [G in SearchGroupName]: SearchResults[G] };

/** The rows of one group, from the dialog's reply or from a page of GET /api/search/{group}. */
export function searchItems<G extends SearchGroupName>(group: G, found: Items[G]): SearchItem[] {
  const builders: { [K in SearchGroupName]: (items: Items[K]) => SearchItem[] } = {
    tracks: (tracks) =>
      tracks.map((track) => ({
        key: `track-${track.id}`,
        kind: 'track',
        label: track.name,
        detail: track.equipment.map((e) => e.name).join(', ') || null,
        track,
      })),
    playlists: (playlists) =>
      playlists.map((p) =>
        p.collective
          ? page(
              `playlist-${p.id}`,
              p.name,
              `/collective/${p.collective.id}/playlist/${p.id}`,
              p.imageUrl,
              `Shared in ${p.collective.name}`,
            )
          : page(`playlist-${p.id}`, p.name, `/playlist/${p.id}`, p.imageUrl),
      ),
    collectives: (collectives) =>
      collectives.map((c) => page(`collective-${c.id}`, c.name, `/collective/${c.id}`, c.imageUrl)),
    equipment: (equipment) =>
      equipment.map((e) =>
        page(
          `equipment-${e.id}`,
          e.name,
          `/equipment/${e.id}`,
          e.imageUrl,
          e.category === DEFAULT_EQUIPMENT_CATEGORY ? null : e.category,
        ),
      ),
    people: (people) =>
      people.map((p) =>
        page(`person-${p.id}`, p.name, profilePath(p), p.avatarUrl, p.username ? `@${p.username}` : null),
      ),
  };
  return builders[group](found);
}

/**
 * The reply's groups in the order they are shown, empty ones left out. A group with more results
 * than it shows ends with a "Show all" row opening its full results (decision 0282): a row of the
 * listbox, so the arrows reach it and Enter follows it like any other.
 */
export function searchGroups(results: SearchResults | undefined, q: string): SearchGroup[] {
  if (!results) return [];
  return SEARCH_GROUPS.map((id) => {
    const items = searchItems(id, results[id]);
    if (results.hasMore[id]) {
      const heading = SEARCH_HEADINGS[id].toLowerCase();
      items.push({ ...page(`more-${id}`, `Show all ${heading}`, searchPagePath(q, id), null), more: true });
    }
    return { id, heading: SEARCH_HEADINGS[id], items };
  }).filter((g) => g.items.length > 0);
}
