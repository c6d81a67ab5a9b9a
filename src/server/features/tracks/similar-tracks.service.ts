import { and, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { SimilarTrack } from '../../../shared/schemas/similar-tracks';
import type { Database } from '../../db/client';
import { intArray } from '../../db/int-array';
import { fingerprintKeyTakes, tracks } from '../../db/schema';
import type { AudioFacts } from '../../media/audio-probe';
import {
  compareFingerprints,
  decodeFingerprint,
  encodeFingerprint,
  fingerprintHashes,
} from '../../media/fingerprint-match';
import { fingerprintFile, MIN_FINGERPRINT_SECONDS } from '../../media/take-fingerprint';

// "You already have this take" (issue 47, decision 0832): an upload is compared with the uploader's
// own tracks by Chromaprint fingerprint, candidates found by the GIN index on fingerprint_hashes.

/** From here up a take is reported as sounding like the upload (re-encodes score 1, strangers 0). */
export const SIMILARITY_THRESHOLD = 0.6;
/** Candidates scored per upload: those sharing the most of the lookup's keys first. */
const CANDIDATES = 20;
/**
 * The lookup asks the index for at most this many of the upload's keys, the rarest first, and for
 * no more than LOOKUP_POSTINGS takes' worth of them (decision 0898). Music shares sounds: a few
 * keys are in nine takes in ten and a typical one in one take in a hundred, so asking for all ~800
 * reads the whole journal. A re-encode or a re-take shares many keys with its original, and among
 * them the rarest: those alone find it (all of them did, on the scale seed's fingerprints).
 */
export const LOOKUP_KEYS = 64;
export const LOOKUP_POSTINGS = 1_000;
/** Takes named in the reply at most. */
const MAX_REPORTED = 5;
/** The upload's own fingerprint must not hold its reply long: past this, the media job makes it. */
export const UPLOAD_FINGERPRINT_MS = 10_000;
/** Below this share of the shortest fingerprintable length, a header's duration is trusted. */
const SHORT_MARGIN = 0.75;

/** The columns a fingerprint fills on a track row: the fingerprint and the hashes the index finds. */
export function trackFingerprintColumns(raw: Uint32Array | null) {
  return {
    fingerprint: raw ? encodeFingerprint(raw) : null,
    fingerprintHashes: raw ? fingerprintHashes(raw) : null,
  };
}

/** The hashes of a stored fingerprint (the media job's), for the track row. */
export function hashesOfFingerprint(fingerprint: string | null | undefined): number[] | null {
  return fingerprint ? fingerprintHashes(decodeFingerprint(fingerprint)) : null;
}

/**
 * The fingerprint of a just-received upload, probed as audio already (its header's `duration`),
 * bounded in time; null when there is no ffmpeg here, the file is too short, or it fails or takes
 * too long (the media job fingerprints the take anyway).
 */
export async function fingerprintUpload(
  ffmpeg: string | undefined,
  file: string,
  audio: Pick<AudioFacts, 'duration'>,
  log: { info: (details: object, message: string) => void },
): Promise<Uint32Array | null> {
  if (!ffmpeg) return null;
  // Too short to fingerprint (a one-shot sample; a folder of a thousand): no ffmpeg (decision 0892).
  // A header's estimate of the length gets a margin: too long a guess only costs the spawn.
  if (audio.duration !== null && audio.duration < MIN_FINGERPRINT_SECONDS * SHORT_MARGIN) return null;
  try {
    return await fingerprintFile(ffmpeg, file, AbortSignal.timeout(UPLOAD_FINGERPRINT_MS));
  } catch (err) {
    log.info({ err }, 'Could not fingerprint the upload; its processing will');
    return null;
  }
}

/**
 * The keys of `hashes` to look takes up by: those some other take holds, rarest first, within
 * LOOKUP_KEYS and LOOKUP_POSTINGS. `takesOf` counts the upload itself (its row is written first).
 */
export function rarestSharedKeys(hashes: readonly number[], takesOf: ReadonlyMap<number, number>): number[] {
  const shared = hashes
    .map((key) => ({ key, others: (takesOf.get(key) ?? 1) - 1 }))
    .filter(({ others }) => others > 0)
    .sort((a, b) => a.others - b.others || a.key - b.key);
  const keys: number[] = [];
  let postings = 0;
  for (const { key, others } of shared) {
    if (keys.length === LOOKUP_KEYS || postings + others > LOOKUP_POSTINGS) break;
    keys.push(key);
    postings += others;
  }
  return keys;
}

/**
 * The owner's tracks that sound like `raw`, best first, never another person's. The new track itself
 * and byte-identical files are left out: those are the duplicate question's (decision 0144). The new
 * track's row must already hold `raw`'s hashes: the key counts include it.
 */
export async function findSimilarTracks(
  db: Database,
  userId: string,
  raw: Uint32Array,
  exclude: { trackId: number; contentHash: string },
): Promise<SimilarTrack[]> {
  const hashes = fingerprintHashes(raw);
  if (hashes.length === 0) return [];
  // An array literal, one parameter: the same on PGlite and PostgreSQL.
  const counts = await db
    .select({ key: fingerprintKeyTakes.key, takes: fingerprintKeyTakes.takes })
    .from(fingerprintKeyTakes)
    .where(sql`${fingerprintKeyTakes.key} = any(${intArray(hashes)})`);
  const keys = rarestSharedKeys(hashes, new Map(counts.map((c) => [c.key, c.takes])));
  if (keys.length === 0) return [];
  const wanted = intArray(keys);
  const shared = sql`cardinality(array(select unnest(${tracks.fingerprintHashes}) intersect select unnest(${wanted})))`;
  const candidates = await db
    .select({ id: tracks.id, name: tracks.name, fingerprint: tracks.fingerprint })
    .from(tracks)
    .where(
      and(
        eq(tracks.userId, userId),
        ne(tracks.id, exclude.trackId),
        sql`${tracks.contentHash} is distinct from ${exclude.contentHash}`,
        isNotNull(tracks.fingerprint),
        sql`${tracks.fingerprintHashes} && ${wanted}`,
      ),
    )
    .orderBy(desc(shared), desc(tracks.id))
    .limit(CANDIDATES);
  const similar: SimilarTrack[] = [];
  for (const candidate of candidates) {
    const comparison = compareFingerprints(decodeFingerprint(candidate.fingerprint!), raw);
    if (!comparison || comparison.similarity < SIMILARITY_THRESHOLD) continue;
    const similarity = Math.round(comparison.similarity * 1000) / 1000;
    similar.push({ id: candidate.id, name: candidate.name, similarity });
  }
  return similar.sort((a, b) => b.similarity - a.similarity).slice(0, MAX_REPORTED);
}
