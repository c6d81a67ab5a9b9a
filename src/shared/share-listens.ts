/**
 * Listening insight's numbers (issue 45, decisions 0720-0729), apart from the zod shapes
 * (schemas/share-listens.ts) so the embed's small bundle can read them without zod.
 */

/** The anonymous id a browser keeps for itself (localStorage): nothing else about the listener is sent. */
export const LISTENER_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
export const LISTENER_ID_MESSAGE = 'listenerId must be 8 to 64 letters, digits, "_" or "-"';

/** How many parts of a track the histograms cut it into. */
export const LISTEN_BUCKETS = 100;
/** The player's heartbeat while it plays (decision 0721). */
export const LISTEN_HEARTBEAT_MS = 5_000;
/** A link reaching this many listeners within LEAK_WINDOW_HOURS may have leaked (decision 0725). */
export const LEAK_LISTENERS = 100;
export const LEAK_WINDOW_HOURS = 48;

/** The link's own listens address (under its by-token path, where its unlock cookie goes). */
export const shareListensPath = (token: string) =>
  `/api/shares/by-token/${encodeURIComponent(token)}/listens`;
