import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Embed } from '../../shared/schemas/embed';
import { dataAddress, loadEmbed, mountEmbed, showUnavailable } from './player';
import { barsOf } from './waveform';

// The embeddable player's script (decision 0330), in jsdom: no canvas, no decoding. The audio
// element's play/pause are stood in for so that they fire the events a browser would.

const track = (id: number, name: string, duration: number, playable = true) => ({
  id,
  name,
  duration,
  playable,
  streamUrl: `/api/tracks/${id}/stream`,
  waveformUrl: `/api/tracks/${id}/waveform`,
  url: `/track/${id}`,
});

const TRACK: Embed = {
  kind: 'track',
  title: 'Open Take',
  url: '/track/7',
  owner: { name: 'nightowl', url: '/profile/nightowl' },
  tracks: [track(7, 'Open Take', 40)],
};

const PLAYLIST: Embed = {
  kind: 'playlist',
  title: 'Night Set',
  url: '/playlist/3',
  owner: { name: 'Ada Lee', url: null },
  tracks: [track(1, 'Intro', 30), track(2, 'Still processing', 0, false), track(3, 'Outro', 50)],
};

let root: HTMLElement;
const paused = new WeakMap<HTMLMediaElement, boolean>();

beforeEach(() => {
  root = document.createElement('main');
  document.body.append(root);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return paused.get(this) ?? true;
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    paused.set(this, false);
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    paused.set(this, true);
    this.dispatchEvent(new Event('pause'));
  });
});
afterEach(() => {
  root.remove();
  vi.restoreAllMocks();
});

const mount = (data: Embed) => mountEmbed(root, data, { peaks: async () => [0, 0.5, -1, 1] });
const button = (name: RegExp) =>
  [...root.querySelectorAll('button')].find((b) =>
    name.test(b.getAttribute('aria-label') ?? b.textContent ?? ''),
  );
const slider = () => root.querySelector<HTMLElement>('[role="slider"]')!;
const key = (k: string) => slider().dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));

describe('embed player', () => {
  it('reads its data from /api at the page’s own path', async () => {
    expect(dataAddress('/embed/track/7')).toBe('/api/embed/track/7');
    expect(dataAddress('/embed/playlist/3/')).toBe('/api/embed/playlist/3');
    const fetchJson = vi.fn(
      async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(TRACK), { status: 200 }),
    );
    expect(await loadEmbed('/embed/track/7', fetchJson as unknown as typeof fetch)).toEqual(TRACK);
    expect(fetchJson).toHaveBeenCalledWith('/api/embed/track/7', expect.anything());
    const missing = vi.fn(async () => new Response('{}', { status: 404 }));
    await expect(loadEmbed('/embed/track/8', missing as unknown as typeof fetch)).rejects.toThrow('404');
  });

  it('shows the title and owner, each linking out of the frame, and names its controls', () => {
    mount(TRACK);
    const title = root.querySelector<HTMLAnchorElement>('.embed-title')!;
    expect(title.textContent).toBe('Open Take');
    expect(title.getAttribute('href')).toBe('/track/7');
    expect(title.target).toBe('_blank');
    expect(title.rel).toBe('noopener');
    const owner = root.querySelector<HTMLAnchorElement>('a.embed-owner')!;
    expect(owner.textContent).toBe('nightowl');
    expect(owner.getAttribute('href')).toBe('/profile/nightowl');
    expect(owner.target).toBe('_blank');
    expect(root.querySelector('[aria-label="Open “Open Take” in Journal"]')?.getAttribute('target')).toBe(
      '_blank',
    );
    expect(button(/^Play Open Take$/)).toBeDefined();
    expect(slider().getAttribute('aria-label')).toBe('Seek');
    expect(slider().getAttribute('aria-valuetext')).toBe('0:00 of 0:40');
    expect(slider().tabIndex).toBe(0);
    expect(root.querySelector('audio')?.getAttribute('src')).toBe('/api/tracks/7/stream');
    expect(document.title).toBe('Open Take · nightowl · Journal');
  });

  it('play toggles to pause and back', () => {
    const { audio } = mount(TRACK);
    button(/^Play/)!.click();
    expect(audio.paused).toBe(false);
    expect(button(/^Pause Open Take$/)).toBeDefined();
    button(/^Pause/)!.click();
    expect(audio.paused).toBe(true);
    expect(button(/^Play Open Take$/)).toBeDefined();
  });

  it('seeks by keyboard: arrows by 5 s, Page keys by 50 s, Home and End to the ends', () => {
    const { audio } = mount(TRACK);
    key('ArrowRight');
    expect(audio.currentTime).toBe(5);
    key('ArrowRight');
    key('ArrowLeft');
    expect(audio.currentTime).toBe(5);
    expect(slider().getAttribute('aria-valuetext')).toBe('0:05 of 0:40');
    expect(slider().getAttribute('aria-valuenow')).toBe('5');
    key('End');
    expect(audio.currentTime).toBe(40);
    key('Home');
    expect(audio.currentTime).toBe(0);
    key('PageUp');
    expect(audio.currentTime).toBe(40);
    key('ArrowLeft');
    key('ArrowLeft');
    expect(audio.currentTime).toBe(30);
  });

  it('seeks where the waveform is clicked', () => {
    const { audio } = mount(TRACK);
    vi.spyOn(slider(), 'getBoundingClientRect').mockReturnValue({
      x: 10,
      y: 0,
      left: 10,
      top: 0,
      width: 200,
      height: 60,
      right: 210,
      bottom: 60,
      toJSON: () => ({}),
    });
    const Pointer = globalThis.PointerEvent ?? MouseEvent;
    slider().dispatchEvent(new Pointer('pointerdown', { clientX: 60, bubbles: true }));
    expect(audio.currentTime).toBe(10);
  });

  it('a playlist lists its tracks, plays the one clicked and moves on when one ends, past one not ready', () => {
    const { audio } = mount(PLAYLIST);
    const rows = [...root.querySelectorAll<HTMLButtonElement>('.embed-list button')];
    expect(rows.map((r) => r.querySelector('.embed-row-name')?.textContent)).toEqual([
      'Intro',
      'Still processing',
      'Outro',
    ]);
    expect(rows[1]!.disabled).toBe(true);
    expect(rows[0]!.getAttribute('aria-current')).toBe('true');
    expect(root.querySelector('span.embed-owner')?.textContent).toBe('Ada Lee');
    expect(root.querySelector('a.embed-owner')).toBeNull();

    button(/^Play Intro$/)!.click();
    audio.dispatchEvent(new Event('ended'));
    expect(audio.getAttribute('src')).toBe('/api/tracks/3/stream');
    expect(rows[2]!.getAttribute('aria-current')).toBe('true');
    expect(rows[0]!.hasAttribute('aria-current')).toBe(false);
    expect(root.querySelector('.embed-now')?.textContent).toBe('Outro');
    expect(audio.paused).toBe(false);

    rows[0]!.click();
    expect(audio.getAttribute('src')).toBe('/api/tracks/1/stream');
    expect(button(/^Pause Intro$/)).toBeDefined();
  });

  it('says so when there is nothing to play, and when the item is not available', () => {
    mount({ ...PLAYLIST, tracks: [] });
    expect(button(/^Play/)!.disabled).toBe(true);
    expect(slider().getAttribute('aria-disabled')).toBe('true');
    expect(root.textContent).toContain('No tracks to play');
    showUnavailable(root);
    expect(root.textContent).toContain('This player is not available.');
  });
});

describe('waveform bars', () => {
  it('takes the loudest pair under each bar, flat without peaks', () => {
    expect(barsOf([0, 0.2, -0.9, 0.1, 0, 0.5, -0.3, 0.3], 2)).toEqual([0.9, 0.5]);
    expect(barsOf(null, 3)).toEqual([0, 0, 0]);
  });
});
