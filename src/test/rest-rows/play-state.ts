import { all, byId, type Call, type MethodRow, type Params } from './build';

/**
 * The rows of the caller's play state over Subsonic (issue 46, decisions 0780-0789): play queue,
 * bookmarks and ratings are the caller's own, like plays and likes (core.ts): they change what no
 * cached access answer holds, so none of these methods is a write in method-writes.ts's sense.
 * Saving a song the caller may not hear is 70, as starring it is.
 */
const songs = (): MethodRow['calls'] => [
  byId((w) => w.tracks.private, ['ok', 70, 70, 70], 'private'),
  byId((w) => w.tracks.band, ['ok', 'ok', 'ok', 70], 'shared'),
  byId((w) => w.tracks.open, 'ok', 'public'),
];

/** The same call with more parameters. */
const plus = (call: Call, extra: Params): Call => ({
  ...call,
  params: async (w, who) => ({ ...(await call.params(w, who)), ...extra }),
});

export const PLAY_STATE_ROWS: Record<string, MethodRow> = {
  savePlayQueue: {
    writes: false,
    calls: [
      ...songs(),
      {
        label: 'shared and public, the public current',
        params: (w) => ({ id: [w.tracks.band, w.tracks.open], current: w.tracks.open, position: 1500 }),
        expect: ['ok', 'ok', 'ok', 70],
      },
      all('cleared'),
    ],
  },
  savePlayQueueByIndex: {
    writes: false,
    calls: [
      ...songs(),
      {
        label: 'public twice, the second current',
        params: (w) => ({ id: [w.tracks.open, w.tracks.open], currentIndex: 1, position: 10 }),
        expect: 'ok',
      },
    ],
  },
  getPlayQueue: { writes: false, calls: [all('all')] },
  getPlayQueueByIndex: { writes: false, calls: [all('all')] },
  createBookmark: {
    writes: false,
    calls: songs().map((call) => plus(call, { position: 42_000, comment: 'bridge' })),
  },
  getBookmarks: { writes: false, calls: [all('all')] },
  // Deleting one's own bookmark tells nothing of the song, so it answers alike for everything.
  deleteBookmark: {
    writes: false,
    calls: [byId((w) => w.tracks.private, 'ok', 'private'), byId((w) => w.tracks.band, 'ok', 'shared')],
  },
  setRating: {
    writes: false,
    calls: [
      ...songs().map((call) => plus(call, { rating: 4 })),
      {
        label: "the owner's journal",
        params: (w) => ({ id: `al-${w.ownerId}-${w.year}`, rating: 5 }),
        expect: ['ok', 'ok', 'ok', 70],
      },
      {
        label: 'the owner',
        params: (w) => ({ id: `ar-${w.ownerId}`, rating: 3 }),
        expect: ['ok', 'ok', 'ok', 70],
      },
      { label: 'a bad rating', params: (w) => ({ id: w.tracks.open, rating: 6 }), expect: 0 },
    ],
  },
};
