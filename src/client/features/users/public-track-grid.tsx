import type { Track } from '../../../shared/schemas/tracks';
import type { TrackOwner } from '../tracks/player-track';
import { TrackCard } from '../tracks/track-card';

/** 'N track(s) shared': '1 track shared', '2 tracks shared' (spec section 2, public profile). */
export const tracksShared = (n: number) => `${n} ${n === 1 ? 'track' : 'tracks'} shared`;

/**
 * A public profile's tracks as cards in the public view (no Share/Delete menu, spec section 6).
 * Playing one makes the whole grid the queue, so next and previous move through the profile; the
 * profile's owner is every track's artist.
 */
export function PublicTrackGrid({ tracks, owner }: { tracks: Track[]; owner: TrackOwner }) {
  return (
    <ul aria-label="Shared tracks" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {tracks.map((track) => (
        <li key={track.id} className="flex">
          <TrackCard track={track} owner={owner} queue={tracks} publicView className="w-full" />
        </li>
      ))}
    </ul>
  );
}
