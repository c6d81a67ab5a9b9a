import { LISTEN_HEARTBEAT_MS, LISTENER_ID_PATTERN } from '../../shared/share-listens';

/**
 * What a share link's player tells the link's owner (issue 45, decision 0721): the spans of the
 * track it played, sent to `POST /api/shares/by-token/{token}/listens` every 5 s while playing and
 * on pause, seek (the span up to where the seek left), end, track change and page hide. Only an
 * anonymous per-browser id goes with them. Works on any media element: the app's player on
 * `/s/{token}` and the embed's own.
 */

export interface ListenTarget {
  /** The link's listens address. */
  url: string;
  trackId: number;
}

export interface ListenSpan {
  listenerId: string;
  fromSeconds: number;
  toSeconds: number;
  trackId: number;
}

export type SendListen = (url: string, span: ListenSpan, keepalive: boolean) => void;

export interface ListenReporterOptions {
  audio: HTMLMediaElement;
  /** The link and track the element plays now, or null when it plays nothing of a link's. */
  target: () => ListenTarget | null;
  listenerId: string;
  send?: SendListen;
  heartbeatMs?: number;
}

/** Shorter spans are noise (a seek bar dragged while playing); they are not sent. */
const MIN_SPAN_SECONDS = 0.25;

const postListen: SendListen = (url, span, keepalive) => {
  // keepalive lets a report made as the page goes away still leave (sendBeacon's job, with JSON).
  void fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(span),
    credentials: 'same-origin',
    keepalive,
  }).catch(() => {});
};

const round = (s: number) => Math.round(s * 100) / 100;

/** Starts reporting what `audio` plays; returns the function that stops (sending what is pending). */
export function attachListenReporter({
  audio,
  target,
  listenerId,
  send = postListen,
  heartbeatMs = LISTEN_HEARTBEAT_MS,
}: ListenReporterOptions): () => void {
  /** Where the span being heard began, and for which link and track; null while nothing plays. */
  let span: { from: number; target: ListenTarget } | null = null;
  /** The last position seen while playing: where a seek left from (currentTime is already the new one). */
  let lastSeen = 0;
  let timer: ReturnType<typeof setInterval> | undefined;

  const position = () => (Number.isFinite(audio.currentTime) ? audio.currentTime : 0);

  function flush(to: number, keepalive = false) {
    if (!span) return;
    const { from, target: where } = span;
    if (to - from >= MIN_SPAN_SECONDS) {
      send(
        where.url,
        { listenerId, fromSeconds: round(from), toSeconds: round(to), trackId: where.trackId },
        keepalive,
      );
    }
    span = null;
  }

  function begin() {
    const where = target();
    lastSeen = position();
    span = where ? { from: lastSeen, target: where } : null;
    clearInterval(timer);
    timer = where ? setInterval(heartbeat, heartbeatMs) : undefined;
  }

  function heartbeat() {
    if (!span || audio.paused) return;
    const now = position();
    const where = span.target;
    flush(now);
    span = { from: now, target: where };
    lastSeen = now;
  }

  function stop(to: number, keepalive = false) {
    flush(to, keepalive);
    clearInterval(timer);
    timer = undefined;
  }

  const onPlaying = () => {
    if (!span) begin();
  };
  const onTimeUpdate = () => {
    if (span && !audio.seeking) lastSeen = position();
  };
  const onSeeking = () => stop(lastSeen);
  const onSeeked = () => {
    if (!audio.paused) begin();
  };
  const onPause = () => stop(audio.seeking ? lastSeen : position());
  const onEnded = () => stop(Number.isFinite(audio.duration) ? audio.duration : position());
  // A new source (the next track): what was heard of the last one is sent before anything else.
  const onEmptied = () => stop(lastSeen);
  const onHide = () => {
    if (!span) return;
    const where = span.target;
    const now = audio.seeking ? lastSeen : position();
    stop(now, true);
    // Still playing behind a hidden tab: carry on from here.
    if (!audio.paused) {
      span = { from: now, target: where };
      timer = setInterval(heartbeat, heartbeatMs);
    }
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') onHide();
  };

  const events: [string, () => void][] = [
    ['playing', onPlaying],
    ['timeupdate', onTimeUpdate],
    ['seeking', onSeeking],
    ['seeked', onSeeked],
    ['pause', onPause],
    ['ended', onEnded],
    ['emptied', onEmptied],
  ];
  for (const [type, handler] of events) audio.addEventListener(type, handler);
  window.addEventListener('pagehide', onHide);
  document.addEventListener('visibilitychange', onVisibility);
  if (!audio.paused && audio.readyState > 2) begin();

  return () => {
    stop(position(), true);
    for (const [type, handler] of events) audio.removeEventListener(type, handler);
    window.removeEventListener('pagehide', onHide);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

const LISTENER_KEY = 'journal-listener-id';

/**
 * This browser's anonymous listener id (decision 0720): random, kept in localStorage so a second
 * visit is the same listener. Where storage is refused (a third-party frame may be), one per page.
 */
export function listenerId(
  storage: Pick<Storage, 'getItem' | 'setItem'> | null = safeLocalStorage(),
): string {
  try {
    const kept = storage?.getItem(LISTENER_KEY);
    if (kept && LISTENER_ID_PATTERN.test(kept)) return kept;
    const made = crypto.randomUUID();
    storage?.setItem(LISTENER_KEY, made);
    return made;
  } catch {
    return crypto.randomUUID();
  }
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
