/** "1:23", "1:23.5", "83" or "83.5" → seconds; null for anything else. */
export function parseTime(raw: string): number | null {
  const text = raw.trim();
  const m = /^(?:(\d+):)?(\d+(?:\.\d+)?)$/.exec(text);
  if (!m) return null;
  const minutes = m[1] ? Number(m[1]) : 0;
  const seconds = Number(m[2]);
  if (m[1] && seconds >= 60) return null;
  return minutes * 60 + seconds;
}

/** Seconds as m:ss, with tenths when there are any ("0:03", "1:02.5"). */
export function showTime(seconds: number): string {
  const tenths = Math.round(seconds * 10) / 10;
  const whole = Math.floor(tenths);
  const rest = Math.round((tenths - whole) * 10);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}${rest ? `.${rest}` : ''}`;
}
