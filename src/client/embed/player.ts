import type { Embed, EmbedTrack } from '../../shared/schemas/embed';
import { clock } from './format';
import { drawWaveform } from './waveform';

/** The JSON beside an embed page: `/embed/track/1` reads `/api/embed/track/1` (share links alike). */
export const dataAddress = (pathname: string) => `/api${pathname.replace(/\/+$/, '')}`;

export async function loadEmbed(pathname: string, fetchJson = fetch): Promise<Embed> {
  const res = await fetchJson(dataAddress(pathname), { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`The player's data answered ${res.status}`);
  return (await res.json()) as Embed;
}

/** Peaks for the waveform, or null (still processing, or failed): the bar is drawn flat then. */
async function loadPeaks(url: string): Promise<number[] | null> {
  try {
    const res = await fetch(url, { headers: { accept: 'application/json' } });
    if (!res.ok) return null;
    const body = (await res.json()) as { peaks?: unknown };
    return Array.isArray(body.peaks) ? (body.peaks as number[]) : null;
  } catch {
    return null;
  }
}

const SVG = 'http://www.w3.org/2000/svg';
const PLAY_PATH = 'M8 5.5v13a1 1 0 0 0 1.5.86l11-6.5a1 1 0 0 0 0-1.72l-11-6.5A1 1 0 0 0 8 5.5Z';
const PAUSE_PATH = 'M7 5h3.5v14H7zM13.5 5H17v14h-3.5z';
/** Arrow keys move this many seconds, Page keys ten times as far. */
const STEP_SECONDS = 5;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Record<string, string>> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) if (value !== undefined) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/** A link out of the frame: a new tab, never the embedding page's window. */
const outLink = (href: string, className: string, ...children: (Node | string)[]) =>
  el('a', { href, class: className, target: '_blank', rel: 'noopener' }, ...children);

export function showUnavailable(root: HTMLElement) {
  root.removeAttribute('aria-busy');
  root.replaceChildren(
    el('p', { class: 'embed-unavailable' }, 'This player is not available.'),
    el('p', { class: 'embed-unavailable-sub' }, 'It may be private, or it has been removed.'),
  );
}

export interface EmbedPlayer {
  audio: HTMLAudioElement;
  /** The track at `index` of the list becomes current (and plays when `play`). */
  select(index: number, play?: boolean): void;
  /** The list's current track. */
  current(): EmbedTrack | undefined;
}

/**
 * Draws the player into `root` and wires it to one `<audio>`: play/pause, a canvas waveform that
 * is a slider (click, drag, arrows, Home/End, Page keys), the time, the owner, a link back and,
 * for a playlist, its list, moving to the next playable track when one ends.
 */
export function mountEmbed(
  root: HTMLElement,
  data: Embed,
  options: { peaks?: typeof loadPeaks } = {},
): EmbedPlayer {
  const fetchPeaks = options.peaks ?? loadPeaks;
  const audio = el('audio', { preload: 'none' });
  let index = data.tracks.findIndex((track) => track.playable);
  if (index < 0) index = 0;
  let peaks: number[] | null = null;
  let dragging = false;

  const icon = document.createElementNS(SVG, 'svg');
  icon.setAttribute('viewBox', '0 0 24 24');
  icon.setAttribute('aria-hidden', 'true');
  const iconPath = document.createElementNS(SVG, 'path');
  icon.append(iconPath);
  const playButton = el('button', { type: 'button', class: 'embed-play' }, icon);

  const owner = data.owner.url
    ? outLink(data.owner.url, 'embed-owner', data.owner.name)
    : el('span', { class: 'embed-owner' }, data.owner.name);
  const title = outLink(data.url, 'embed-title', data.title);
  const nowPlaying = el('p', { class: 'embed-now' });
  const brand = outLink(data.url, 'embed-brand', 'Journal');
  brand.setAttribute('aria-label', `Open “${data.title}” in Journal`);
  brand.append(el('span', { 'aria-hidden': 'true' }, ' ↗'));

  const canvas = el('canvas', { 'aria-hidden': 'true' });
  const current = el('span', { class: 'embed-time embed-time-current' }, '0:00');
  const total = el('span', { class: 'embed-time embed-time-total' }, '0:00');
  const seek = el(
    'div',
    { class: 'embed-wave', role: 'slider', tabindex: '0', 'aria-label': 'Seek', 'aria-valuemin': '0' },
    canvas,
    current,
    total,
  );

  const meta = el('div', { class: 'embed-meta' }, owner, title);
  if (data.kind === 'playlist') meta.append(nowPlaying);
  const head = el('div', { class: 'embed-head' }, playButton, meta, brand);
  const list = el('ol', { class: 'embed-list', 'aria-label': 'Tracks' });
  const rows = data.tracks.map((track, i) => {
    const row = el(
      'button',
      { type: 'button', class: 'embed-row' },
      el('span', { class: 'embed-row-number', 'aria-hidden': 'true' }, String(i + 1)),
      el('span', { class: 'embed-row-name' }, track.name),
      el('span', { class: 'embed-row-time' }, track.playable ? clock(track.duration ?? 0) : 'Processing'),
    );
    if (!track.playable) row.disabled = true;
    row.addEventListener('click', () => select(i, true));
    list.append(el('li', {}, row));
    return row;
  });

  root.classList.add(`embed-${data.kind}`);
  root.removeAttribute('aria-busy');
  root.replaceChildren(head, seek, ...(data.kind === 'playlist' ? [list] : []), audio);
  document.title = `${data.title} · ${data.owner.name} · Journal`;

  const track = (): EmbedTrack | undefined => data.tracks[index];
  const duration = () => {
    const known = audio.duration;
    return Number.isFinite(known) && known > 0 ? known : (track()?.duration ?? 0);
  };
  const playing = () => !audio.paused;

  function render() {
    const length = duration();
    const at = Math.min(audio.currentTime || 0, length || Number.POSITIVE_INFINITY);
    current.textContent = clock(at);
    total.textContent = clock(length);
    seek.setAttribute('aria-valuemax', String(Math.round(length)));
    seek.setAttribute('aria-valuenow', String(Math.round(at)));
    seek.setAttribute('aria-valuetext', `${clock(at)} of ${clock(length)}`);
    drawWaveform(canvas, peaks, length ? at / length : 0);
  }

  function renderButton() {
    const name = track()?.name ?? data.title;
    iconPath.setAttribute('d', playing() ? PAUSE_PATH : PLAY_PATH);
    playButton.setAttribute('aria-label', `${playing() ? 'Pause' : 'Play'} ${name}`);
    playButton.classList.toggle('is-playing', playing());
  }

  function select(next: number, play = false) {
    const chosen = data.tracks[next];
    if (!chosen?.playable) return;
    const changed = next !== index || !audio.getAttribute('src');
    index = next;
    if (changed) {
      audio.setAttribute('src', chosen.streamUrl);
      peaks = null;
      const asked = chosen;
      void fetchPeaks(chosen.waveformUrl).then((loaded) => {
        if (track() !== asked) return;
        peaks = loaded;
        render();
      });
    }
    nowPlaying.textContent = chosen.name;
    rows.forEach((row, i) => {
      if (i === index) row.setAttribute('aria-current', 'true');
      else row.removeAttribute('aria-current');
    });
    if (play) void audio.play().catch(() => {});
    renderButton();
    render();
  }

  function seekTo(seconds: number) {
    const length = duration();
    if (!track()?.playable || !length) return;
    if (!audio.getAttribute('src')) select(index);
    audio.currentTime = Math.max(0, Math.min(length, seconds));
    render();
  }

  const enabled = Boolean(track()?.playable);
  playButton.disabled = !enabled;
  if (!enabled) {
    seek.setAttribute('aria-disabled', 'true');
    nowPlaying.textContent = data.tracks.length ? 'Not playable yet' : 'No tracks to play';
  }

  playButton.addEventListener('click', () => {
    if (playing()) audio.pause();
    else select(index, true);
  });

  const fraction = (event: PointerEvent) => {
    const box = seek.getBoundingClientRect();
    return box.width ? Math.max(0, Math.min(1, (event.clientX - box.left) / box.width)) : 0;
  };
  seek.addEventListener('pointerdown', (event) => {
    if (!enabled) return;
    dragging = true;
    seek.setPointerCapture?.(event.pointerId);
    seekTo(fraction(event) * duration());
  });
  seek.addEventListener('pointermove', (event) => {
    if (dragging) seekTo(fraction(event) * duration());
  });
  const stop = () => {
    dragging = false;
  };
  seek.addEventListener('pointerup', stop);
  seek.addEventListener('pointercancel', stop);

  seek.addEventListener('keydown', (event) => {
    const at = audio.currentTime || 0;
    const moves: Record<string, number> = {
      ArrowRight: at + STEP_SECONDS,
      ArrowUp: at + STEP_SECONDS,
      ArrowLeft: at - STEP_SECONDS,
      ArrowDown: at - STEP_SECONDS,
      PageUp: at + 10 * STEP_SECONDS,
      PageDown: at - 10 * STEP_SECONDS,
      Home: 0,
      End: duration(),
    };
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      playButton.click();
      return;
    }
    const target = moves[event.key];
    if (target === undefined || !enabled) return;
    event.preventDefault();
    seekTo(target);
  });

  for (const type of ['play', 'pause', 'playing']) audio.addEventListener(type, renderButton);
  for (const type of ['timeupdate', 'durationchange', 'loadedmetadata', 'seeked']) {
    audio.addEventListener(type, render);
  }
  audio.addEventListener('ended', () => {
    const next = data.tracks.findIndex((t, i) => i > index && t.playable);
    if (next >= 0) select(next, true);
    else renderButton();
  });
  window.addEventListener('resize', render);

  if (enabled) select(index);
  else render();
  renderButton();
  return { audio, select, current: track };
}
