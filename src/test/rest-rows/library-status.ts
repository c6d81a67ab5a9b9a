import { SIGNED_IN } from '../rest-roles';
import { all, byId, type MethodRow } from './build';

/** Scan status, tokenInfo and lyrics (decision 0806). */
export const LIBRARY_STATUS_ROWS: Record<string, MethodRow> = {
  getScanStatus: { writes: false, calls: [all('no parameters')] },
  startScan: { writes: false, calls: [all('no parameters')] },
  tokenInfo: {
    writes: false,
    calls: [
      {
        ...all('its own key'),
        shows: (w) => Object.fromEntries(SIGNED_IN.map((role) => [role, [w.login[role]]])),
      },
    ],
  },
  getLyrics: { writes: false, calls: [all('by title', () => ({ artist: 'Someone', title: 'Anything' }))] },
  getLyricsBySongId: {
    writes: false,
    calls: [
      byId((w) => w.tracks.private, ['ok', 70, 70, 70], 'private'),
      byId((w) => w.tracks.band, ['ok', 'ok', 'ok', 70], 'shared'),
      byId((w) => w.tracks.open, 'ok', 'public'),
    ],
  },
};
