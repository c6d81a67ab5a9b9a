import { countsAsPlay } from '../../shared/play-rule';

/**
 * Counts a play once per listen (decision 0395): the seconds actually heard of the current track
 * add up while it plays, and once they reach the rule (30 s, or half a shorter track) the play is
 * reported, once. Jumps (a seek, a reload) do not count as heard; a new track, or the same one
 * starting over after it ended (repeat), is a new listen.
 */
export interface PlayCounter {
  /** The player loaded a track (or none): a new listen. */
  track(id: number | null, duration: number | null | undefined): void;
  /** The element's position moved to `seconds` (timeupdate). */
  time(seconds: number): void;
  /** The position jumped (seeked): the next step is not listening. */
  jumped(seconds: number): void;
  /** The element's duration became known (a track the server could not measure). */
  duration(seconds: number): void;
  /** The track ended: playing it again is another listen. */
  ended(): void;
}

/** The longest step between two timeupdates still taken as playing rather than a jump. */
const MAX_STEP_SECONDS = 3;

export function createPlayCounter(report: (trackId: number) => void): PlayCounter {
  let trackId: number | null = null;
  let length: number | null | undefined;
  let heard = 0;
  let last = 0;
  let reported = false;
  const restart = () => {
    heard = 0;
    // A listen starts at the beginning; one that starts elsewhere does so by a seek (jumped).
    last = 0;
    reported = false;
  };
  return {
    track(id, duration) {
      if (id === trackId) return;
      trackId = id;
      length = duration;
      restart();
    },
    time(seconds) {
      if (trackId === null) return;
      const step = seconds - last;
      last = seconds;
      if (step > 0 && step <= MAX_STEP_SECONDS) heard += step;
      if (!reported && countsAsPlay(heard, length)) {
        reported = true;
        report(trackId);
      }
    },
    jumped(seconds) {
      last = seconds;
    },
    duration(seconds) {
      if (Number.isFinite(seconds) && seconds > 0 && !length) length = seconds;
    },
    ended() {
      restart();
    },
  };
}
