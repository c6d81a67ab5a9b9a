import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { EquipmentCategory } from '../../../shared/constants';
import type { Database } from '../../db/client';
import { probeAudio } from '../../media/audio-probe';
import type { BlobStore } from '../../storage/blob-store';
import { addTrackEquipment, findOrCreateEquipment } from '../equipment/equipment.service';
import { updateEquipment } from '../equipment/equipment-page.service';
import { addTrackToPlaylist, createPlaylist } from '../playlists/playlists.service';
import { createTrack } from '../tracks/tracks.service';
import { type DemoPiece, LANTERN_WALK, MORNING_LIGHT, renderDemoPiece, SLOW_TIDE } from './demo-audio';

interface SampleGear {
  name: string;
  category: EquipmentCategory;
  description: string;
}

interface SampleTrack {
  name: string;
  piece: DemoPiece;
  notes: string;
  gear: SampleGear[];
  /** How long before sign-up the "recording" was made, for the Date Created sort. */
  daysAgo: number;
}

const CELESTA: SampleGear = {
  name: 'Celesta Patch',
  category: 'Software Synth',
  description: 'A bell-like patch: a few slightly inharmonic partials with a soft strike and a long decay.',
};
const VELVET_PAD: SampleGear = {
  name: 'Velvet Pad',
  category: 'Software Synth',
  description: 'Three detuned sine voices with a slow swell, for chords that breathe.',
};
const NYLON_PLUCK: SampleGear = {
  name: 'Nylon Pluck',
  category: 'Software Synth',
  description: 'An additive plucked string: the higher harmonics die away first, as on a nylon guitar.',
};
const ECHO_CHAMBER: SampleGear = {
  name: 'Echo Chamber',
  category: 'Software FX',
  description: 'A single feedback echo that gives a dry sound a room to sit in.',
};

/** Listed oldest first: the journal shows the last one on top. */
export const DEMO_SAMPLE_TRACKS: readonly SampleTrack[] = [
  {
    name: 'Lantern Walk',
    piece: LANTERN_WALK,
    notes: 'Pentatonic tune on plucked strings over a walking bass.',
    gear: [NYLON_PLUCK],
    daysAgo: 3,
  },
  {
    name: 'Slow Tide',
    piece: SLOW_TIDE,
    notes: 'Slow pad chords with drifting bells.',
    gear: [VELVET_PAD, CELESTA],
    daysAgo: 2,
  },
  {
    name: 'Morning Light',
    piece: MORNING_LIGHT,
    notes: 'Music-box arpeggio over C, Am, F and G.',
    gear: [CELESTA, ECHO_CHAMBER],
    daysAgo: 1,
  },
];

export const DEMO_SAMPLE_PLAYLIST = {
  name: 'Sunday Sketches',
  description: 'Three short ideas to try the player with.',
} as const;

/** Rendered once per process: every demo account gets the same bytes. */
let rendered: Map<DemoPiece, { audio: Buffer; sha256: string }> | undefined;
function sampleOf(piece: DemoPiece): { audio: Buffer; sha256: string } {
  rendered ??= new Map(DEMO_SAMPLE_TRACKS.map((t) => [t.piece, rendering(t.piece)]));
  return rendered.get(piece) ?? rendering(piece);
}

function rendering(piece: DemoPiece) {
  const audio = renderDemoPiece(piece);
  return { audio, sha256: createHash('sha256').update(audio).digest('hex') };
}

/**
 * Whether `sha256` is the content hash of a sample recording: bytes every demo visitor gets, so
 * their measures are shared between demo accounts (decision 0918). Renders the samples the first
 * time in a process that has not seeded a demo account yet.
 */
export function isDemoSampleHash(sha256: string): boolean {
  return DEMO_SAMPLE_TRACKS.some((t) => sampleOf(t.piece).sha256 === sha256);
}

/**
 * Stores one sample recording the way an upload is stored: an extensionless temp file probed by
 * content, moved into the blob store under a key of ours, then the track row. A failure leaves
 * neither a temp file nor a blob behind.
 */
async function storeSampleTrack(
  db: Database,
  store: BlobStore,
  tempDir: string,
  userId: string,
  sample: SampleTrack,
) {
  await mkdir(tempDir, { recursive: true });
  const tempFile = path.join(tempDir, `demo-${randomUUID()}`);
  const key = `tracks/${randomUUID()}`;
  let stored = false;
  try {
    const { audio: bytes, sha256 } = sampleOf(sample.piece);
    await writeFile(tempFile, bytes);
    const audio = await probeAudio(tempFile);
    const info = await store.putFile(key, tempFile);
    stored = true;
    return await createTrack(db, {
      userId,
      name: sample.name,
      filename: `${sample.name}.wav`,
      filepath: key,
      mimeType: audio.mimeType,
      originalPlayable: audio.browserPlayable,
      size: info.size,
      duration: audio.duration,
      notes: sample.notes,
      contentHash: sha256,
      fileCreatedAt: new Date(Date.now() - sample.daysAgo * 86_400_000),
      // Sample tracks stay off the shared 'Tracks Using' lists: a copy per visitor would bury
      // real people's recordings there.
      shareToEquipmentPages: false,
    });
  } catch (err) {
    await rm(tempFile, { force: true });
    if (stored) await store.delete(key);
    throw err;
  }
}

/** Tags the track; a tag this call created gets its category and description. */
async function tagSampleGear(db: Database, userId: string, trackId: number, gear: SampleGear) {
  const { tag, created } = await findOrCreateEquipment(db, gear.name);
  // Tag first: once the track carries it, this account may describe it (decision 0015) even if
  // another visitor tagged the same new gear a moment earlier.
  await addTrackEquipment(db, trackId, userId, tag.id);
  if (created) {
    await updateEquipment(db, tag.id, userId, { category: gear.category, description: gear.description });
  }
}

/**
 * A new demo journal: three short recordings with notes and gear, and a playlist holding them.
 * Returns the tracks' ids, for processing like any upload.
 */
export async function seedDemoContent(
  db: Database,
  store: BlobStore,
  tempDir: string,
  userId: string,
): Promise<number[]> {
  const trackIds: number[] = [];
  for (const sample of DEMO_SAMPLE_TRACKS) {
    const track = await storeSampleTrack(db, store, tempDir, userId, sample);
    trackIds.push(track.id);
    for (const gear of sample.gear) await tagSampleGear(db, userId, track.id, gear);
  }
  const playlist = await createPlaylist(db, userId, DEMO_SAMPLE_PLAYLIST);
  // Newest first, as the journal lists them.
  for (const trackId of [...trackIds].reverse()) await addTrackToPlaylist(db, playlist.id, userId, trackId);
  return trackIds;
}
