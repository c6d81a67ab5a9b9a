import { type Announcements, closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Clock, ListMusic } from 'lucide-react';
import { useMemo } from 'react';
import type { PlaylistDetail, PlaylistTrack } from '../../../shared/schemas/playlists';
import { EmptyState } from '../../components/page-layout';
import { type TrackOwner, toPlayerTrack } from '../../entities/track/player-track';
import { TrackListHeading } from '../../entities/track/track-row-cells';
import { dragMeasuring, useDragSensors, verticalOnly } from '../../lib/drag-sensors';
import { usePlayFromList } from '../../player/use-play-from-list';
import type { TrackSelection } from '../tracks';
import { SortableTrackRow, TRACK_GRID } from './sortable-track-row';
import { useRemoveTrack, useReorderTracks } from './use-playlist-mutations';

/**
 * Screen-reader messages that name the track and say where it is out of how many (issue 42,
 * decision 0590): "Moved Alpha to position 3 of 12." dnd-kit also reports the row being over its
 * own place as it is picked up; that is not a move, so "Picked up …" is what is heard.
 */
function reorderAnnouncements(tracks: PlaylistTrack[]): Announcements {
  const name = (id: unknown) => tracks.find((t) => t.id === id)?.name ?? 'track';
  const place = (id: unknown) => `position ${tracks.findIndex((t) => t.id === id) + 1} of ${tracks.length}`;
  let moved = false;
  return {
    onDragStart: ({ active }) => {
      moved = false;
      return `Picked up ${name(active.id)}, ${place(active.id)}.`;
    },
    onDragOver: ({ active, over }) => {
      if (!moved && over?.id === active.id) return undefined;
      moved = true;
      return over
        ? `Moved ${name(active.id)} to ${place(over.id)}.`
        : `${name(active.id)} is outside the list.`;
    },
    onDragEnd: ({ active, over }) =>
      over ? `Dropped ${name(active.id)} at ${place(over.id)}.` : `${name(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
  };
}

/**
 * The playlist's tracks, sortable by pointer or keyboard (spec sections 2 and 4). `owner` is who the
 * queued tracks are by, with the playlist's cover as their artwork.
 */
export function PlaylistTrackList({
  playlist,
  owner,
  selection,
}: {
  playlist: PlaylistDetail;
  owner: TrackOwner;
  /** The rows ticked for Compare or removal (issue 43), owned by the page. */
  selection: TrackSelection;
}) {
  const { tracks } = playlist;
  const sensors = useDragSensors();
  const reorder = useReorderTracks(playlist.id);
  const remove = useRemoveTrack(playlist.id);
  const queue = useMemo(() => tracks.map((t) => toPlayerTrack(t, owner)), [tracks, owner]);
  // Kept while a drag lasts: the messages remember whether the row has moved yet.
  const announcements = useMemo(() => reorderAnnouncements(tracks), [tracks]);
  const { player, play } = usePlayFromList(queue);

  if (tracks.length === 0) return <EmptyState icon={ListMusic} title="No tracks in this playlist" />;

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = tracks.findIndex((t) => t.id === active.id);
    const to = tracks.findIndex((t) => t.id === over.id);
    if (from < 0 || to < 0) return;
    reorder(arrayMove(tracks, from, to));
  };

  return (
    <section aria-label="Tracks">
      <TrackListHeading grid={TRACK_GRID}>
        <span />
        <span />
        <span className="text-center">#</span>
        <span>Title</span>
        <span className="hidden md:block">Equipment</span>
        <span className="hidden lg:block">Date Added</span>
        <Clock className="ml-auto size-4" />
        <span />
      </TrackListHeading>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        measuring={dragMeasuring}
        modifiers={[verticalOnly]}
        accessibility={{ announcements }}
        onDragEnd={onDragEnd}
      >
        <SortableContext items={tracks.map((t) => t.id)} strategy={verticalListSortingStrategy}>
          <ol aria-label="Playlist tracks" className="mt-1">
            {tracks.map((track, index) => {
              const playerTrack = toPlayerTrack(track, owner);
              return (
                <SortableTrackRow
                  key={track.id}
                  track={track}
                  playerTrack={playerTrack}
                  index={index}
                  current={player.currentTrack?.id === track.id}
                  playing={player.isPlaying}
                  onPlay={() => play(playerTrack)}
                  onRemove={() => remove.mutate(track.id)}
                  selected={selection.selected.has(track.id)}
                  onSelect={(options) => selection.toggle(track.id, options)}
                />
              );
            })}
          </ol>
        </SortableContext>
      </DndContext>
    </section>
  );
}
