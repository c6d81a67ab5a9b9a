import { z } from 'zod';
import {
  LEAK_LISTENERS,
  LEAK_WINDOW_HOURS,
  LISTEN_BUCKETS,
  LISTEN_HEARTBEAT_MS,
  LISTENER_ID_MESSAGE,
  LISTENER_ID_PATTERN,
} from '../share-listens';
import { id } from './primitives';

export { LEAK_LISTENERS, LEAK_WINDOW_HOURS, LISTEN_BUCKETS, LISTEN_HEARTBEAT_MS, LISTENER_ID_PATTERN };

/**
 * Listening insight through share links (issue 45, decisions 0720-0729): the link's player reports
 * the spans it played; the owner reads who heard how far.
 */

export const listenerIdSchema = z.string().regex(LISTENER_ID_PATTERN, LISTENER_ID_MESSAGE);

/** No track is this long: a bound so a span is always a sane number before the track is looked at. */
const MAX_SECONDS = 24 * 60 * 60;
const seconds = (label: string) =>
  z
    .number(`${label} must be a number of seconds`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_SECONDS, `${label} is past any track's end`);

/** POST /api/shares/by-token/{token}/listens: one span the player played, in the track's seconds. */
export const listenReportSchema = z
  .object({
    listenerId: listenerIdSchema,
    fromSeconds: seconds('fromSeconds'),
    toSeconds: seconds('toSeconds'),
    /** The track of a playlist's link; a track's link defaults to its track. */
    trackId: id().optional(),
  })
  .refine((b) => b.fromSeconds < b.toSeconds, {
    message: 'fromSeconds must be before toSeconds',
    path: ['toSeconds'],
  });
export type ListenReport = z.infer<typeof listenReportSchema>;

/** ?listener= on a shared track's download: whose download it is (decision 0724). */
export const downloadQuerySchema = z.object({ listener: z.string().max(100).optional() });

const histogramSchema = z
  .array(z.number().int().min(0))
  .length(LISTEN_BUCKETS)
  .describe(
    `${LISTEN_BUCKETS} buckets of the track (or the playlist end to end): how many listeners heard each`,
  );

export const shareListenerSchema = z.object({
  listenerId: z.string(),
  /** The link's recipient label ("mastering engineer"), or null for a link made for nobody named. */
  recipient: z.string().nullable(),
  plays: z.number().int().min(0),
  furthestSeconds: z.number().min(0),
  /** 0 to 1: how much of the track (a playlist's: of all its tracks) this listener heard. */
  heardFraction: z.number().min(0).max(1),
  downloads: z.number().int().min(0),
  firstAt: z.string(),
  lastAt: z.string(),
});
export type ShareListener = z.infer<typeof shareListenerSchema>;

export const shareTrackListensSchema = z.object({
  trackId: z.number(),
  name: z.string(),
  duration: z.number().nullable(),
  listeners: z.array(shareListenerSchema),
  histogram: histogramSchema,
});

/** GET /api/shares/{id}/listens. */
export const shareListensSchema = z.object({
  listeners: z.array(shareListenerSchema),
  histogram: histogramSchema,
  /** Per track of what the link opens: one for a track's link, each of a playlist's. */
  tracks: z.array(shareTrackListensSchema),
});
export type ShareListens = z.infer<typeof shareListensSchema>;

/** GET /api/tracks/{id}/listen-heat: the track heard through all its owner's links. */
export const listenHeatSchema = z.object({
  /** Distinct listeners (per browser) through any link. */
  listeners: z.number().int().min(0),
  histogram: histogramSchema,
});
export type ListenHeat = z.infer<typeof listenHeatSchema>;
