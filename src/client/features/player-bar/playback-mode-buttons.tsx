import { Repeat, Repeat1, Shuffle } from 'lucide-react';
import type { RepeatMode } from '../../../shared/constants';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/utils';
import { usePlayer } from '../../player/use-player';

const NEXT_REPEAT: Record<RepeatMode, RepeatMode> = { off: 'all', all: 'one', one: 'off' };
const REPEAT_LABEL: Record<RepeatMode, string> = {
  off: 'Repeat: off',
  all: 'Repeat: all',
  one: 'Repeat: this track',
};

/** Shuffle on/off and repeat off → all → one, lit while on. */
export function PlaybackModeButtons({ className }: { className?: string }) {
  const { shuffle, repeat, setShuffle, setRepeat } = usePlayer();
  const lit = (on: boolean) => (on ? 'text-primary hover:text-primary' : 'text-muted-foreground');
  return (
    <div className={cn('flex items-center gap-1', className)}>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Shuffle"
        aria-pressed={shuffle}
        title={shuffle ? 'Shuffle: on' : 'Shuffle: off'}
        className={lit(shuffle)}
        onClick={() => setShuffle(!shuffle)}
      >
        <Shuffle />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={REPEAT_LABEL[repeat]}
        title={REPEAT_LABEL[repeat]}
        className={lit(repeat !== 'off')}
        onClick={() => setRepeat(NEXT_REPEAT[repeat])}
      >
        {repeat === 'one' ? <Repeat1 /> : <Repeat />}
      </Button>
    </div>
  );
}
