import type { MethodRow } from './build';

/**
 * The rows of issue 46's cover-art methods (decision 0792). Nobody of the world has an avatar, so
 * every getAvatar is 70; what the row proves is that it says nothing more to anyone (the secrets
 * checks), and that it writes nothing. cover-art.test.ts serves the avatars themselves.
 */
export const COVER_ROWS: Record<string, MethodRow> = {
  getAvatar: {
    writes: false,
    calls: [
      { label: 'oneself', params: (w, who) => ({ username: w.login[who] }), expect: 70 },
      { label: "the owner's", params: (w) => ({ username: w.login.owner }), expect: 70 },
    ],
  },
};
