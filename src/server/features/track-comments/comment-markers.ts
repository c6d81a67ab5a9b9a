import type { MarkerFormat } from '../../../shared/schemas/version-review';

/** One open thread as a DAW marker: a moment (`end` null) or a range, in seconds. */
export interface Marker {
  start: number;
  end: number | null;
  /** "<author>: <words>", one line. */
  text: string;
}

/** Seconds with millisecond precision ("12.345"), as every format here writes them. */
export const ms = (seconds: number) => (Math.round(seconds * 1000) / 1000).toFixed(3);

/** Markers are one line of text: line breaks and tabs become spaces. */
const oneLine = (text: string) => text.replace(/[\t\r\n\u2028\u2029]+/g, ' ').trim();

/**
 * Audacity's label track (File > Import > Labels): `start<TAB>end<TAB>text` per line, seconds; a
 * moment is a point label (start = end).
 */
export function audacityLabels(markers: readonly Marker[]): string {
  return markers.map((m) => `${ms(m.start)}\t${ms(m.end ?? m.start)}\t${oneLine(m.text)}\n`).join('');
}

/** A CSV field, quoted when it holds a comma, a quote or a leading space (RFC 4180). */
const csvField = (value: string) => (/[",]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/**
 * REAPER's Region/Marker Manager CSV (decision 0654): the header `#,Name,Start,End,Length`, then
 * `M1,name,start,,` per moment and `R1,name,start,end,length` per range, times in seconds. REAPER
 * reads the times in the ruler's format, so the project's time unit must be seconds when importing.
 */
export function reaperCsv(markers: readonly Marker[]): string {
  let m = 0;
  let r = 0;
  const rows = markers.map((marker) => {
    const name = csvField(oneLine(marker.text));
    if (marker.end === null) return `M${++m},${name},${ms(marker.start)},,`;
    return `R${++r},${name},${ms(marker.start)},${ms(marker.end)},${ms(marker.end - marker.start)}`;
  });
  return `${['#,Name,Start,End,Length', ...rows].join('\r\n')}\r\n`;
}

/** mm:ss:ff, frames of 1/75 s (the CUE sheet's unit), rounded to the nearest frame. */
export function cueTime(seconds: number): string {
  const frames = Math.round(seconds * 75);
  const mm = Math.floor(frames / (75 * 60));
  const ss = Math.floor(frames / 75) % 60;
  const ff = frames % 75;
  return [mm, ss, ff].map((n) => String(n).padStart(2, '0')).join(':');
}

/** CUE text has no escapes: a double quote becomes a single one. */
const cueText = (text: string) => oneLine(text).replace(/"/g, "'");

/**
 * A CUE sheet: one TRACK per marker, INDEX 01 at its start (1/75 s frames). Frames lose the
 * milliseconds, so each track keeps them in `REM START` (and `REM END` for a range) lines, seconds
 * with three decimals; players skip REM lines.
 */
export function cueSheet(markers: readonly Marker[], title: string, audioFile: string): string {
  const lines = [`TITLE "${cueText(title)}"`, `FILE "${cueText(audioFile)}" WAVE`];
  markers.forEach((m, i) => {
    lines.push(`  TRACK ${String(i + 1).padStart(2, '0')} AUDIO`);
    lines.push(`    TITLE "${cueText(m.text)}"`);
    lines.push(`    REM START ${ms(m.start)}`);
    if (m.end !== null) lines.push(`    REM END ${ms(m.end)}`);
    lines.push(`    INDEX 01 ${cueTime(m.start)}`);
  });
  return `${lines.join('\r\n')}\r\n`;
}

export const MARKER_FILES: Record<MarkerFormat, { extension: string; mimeType: string }> = {
  audacity: { extension: 'txt', mimeType: 'text/plain; charset=utf-8' },
  reaper: { extension: 'csv', mimeType: 'text/csv; charset=utf-8' },
  cue: { extension: 'cue', mimeType: 'application/x-cue; charset=utf-8' },
};
