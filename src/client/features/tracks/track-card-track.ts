import type { Track } from '../../../shared/schemas/tracks';

// The card's fields, apart from the card and its lazily loaded owner menu, so neither imports the other.

/** The fields a card shows; public profiles send tracks without the owner-only columns. */
export type TrackCardTrack = Pick<
  Track,
  | 'id'
  | 'name'
  | 'mimeType'
  | 'size'
  | 'duration'
  | 'notes'
  | 'createdAt'
  | 'processing'
  | 'playable'
  | 'loudness'
> &
  Partial<
    Pick<
      Track,
      | 'visibility'
      | 'version'
      | 'bpm'
      | 'bpmConfidence'
      | 'bpmEdited'
      | 'musicalKey'
      | 'keyConfidence'
      | 'keyEdited'
    >
  >;
