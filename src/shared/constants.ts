// Business constants from spec section 9 and the equipment categories of section 3.
// Written once here and imported by server and client alike.

/** The 33 equipment categories, spelled exactly as the spec (and the original source) spells them. */
export const EQUIPMENT_CATEGORIES = [
  'not defined',
  'Hardware Synth',
  'Hardware Drum Machine',
  'Hardware Sampler',
  'Hardware Sequencer',
  'Hardware FX',
  'Hardware Groovebox',
  'Modular Oscillator',
  'Modular Filter',
  'Modular Control',
  'Modular Sequencer',
  'Modular FX',
  'Modular Sampler',
  'Software Synth',
  'Software Sampler',
  'Software Drum Machine',
  'Software FX',
  'Software Sequencer',
  'Software Groovebox',
  'Software DAW',
  'Software Modular',
  'MIDI Controller',
  'Sound Card',
  'Mixing Console',
  'Microphone',
  'Speakers',
  'Tape Machine',
  'category 27',
  'category 28',
  'category 29',
  'category 30',
  'category 31',
  'category 32',
] as const;

export type EquipmentCategory = (typeof EQUIPMENT_CATEGORIES)[number];

export const DEFAULT_EQUIPMENT_CATEGORY: EquipmentCategory = 'not defined';

/** One pastel background per category; text on them stays dark for contrast. */
export const EQUIPMENT_CATEGORY_COLORS: Record<EquipmentCategory, string> = {
  'not defined': '#e5e7eb',
  'Hardware Synth': '#fecaca',
  'Hardware Drum Machine': '#fed7aa',
  'Hardware Sampler': '#fde68a',
  'Hardware Sequencer': '#fef08a',
  'Hardware FX': '#d9f99d',
  'Hardware Groovebox': '#bbf7d0',
  'Modular Oscillator': '#a7f3d0',
  'Modular Filter': '#99f6e4',
  'Modular Control': '#a5f3fc',
  'Modular Sequencer': '#bae6fd',
  'Modular FX': '#bfdbfe',
  'Modular Sampler': '#c7d2fe',
  'Software Synth': '#ddd6fe',
  'Software Sampler': '#e9d5ff',
  'Software Drum Machine': '#f5d0fe',
  'Software FX': '#fbcfe8',
  'Software Sequencer': '#fecdd3',
  'Software Groovebox': '#ffd6c9',
  'Software DAW': '#ffe4b5',
  'Software Modular': '#f0e6a8',
  'MIDI Controller': '#d4f0c0',
  'Sound Card': '#c2f0e0',
  'Mixing Console': '#c0e8f0',
  Microphone: '#c9daf8',
  Speakers: '#d9d2f5',
  'Tape Machine': '#f2d4e8',
  'category 27': '#f5e1d0',
  'category 28': '#e3f2d0',
  'category 29': '#d0f2ec',
  'category 30': '#d8e4f5',
  'category 31': '#eed8f5',
  'category 32': '#f5d8de',
};

export function isEquipmentCategory(value: string): value is EquipmentCategory {
  return (EQUIPMENT_CATEGORIES as readonly string[]).includes(value);
}

/** Unknown categories fall back to 'not defined' (spec section 3). */
export function equipmentCategoryColor(category: string | null | undefined): string {
  return EQUIPMENT_CATEGORY_COLORS[
    isEquipmentCategory(category ?? '') ? (category as EquipmentCategory) : DEFAULT_EQUIPMENT_CATEGORY
  ];
}

/** POST /api/auth/demo-session when DEMO_ENABLED is false (decision 0026). */
export const DEMO_DISABLED_MESSAGE = 'The demo user is turned off on this server';
/** POST /api/auth/demo-session while the number of live demo accounts is at its cap (decision 0029). */
export const DEMO_FULL_MESSAGE = 'Too many people are trying the demo right now. Please try again later.';
/** DELETE …/members/{own id} by the owner (decision 0121): someone must own the collective. */
export const OWNER_CANNOT_LEAVE_MESSAGE =
  'The owner cannot leave the collective. Transfer ownership to another member first, or delete the collective.';
/** The 409 of an upload whose bytes are already one of the person's tracks (decision 0144). */
export const duplicateTrackMessage = (name: string) => `You already have \u201c${name}\u201d`;
export const USERNAME_TAKEN_MESSAGE = 'That username is already taken';
/** Shown on the landing page after a request answered 401 while signed in (issue 15, decision 0196). */
export const SESSION_ENDED_MESSAGE = 'Your session ended. Sign in again.';

/**
 * Sent (value "1") by the client's first GET /api/auth/user: signed out is then 204, not 401. Every
 * 4xx reply is an error in the browser's console, and being signed out is no error on the landing
 * page (Lighthouse's best practices, issue 25, decision 0370); without it the answer stays 401.
 */
export const AUTH_PROBE_HEADER = 'x-auth-probe';

/**
 * The element in which the server writes the signed-in user (GET /api/auth/user's answer) into the
 * app's page, so the first screen need not ask before it can draw (decision 0380).
 */
export const SESSION_USER_ELEMENT_ID = 'journal-session-user';
/**
 * The built page a signed-out visitor of `/` gets (decision 0930): index.html with the landing page
 * already drawn inside #root, which carries FIRST_PAINT_ATTRIBUTE="landing". The client takes that
 * as "signed out" and draws its own landing over it in one commit, without asking the session first.
 */
export const LANDING_PAGE_FILE = 'landing.html';
export const FIRST_PAINT_ATTRIBUTE = 'data-first-paint';
/** A demo account asking for a reserved system name (decision 0028). */
export const USERNAME_RESERVED_MESSAGE = 'That username is reserved';

export const LIMITS = {
  collectiveName: 50,
  collectiveDescription: 500,
  bio: 500,
  avatarBytes: 5 * 1024 * 1024,
  avatarStack: 4,
  playlistBadges: 4,
  sharedWithAvatars: 3,
  equipmentDescriptionPreview: 120,
  equipmentSearchMinChars: 2,
  commentLength: 2000,
  /** No track is longer than a day; positions past it are refused before any lookup. */
  commentMaxSeconds: 86_400,
  notificationsPage: 50,
  activityPage: 20,
  /** "What changed" of a new version of a track (decision 0220). */
  versionNote: 500,
} as const;

/**
 * The image formats every image upload takes (avatars, covers, collective and equipment images),
 * checked on the server from the file's bytes (decision 0242), and their MIME types for the
 * browser's file picker and its early refusal.
 */
export const IMAGE_UPLOAD_FORMATS = ['jpeg', 'png', 'gif', 'webp'] as const;
export type ImageUploadFormat = (typeof IMAGE_UPLOAD_FORMATS)[number];
export const IMAGE_UPLOAD_TYPES = IMAGE_UPLOAD_FORMATS.map((format) => `image/${format}`);

/**
 * How many uploads of one person run at once (issue 22, decision 0251). The server refuses a
 * person's next upload on an instance (429 with Retry-After) while `perPerson` of theirs are being
 * received there; the browser's track queue sends at most `trackQueue` files at once, one fewer, so
 * that a cover, an avatar or a new version can still go up beside a batch.
 */
export const UPLOADS_AT_ONCE = {
  perPerson: 4,
  trackQueue: 3,
} as const;

/**
 * Bytes each person may upload in a window, tracks, new versions, images and imports together
 * (decision 0560): half the default storage quota an hour. UPLOAD_BYTES_PER_HOUR sets it.
 */
export const UPLOAD_BYTES_BUDGET = {
  maxBytes: 5 * 1024 ** 3,
  timeWindow: 60 * 60 * 1000,
} as const;

export const TIMINGS = {
  autoAdvanceMs: 100,
  demoRedirectMs: 1500,
  joinRedirectMs: 2000,
  copiedResetMs: 2000,
  suggestionBlurCloseMs: 200,
  hoverCardOpenMs: 200,
  hoverCardCloseMs: 100,
  dragMeasureTimeoutMs: 25,
  /** How long deleted journal tracks can be brought back before anything is sent (decision 0590). */
  bulkDeleteUndoMs: 10_000,
  toastDurationMs: 5000,
  toastRemoveDelayMs: 1_000_000,
  toastSwipeThresholdPx: 50,
  tooltipDelayMs: 700,
  tooltipSkipDelayMs: 300,
  queryGcTimeMs: 5 * 60 * 1000,
  /** How often a list holding a track still being processed is read again (decision 0054). */
  processingPollMs: 3000,
  /** How long a browser waits before reopening a dropped live event stream (SSE `retry:`, decision 0100). */
  liveEventsRetryMs: 3000,
} as const;

export const TOAST_LIMIT = 1;
export const DEFAULT_VOLUME = 0.7;
export const TRACK_SORT_STORAGE_KEY = 'trackSortBy';
export const PENDING_INVITE_STORAGE_KEY = 'pendingInvite';
export const INVALID_INVITE_MESSAGE = 'This invite link is invalid, expired, or has already been used.';
/** An expired link is told apart (410), so the person knows to ask for a fresh one (decision 0124). */
export const EXPIRED_INVITE_MESSAGE = 'This invite link has expired. Ask whoever invited you for a new one.';

export const SOCIAL_LINK_TYPES = [
  'bluesky',
  'instagram',
  'soundcloud',
  'bandcamp',
  'spotify',
  'youtube',
] as const;
export type SocialLinkType = (typeof SOCIAL_LINK_TYPES)[number];

/** What the player does when the queue runs out (issue 10); `all` wraps as spec section 4 says. */
export const REPEAT_MODES = ['off', 'all', 'one'] as const;
export type RepeatMode = (typeof REPEAT_MODES)[number];

/** The player (issue 10, decisions 0047–0052). */
export const PLAYER = {
  /** Volume, mute, shuffle, repeat and levelling survive reloads under this localStorage key. */
  settingsStorageKey: 'playerSettings',
  /** ← / → and the waveform's arrow keys. */
  seekStepSeconds: 5,
  /** Media Session seekbackward / seekforward when the system names no offset. */
  mediaSessionSeekSeconds: 10,
  /** How often a waveform still being made is asked for again, while its track is current. */
  waveformPollMs: 5000,
  /** Loudness levelling (decision 0050): target, true-peak ceiling and the largest boost. */
  levelTargetLufs: -14,
  levelPeakCeilingDb: -1,
  levelMaxBoostDb: 12,
} as const;

/** GET /api/search (issue 13, decisions 0130–0139). */
export const SEARCH = {
  /** Longer text is refused (400): nobody types more into a search box, and it bounds the work. */
  maxQueryLength: 100,
  /** Each group answers at most this many, best first (decision 0133). */
  groupLimit: 5,
  /** The client waits this long after the last keystroke before asking. */
  debounceMs: 200,
  /** Fewer letters and digits than this match by word prefix only, no trigrams (decision 0280). */
  fuzzyMinLength: 3,
  /** One word this long or longer is also matched by strict word similarity ≥ 0.5 (decision 0280). */
  shortWordFuzzyMinLength: 4,
  /**
   * A query of one word this long (letters and digits, one letter at least) also finds words of
   * the same length with one letter wrong or two neighbouring letters swapped (decision 0500). The
   * database's search_typo_keys() (migration 0032) holds the same two numbers: change them there
   * too, in a migration that rebuilds its indexes.
   */
  typoMinLength: 3,
  typoMaxLength: 7,
  /** The full results page (GET /api/search/{group}): this many per page, at most maxPageSize. */
  pageSize: 20,
  maxPageSize: 50,
  /** Pages start no further in than this: it bounds the work of one request (decision 0281). */
  maxOffset: 10_000,
  /**
   * Tracks ranked per search, at most: the caller's newest this many matches (issue 48). Ranking
   * costs a few microseconds a track, and `a` matches 11,000 tracks of a 100,000-track journal;
   * a query that finds more than this is asking for more words, not for the 1,001st best.
   */
  trackCandidates: 1000,
} as const;
