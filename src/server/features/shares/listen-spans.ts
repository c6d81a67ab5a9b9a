import { LISTEN_BUCKETS } from '../../../shared/schemas/share-listens';

/**
 * The arithmetic of what a listener heard (issue 45, decisions 0720-0723): spans of seconds, merged,
 * and folded into figures. Pure, so the rules are tested without a database.
 */

export type Span = [number, number];

/** Spans this close are one: a player's time moves in steps of about a quarter second. */
export const MERGE_GAP_SECONDS = 0.5;
/** A listener's heard list never grows past this many separate spans (decision 0722). */
export const MAX_SPANS = 500;
/** A report may end this far past the track's known duration (players round differently). */
export const END_SLACK_SECONDS = 1;
/** The fastest a player plays (its playback rate), and what a report's span may exceed that by. */
const MAX_RATE = 2;
const SPAN_SLACK_SECONDS = 5;
/** What a listener's very first report may cover: the player splits at the 5 s heartbeat. */
const FIRST_REPORT_WALL_SECONDS = 10;
/** A report after this much quiet is a new play (decision 0721). */
export const NEW_PLAY_AFTER_MS = 30 * 60 * 1000;

const round = (s: number) => Math.round(s * 100) / 100;

/** `heard` with `span` added: sorted, overlapping or nearly touching spans joined. */
export function mergeSpan(heard: readonly Span[], span: Span): Span[] {
  const all = [...heard, span].sort((a, b) => a[0] - b[0]);
  const merged: Span[] = [];
  for (const [from, to] of all) {
    const last = merged.at(-1);
    if (last && from <= last[1] + MERGE_GAP_SECONDS) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}

/** Seconds of [0, duration] the spans cover. */
export function heardSeconds(heard: readonly Span[], duration: number): number {
  let total = 0;
  for (const [from, to] of heard) total += Math.max(0, Math.min(to, duration) - Math.max(from, 0));
  return total;
}

/**
 * Adds one listener to `histogram` (LISTEN_BUCKETS counts over `total` seconds): +1 in each bucket
 * they heard at least half of (decision 0723). `offset` places a playlist's track on its timeline.
 */
export function addToHistogram(histogram: number[], heard: readonly Span[], total: number, offset = 0): void {
  if (total <= 0) return;
  const width = total / LISTEN_BUCKETS;
  const covered = new Array<number>(LISTEN_BUCKETS).fill(0);
  for (const [from, to] of heard) {
    const start = Math.max(0, offset + from);
    const end = Math.min(total, offset + to);
    for (let i = Math.floor(start / width); i < LISTEN_BUCKETS && i * width < end; i += 1) {
      covered[i]! += Math.max(0, Math.min(end, (i + 1) * width) - Math.max(start, i * width));
    }
  }
  covered.forEach((seconds, i) => {
    if (seconds >= width / 2 - 1e-9) histogram[i]! += 1;
  });
}

export const emptyHistogram = () => new Array<number>(LISTEN_BUCKETS).fill(0);

export interface ListenState {
  heard: Span[];
  furthestSeconds: number;
  plays: number;
  lastAt: Date;
}

export type FoldResult =
  | { ok: true; heard: Span[]; furthestSeconds: number; plays: number }
  | { ok: false; why: 'out-of-range' | 'implausible' | 'too-many-spans' };

/**
 * One report folded into a listener's state (decisions 0721, 0722). Ignored: a span ending past the
 * track's end (+1 s), one longer than the time since the listener's previous report allows at
 * double speed (+5 s), one that would split `heard` past MAX_SPANS. A play is counted by the
 * listener's first report and by the first one after 30 minutes of quiet: a replayed or repeated
 * report in the same sitting adds nothing.
 */
export function foldListen(
  prev: ListenState | null,
  span: Span,
  duration: number | null,
  now: Date,
): FoldResult {
  let [from, to] = span;
  if (duration !== null && to > duration + END_SLACK_SECONDS) return { ok: false, why: 'out-of-range' };
  if (duration !== null) to = Math.min(to, duration);
  if (from >= to) return { ok: false, why: 'out-of-range' };
  // A row made by a download alone has heard nothing yet: its first span is a first report.
  const fresh = !prev || prev.heard.length === 0;
  const sincePrev = prev ? Math.max(0, (now.getTime() - prev.lastAt.getTime()) / 1000) : 0;
  const wall = fresh ? Math.max(sincePrev, FIRST_REPORT_WALL_SECONDS) : sincePrev;
  if (to - from > wall * MAX_RATE + SPAN_SLACK_SECONDS) return { ok: false, why: 'implausible' };
  from = round(from);
  to = round(to);
  const heard = mergeSpan(prev?.heard ?? [], [from, to]);
  if (heard.length > MAX_SPANS) return { ok: false, why: 'too-many-spans' };
  const newPlay = fresh || sincePrev * 1000 > NEW_PLAY_AFTER_MS;
  return {
    ok: true,
    heard,
    furthestSeconds: Math.max(prev?.furthestSeconds ?? 0, to),
    plays: (prev?.plays ?? 0) + (newPlay ? 1 : 0),
  };
}
