import { DEFAULT_EQUIPMENT_CATEGORY } from '../../../shared/constants';
import { profilePath } from '../../../shared/profile-path';
import type { SearchResults } from '../../../shared/schemas/search';
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
    };

export interface SearchGroup {
  id: keyof SearchResults;
  heading: string;
  items: SearchItem[];
}

const page = (
  key: string,
  label: string,
  href: string,
  imageUrl: string | null,
  detail: string | null = null,
) => ({ key, kind: 'page', label, href, imageUrl, detail }) as const;

/** The reply's groups in the order they are shown (decision 0135), empty ones left out. */
export function searchGroups(results: SearchResults | undefined): SearchGroup[] {
  if (!results) return [];
  const groups: SearchGroup[] = [
    {
      id: 'tracks',
      heading: 'Tracks',
      items: results.tracks.map((track) => ({
        key: `track-${track.id}`,
        kind: 'track',
        label: track.name,
        detail: track.equipment.map((e) => e.name).join(', ') || null,
        track,
      })),
    },
    {
      id: 'playlists',
      heading: 'Playlists',
      items: results.playlists.map((p) =>
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
    },
    {
      id: 'collectives',
      heading: 'Collectives',
      items: results.collectives.map((c) =>
        page(`collective-${c.id}`, c.name, `/collective/${c.id}`, c.imageUrl),
      ),
    },
    {
      id: 'equipment',
      heading: 'Equipment',
      items: results.equipment.map((e) =>
        page(
          `equipment-${e.id}`,
          e.name,
          `/equipment/${e.id}`,
          e.imageUrl,
          e.category === DEFAULT_EQUIPMENT_CATEGORY ? null : e.category,
        ),
      ),
    },
    {
      id: 'people',
      heading: 'People',
      items: results.people.map((p) =>
        page(`person-${p.id}`, p.name, profilePath(p), p.avatarUrl, p.username ? `@${p.username}` : null),
      ),
    },
  ];
  return groups.filter((g) => g.items.length > 0);
}
