import { ffmpegFixture } from './media-fixtures';

// A long "rehearsal" for issue 47's split tests (decision 0850): songs of tone bursts (short gaps
// inside a song, a quiet verse) separated by pauses of known length, made by ffmpeg's lavfi.

export interface RehearsalSong {
  /** Seconds from the take's start. */
  start: number;
  end: number;
}

export interface Rehearsal {
  songs: RehearsalSong[];
  duration: number;
  /** The pauses between songs: what the media job should find. */
  silences: { start: number; end: number }[];
}

/** `count` songs filling `duration` seconds, pauses of 3.4 s up to ~12 s between them. */
/** A note and the note-to-note cycle inside a song (a 0.4 s gap: no split point). */
const NOTE = 0.8;
const CYCLE = 1.2;
/** Frames of 10 ms, so the gates' edges sit within 10 ms of where the plan puts them. */
const FRAME_SAMPLES = 160;
const NOISE_SEED = 4711;

export function rehearsalPlan(duration: number, count: number): Rehearsal {
  const pauses = Array.from({ length: count - 1 }, (_, i) => 3.4 + ((i * 3.7) % 8.6));
  // Off the 50 ms grid of the envelope (decision 0850), so the edges are not found for free.
  const lead = 2.037;
  const tail = 1.5;
  const songTime = duration - lead - tail - pauses.reduce((a, b) => a + b, 0);
  // Whole notes only (k × 1.2 s + 0.8 s), so a song's sound ends where the song does.
  const whole = (seconds: number) => Math.floor((seconds - NOTE) / CYCLE) * CYCLE + NOTE;
  // Songs of unequal length (weights 3, 4, 5, 3, 4, 5…), as a set list has.
  const weights = Array.from({ length: count }, (_, i) => 3 + (i % 3));
  const total = weights.reduce((a, b) => a + b, 0);
  const songs: RehearsalSong[] = [];
  let t = lead;
  for (let i = 0; i < count; i++) {
    const length = whole((songTime * weights[i]!) / total);
    songs.push({ start: t, end: t + length });
    t += length + (pauses[i] ?? 0);
  }
  const silences = songs.slice(1).map((song, i) => ({ start: songs[i]!.end, end: song.start }));
  return { songs, duration, silences };
}

/**
 * The rehearsal as a mono MP3 (16 kHz, 32 kb/s: 20 minutes in under 5 MB), made in seconds: a sine
 * gated per 10 ms frame by the volume filter (a per-sample expression takes minutes). Inside a
 * song: 0.8 s notes with 0.4 s gaps, the second song's middle third 12 dB quieter. `noiseDb`: pink
 * noise throughout at that level (dBFS), as a room's hiss between songs.
 */
export function rehearsalTake(plan: Rehearsal, noiseDb: number | null = null): Buffer {
  const f3 = (n: number) => n.toFixed(3);
  const gates = plan.songs.map((song, i) => {
    const third = (song.end - song.start) / 3;
    const quiet =
      i === 1 ? `*(1-0.75*between(t\\,${f3(song.start + third)}\\,${f3(song.start + 2 * third)}))` : '';
    const note = `lt(mod(t-${f3(song.start)}\\,${CYCLE})\\,${NOTE})`;
    return `between(t\\,${f3(song.start)}\\,${f3(song.end - 0.005)})*${note}${quiet}`;
  });
  const rate = 16000;
  const tone = `sine=frequency=330:sample_rate=${rate}:duration=${plan.duration},asetnsamples=n=${FRAME_SAMPLES}`;
  // The sine source peaks at 1/8: ×3.2 makes notes of 0.4 peak (about −11 LUFS while playing).
  const gated = `${tone},volume=volume='3.2*(${gates.join('+')})':eval=frame`;
  // A fixed seed: the same hiss on every machine (without one, each fresh fixture drew its own).
  const noise = `anoisesrc=color=pink:amplitude=1:r=${rate}:d=${plan.duration}:seed=${NOISE_SEED},volume=${noiseDb}dB`;
  const graph =
    noiseDb === null ? `${gated}[out]` : `${gated}[s];${noise}[n];[s][n]amix=inputs=2:normalize=0[out]`;
  const name = `rehearsal-v5-${plan.duration}s-${plan.songs.length}-${noiseDb ?? 'clean'}.mp3`;
  return ffmpegFixture(
    name,
    ['-filter_complex', graph, '-map', '[out]'],
    ['-ac', '1', '-c:a', 'libmp3lame', '-b:a', '32k'],
  );
}
