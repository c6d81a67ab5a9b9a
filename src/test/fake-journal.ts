import type { TrackListSource } from '../server/features/tracks/track-list.cache';
import type { ListedTrack } from '../server/features/tracks/track-list.changes';
import type { FirstPageSource } from '../server/features/tracks/track-list.first-page';
import type { TrackSort } from '../shared/schemas/tracks';

/** A journal as the database holds it: tracks with revisions, JSON and sort keys, and removals. */
export class FakeJournal implements TrackListSource {
  tracks: ListedTrack[] = [];
  calls: string[] = [];
  removal = 0;
  #next = 100;

  /**
   * Inserts (newest upload) or changes a track; `fileCreated` moves it in the dateCreated order,
   * `values` in the tempo and key orders.
   */
  put(
    id: number,
    json: string,
    fileCreated?: string | null,
    values: Partial<Pick<ListedTrack, 'bpmTenths' | 'keyIndex'>> = {},
  ): number {
    const revision = this.#next++;
    const old = this.tracks.find((t) => t.id === id);
    const created = old?.created ?? `2026-01-01T00:00:${String(revision).padStart(6, '0')}Z`;
    const track = {
      id,
      revision,
      json,
      created,
      fileCreated: fileCreated === undefined ? (old?.fileCreated ?? null) : fileCreated,
      bpmTenths: values.bpmTenths === undefined ? (old?.bpmTenths ?? null) : values.bpmTenths,
      keyIndex: values.keyIndex === undefined ? (old?.keyIndex ?? null) : values.keyIndex,
    };
    this.tracks = [...this.tracks.filter((t) => t.id !== id), track];
    return revision;
  }

  remove(id: number, at = this.#next++) {
    this.tracks = this.tracks.filter((t) => t.id !== id);
    this.removal = at;
  }

  /** The latest revision given (a put's or a removal's). */
  get revision(): number {
    return this.#next - 1;
  }

  /** The list as the database orders it. */
  ordered(sort: TrackSort) {
    // Descending by this text: the tempo and key values inverted (smallest first), none last.
    const value = (v: number | null) => (v === null ? '0000' : String(9999 - v).padStart(4, '0'));
    const first = (t: ListedTrack) =>
      sort === 'dateCreated'
        ? (t.fileCreated ?? '0000')
        : sort === 'tempo'
          ? value(t.bpmTenths)
          : sort === 'key'
            ? value(t.keyIndex)
            : '';
    const key = (t: ListedTrack) => `${first(t)}|${t.created}|${String(t.id).padStart(6, '0')}`;
    return [...this.tracks].sort((a, b) => (key(a) < key(b) ? 1 : -1));
  }

  source(sort: TrackSort): TrackListSource {
    return {
      all: async () => {
        this.calls.push('all');
        return this.ordered(sort).map((t) => ({ ...t }));
      },
      changedSince: async (since) => {
        this.calls.push(`changedSince ${since}`);
        return { removal: this.removal, changed: this.tracks.filter((t) => t.revision > since) };
      },
      versions: async (since) => {
        this.calls.push(`versions ${since}`);
        return this.ordered(sort).map((t) => ({
          id: t.id,
          revision: t.revision,
          track: t.revision > since ? t : null,
        }));
      },
      byId: async (ids) => {
        this.calls.push(`byId ${ids.join(',')}`);
        return this.tracks.filter((t) => ids.includes(t.id)).map((t) => ({ ...t }));
      },
    };
  }

  /** What a first page is read from (decision 0909): the first rows, and the count with the changes. */
  firstPageSource(sort: TrackSort): FirstPageSource {
    const source = this.source(sort);
    return {
      first: async (size) => {
        this.calls.push(`first ${size}`);
        return {
          rows: this.ordered(sort)
            .slice(0, size)
            .map((t) => ({ ...t })),
          all: this.tracks.length,
        };
      },
      changedSince: async (since) => {
        const changes = await source.changedSince(since);
        return changes && { ...changes, all: this.tracks.length };
      },
    };
  }

  all() {
    return this.source('dateUploaded').all();
  }
  changedSince(since: number) {
    return this.source('dateUploaded').changedSince(since);
  }
  versions(since: number) {
    return this.source('dateUploaded').versions(since);
  }
  byId(ids: number[]) {
    return this.source('dateUploaded').byId(ids);
  }
}
