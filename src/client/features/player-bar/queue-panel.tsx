import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { AudioLines } from 'lucide-react';
import { type RefObject, useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../../components/ui/sheet';
import { Switch } from '../../components/ui/switch';
import { dragMeasuring, useDragSensors, verticalOnly } from '../../lib/drag-sensors';
import { upcoming } from '../../player/player-queue';
import { usePlayer } from '../../player/use-player';
import { PlaybackModeButtons } from './playback-mode-buttons';
import { QueueRow } from './queue-row';

const WIDE_SCREEN = '(min-width: 48rem)';

/** A right-hand panel on wide screens, a bottom sheet on phones (decision 0049). */
function useWideScreen() {
  const [wide, setWide] = useState(() => window.matchMedia(WIDE_SCREEN).matches);
  useEffect(() => {
    const query = window.matchMedia(WIDE_SCREEN);
    const onChange = () => setWide(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return wide;
}

/**
 * The visible queue (issue 10), opened from the player bar: what plays now, what plays next in
 * the order it will play (shuffled when shuffle is on; with repeat on, the start of the queue comes
 * round again after its end), drag or keyboard to reorder, remove, clear, shuffle, repeat and
 * loudness levelling. The sheet is here rather than around the player bar's Queue button, so Radix
 * Dialog and its scroll lock load with the panel (decision 0077): closing hands focus back to
 * `returnFocus`, as a Radix trigger would.
 */
export function QueuePanel({
  open,
  onOpenChange,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus: RefObject<HTMLElement | null>;
}) {
  const player = usePlayer();
  const { currentTrack, playlist, repeat, levelling } = player;
  const next = upcoming(playlist, currentTrack, repeat !== 'off');
  const sensors = useDragSensors();
  const wide = useWideScreen();

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = next.findIndex((t) => t.id === active.id);
    const to = next.findIndex((t) => t.id === over.id);
    if (from < 0 || to < 0) return;
    player.setUpcoming(arrayMove(next, from, to).map((t) => t.id));
  };

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side={wide ? 'right' : 'bottom'}
        className={wide ? 'w-[min(24rem,calc(100%-3.5rem))]' : ''}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus.current?.focus();
        }}
      >
        <div className="flex h-14 shrink-0 items-center border-b border-border px-4">
          <SheetTitle>Queue</SheetTitle>
        </div>
        <SheetDescription className="sr-only">What is playing and what plays next.</SheetDescription>
        <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto p-4">
          <section aria-labelledby="queue-now-playing">
            <h3
              id="queue-now-playing"
              className="mb-2 text-xs font-semibold tracking-wider text-muted-foreground uppercase"
            >
              Now playing
            </h3>
            {currentTrack ? (
              <div className="flex items-center gap-3 rounded-md bg-primary/10 p-2">
                <span className="flex size-9 shrink-0 items-center justify-center rounded bg-primary/20 text-primary">
                  <AudioLines className="size-4" aria-hidden />
                </span>
                <p className="min-w-0 truncate text-sm font-medium" data-testid="queue-now-playing">
                  {currentTrack.name}
                </p>
              </div>
            ) : (
              <p className="text-sm text-muted-foreground">Nothing is playing.</p>
            )}
          </section>

          <div className="flex flex-wrap items-center justify-between gap-2">
            <PlaybackModeButtons />
            <div className="flex items-center gap-2">
              <Switch id="queue-levelling" checked={levelling} onCheckedChange={player.setLevelling} />
              <Label htmlFor="queue-levelling" className="text-sm">
                Level loudness
              </Label>
            </div>
          </div>

          <section aria-labelledby="queue-next-up" className="min-h-0">
            <div className="mb-1 flex items-center justify-between">
              <h3
                id="queue-next-up"
                className="text-xs font-semibold tracking-wider text-muted-foreground uppercase"
              >
                Next up
              </h3>
              <Button variant="ghost" size="sm" disabled={next.length === 0} onClick={player.clearUpcoming}>
                Clear
              </Button>
            </div>
            {next.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                {repeat === 'off' && currentTrack ? 'Nothing plays after this track.' : 'The queue is empty.'}
              </p>
            ) : (
              <DndContext
                sensors={sensors}
                collisionDetection={closestCenter}
                measuring={dragMeasuring}
                modifiers={[verticalOnly]}
                onDragEnd={onDragEnd}
              >
                <SortableContext items={next.map((t) => t.id)} strategy={verticalListSortingStrategy}>
                  <ol aria-label="Next up">
                    {next.map((track) => (
                      <QueueRow
                        key={track.id}
                        track={track}
                        onPlay={() => player.playTrack(track)}
                        onRemove={() => player.removeFromQueue(track.id)}
                      />
                    ))}
                  </ol>
                </SortableContext>
              </DndContext>
            )}
          </section>
        </div>
      </SheetContent>
    </Sheet>
  );
}
