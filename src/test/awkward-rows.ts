import type { equipmentTags, tracks } from '../server/db/schema';

/**
 * Values that JSON written by PostgreSQL and by JSON.stringify could write apart (quotes,
 * backslashes, control characters, emoji, far dates, big sizes, reals that round): the tests that
 * hold the list's SQL to the ORM's bytes seed them (tracks.list-pages, tracks.edit).
 */
export const awkwardEquipment = [
  {
    name: 'Juno "60"',
    description: 'Line one\nline two\t\u0001 ünïcode ✓',
    imageKey: 'images/equipment/0b9a4e0c-5f43-4c39-9d3e-4c0b3e7a1f11',
  },
  { name: 'Pedal \\ back', description: null },
] satisfies (typeof equipmentTags.$inferInsert)[];

/** A ready track's awkward columns (add its owner and file). */
export const awkwardTrackValues = {
  name: 'Quotes " and \\ and </script>',
  size: 5_000_000_000,
  duration: 183.3,
  notes: 'Emoji 🎹 and\r\nnew lines',
  fileCreatedAt: new Date('1899-12-31T23:59:59.999Z'),
  processingState: 'ready',
  originalPlayable: true,
  loudnessLufs: -14.123457,
  truePeakDb: 0,
  // Tempo and key as measured (issue 47): halves and tenths that round in float arithmetic.
  bpm: 119.95,
  bpmConfidence: 0.8123,
  musicalKey: 'A minor',
  keyConfidence: 0.3,
} satisfies Partial<typeof tracks.$inferInsert>;

/**
 * A failed track with reals past a million, the owner's tempo and key over measured ones (half time
 * below 30 is not offered), and a loudness without its peak (add its owner, file and name).
 */
export const awkwardFailedTrackValues = {
  size: 1,
  duration: 1_234_567.9,
  processingState: 'failed',
  processingError: null,
  originalPlayable: true,
  loudnessLufs: -70.5,
  truePeakDb: null,
  bpm: 30.05,
  bpmConfidence: 0.2,
  ownerBpm: 59.95,
  musicalKey: 'D minor',
  keyConfidence: 0.9,
  ownerKey: 'C# major',
} satisfies Partial<typeof tracks.$inferInsert>;

/** A track playable through its rendition only, without a duration (add its owner, file and name). */
export const awkwardRenditionTrackValues = {
  size: 2,
  duration: null,
  processingState: 'ready',
  renditionKey: 'r',
  renditionMimeType: 'audio/mp4',
} satisfies Partial<typeof tracks.$inferInsert>;
