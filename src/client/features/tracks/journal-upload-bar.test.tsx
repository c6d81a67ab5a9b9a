import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTrack } from '../../entities/track/test-tracks';
import { resetCsrfToken } from '../../lib/api-client';
import { PHONE_SCREEN } from '../../lib/use-media-query';
import { FakeXhr } from '../../test/fake-xhr';
import { json, mockFetch, never } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { JournalPage } from './journal-page';
import { FILE_DRAG_IDLE_MS } from './use-window-file-drop';

// Decision 0310: the full drop zone only for an empty journal, a one-line bar otherwise, and the
// whole window takes dropped files while they are dragged over it.

const tracks = [makeTrack({ id: 1, name: 'Morning Loop' }), makeTrack({ id: 2, name: 'Night Drone' })];

const audioFile = (name: string, type = 'audio/wav') =>
  new File([new Uint8Array([1, 2, 3])], name, { type, lastModified: Date.UTC(2024, 0, 2, 3, 4, 5) });

/** What a browser's dataTransfer says for files dragged in from the desktop. */
const fileDrag = (files: File[] = []) => ({ dataTransfer: { types: ['Files'], files, dropEffect: 'none' } });
/** ...and for a bit of selected text, or a link, dragged around. */
const textDrag = { dataTransfer: { types: ['text/plain', 'text/uri-list'], files: [], dropEffect: 'none' } };

const zone = () => screen.getByTestId('upload-drop-zone');
const overlay = () => screen.queryByTestId('upload-drop-overlay');

function journal(list: unknown = tracks, path = '/') {
  mockFetch({
    'GET /api/auth/csrf-token': () => json({ csrfToken: 'tok' }),
    'GET /api/tracks': (_init, url) => {
      const filtered = [...new URL(url, 'http://localhost').searchParams.keys()].some((k) => k !== 'sort');
      return json(filtered ? { items: [], nextCursor: null, total: 0, all: 2 } : list);
    },
  });
  return renderWithProviders(<JournalPage />, { path });
}

/** axe's serious and critical findings in the page (colour contrast needs real layout). */
async function seriousA11yViolations() {
  const results = await axe.run(document.body, {
    resultTypes: ['violations'],
    rules: { 'color-contrast': { enabled: false }, 'label-content-name-mismatch': { enabled: true } },
  });
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

// The filter bar is a lazy chunk the list waits for: loaded once up front, as a browser caches it.
beforeAll(async () => {
  await import('./track-filter-bar');
}, 30_000);

beforeEach(() => {
  resetCsrfToken();
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

// Uploads left unanswered would keep their places in the tab's upload pool (three) from later tests.
afterEach(() => {
  for (const xhr of FakeXhr.sent as FakeXhr[]) if (xhr.status === 0) xhr.respond(201, makeTrack({ id: 99 }));
});

describe('the journal upload bar (decision 0310)', () => {
  it('an empty journal gets the full drop zone with every spec text', async () => {
    journal([]);
    expect(await screen.findByText('No tracks in your journal yet')).toBeTruthy();
    expect(zone().dataset.variant).toBe('full');
    expect(within(zone()).getByText('Drop your tracks here')).toBeTruthy();
    expect(within(zone()).getByText('Supports MP3, WAV, M4A formats, multiple files')).toBeTruthy();
    expect(within(zone()).getByTestId('upload-private-note')).toBeTruthy();
    expect(within(zone()).getByRole('button', { name: 'Browse Files' })).toBeTruthy();
  });

  // Issue 25 (decision 0365): nothing is dragged onto a phone, and the big zone filled its first screen.
  it('on a phone an empty journal gets the compact bar, and the empty state says how to add tracks', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query === PHONE_SCREEN,
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    journal([]);
    expect(await screen.findByText('No tracks in your journal yet')).toBeTruthy();
    expect(zone().dataset.variant).toBe('compact');
    expect(within(zone()).getByRole('button', { name: 'Browse Files' })).toBeTruthy();
    expect(screen.getByText(/^Tap Browse Files above to add your first recordings/)).toBeTruthy();
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('a journal with tracks gets the one-line bar, keeping both texts, the picker and its accept list', async () => {
    journal();
    await screen.findByText('Morning Loop');
    expect(zone().dataset.variant).toBe('compact');
    expect(within(zone()).getByText('Drop your tracks here')).toBeTruthy();
    const browse = within(zone()).getByRole('button', { name: 'Browse Files' });
    // The formats line (shown beside it on wider screens) and the private note (decision 0140, no
    // room for it on the line) are the button's description.
    const described = (browse.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual([
      'Supports MP3, WAV, M4A formats, multiple files',
      'New tracks are private: only you see them until you make them public in Edit Track.',
    ]);
    expect(within(zone()).queryByTestId('upload-private-note')).toBeNull();
    const input = screen.getByTestId('track-file-input') as HTMLInputElement;
    expect(input.accept).toBe('audio/*');
    expect(input.multiple).toBe(true);
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('the bar is reached by Tab and opens the file picker from the keyboard', async () => {
    journal();
    await screen.findByText('Morning Loop');
    const input = screen.getByTestId('track-file-input') as HTMLInputElement;
    const picked = vi.spyOn(input, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(within(zone()).getByRole('button', { name: 'Browse Files' }));
    await user.keyboard('{Enter}');
    expect(picked).toHaveBeenCalledOnce();
  });

  it('while the journal loads: the compact bar, not the big zone', () => {
    mockFetch({ 'GET /api/tracks': never });
    renderWithProviders(<JournalPage />);
    expect(screen.getByText('Loading your tracks...')).toBeTruthy();
    expect(zone().dataset.variant).toBe('compact');
    expect(within(zone()).getByText('Drop your tracks here')).toBeTruthy();
  });

  it('a filter that finds nothing keeps the compact bar, not the full zone', async () => {
    journal(tracks, '/?q=zzz');
    expect(await screen.findByText('No tracks match these filters')).toBeTruthy();
    expect(zone().dataset.variant).toBe('compact');
    expect(screen.queryByTestId('upload-private-note')).toBeNull();
  });

  it('the first upload into an empty journal keeps its progress bar as the zone turns into the bar', async () => {
    const { queryClient } = journal([]);
    await screen.findByText('No tracks in your journal yet');
    fireEvent.change(screen.getByTestId('track-file-input'), { target: { files: [audioFile('First.wav')] } });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    (FakeXhr.sent[0] as FakeXhr).progress(50);
    await screen.findByRole('progressbar', { name: 'Uploading First.wav' });
    act(() => queryClient.setQueryData(['/api/tracks'], [makeTrack({ id: 9, name: 'Earlier' })]));
    await screen.findByText('Earlier');
    expect(zone().dataset.variant).toBe('compact');
    expect(
      screen.getByRole('progressbar', { name: 'Uploading First.wav' }).getAttribute('aria-valuenow'),
    ).toBe('50');
  });
});

describe('dropping files anywhere on the journal (decision 0310)', () => {
  it('files dragged over the window show the overlay; dropped on a row they upload', async () => {
    journal();
    const row = (await screen.findByText('Morning Loop')).closest('[data-testid="track-row"]') as HTMLElement;
    const before = document.activeElement;
    fireEvent.dragEnter(row, fileDrag());
    // The drop must be allowed there (dragover cancelled), or the browser would open the file.
    expect(fireEvent.dragOver(row, fileDrag())).toBe(false);
    const shown = overlay();
    expect(shown?.textContent).toContain('Drop your tracks here');
    expect(shown?.textContent).toContain('New tracks are private');
    // It takes neither focus nor pointer: nothing to tab to, and the page keeps its focus.
    expect(shown?.querySelector('button, a, input, [tabindex]')).toBeNull();
    expect(shown?.className).toContain('pointer-events-none');
    expect(document.activeElement).toBe(before);
    expect(await seriousA11yViolations()).toEqual([]);

    fireEvent.drop(row, fileDrag([audioFile('Late Take.wav')]));
    expect(overlay()).toBeNull();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0] as FakeXhr;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/tracks?duplicate=ask');
    expect(xhr.headers['x-csrf-token']).toBe('tok');
    expect((xhr.body as FormData).get('name')).toBe('Late Take');
    expect(((xhr.body as FormData).get('audio') as File).name).toBe('Late Take.wav');
    xhr.respond(201, makeTrack({ id: 3, name: 'Late Take' }));
    expect(await screen.findByText('Track uploaded')).toBeTruthy();
  });

  it('a dropped file that is not audio gets the spec toast and is not sent', async () => {
    journal();
    await screen.findByText('Morning Loop');
    fireEvent.dragEnter(document.body, fileDrag());
    fireEvent.drop(document.body, fileDrag([audioFile('cover.png', 'image/png')]));
    expect(await screen.findByText('cover.png is not an audio file')).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('a drop on the bar itself uploads once, not once for the bar and once for the window', async () => {
    journal();
    await screen.findByText('Morning Loop');
    fireEvent.dragEnter(zone(), fileDrag());
    fireEvent.drop(zone(), fileDrag([audioFile('Once.wav')]));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(FakeXhr.sent).toHaveLength(1);
  });

  it('a text or link drag shows nothing and is left to the browser', async () => {
    journal();
    const row = (await screen.findByText('Morning Loop')).closest('[data-testid="track-row"]') as HTMLElement;
    fireEvent.dragEnter(row, textDrag);
    expect(fireEvent.dragOver(row, textDrag)).toBe(true);
    fireEvent.dragOver(zone(), textDrag);
    expect(overlay()).toBeNull();
    expect(zone().className).not.toContain('bg-primary/10');
    fireEvent.drop(row, textDrag);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('a drag that started in the page (an image or link of ours) is not taken for files', async () => {
    journal();
    const row = (await screen.findByText('Morning Loop')).closest('[data-testid="track-row"]') as HTMLElement;
    fireEvent.dragStart(row);
    // Chrome also says 'Files' for an image dragged out of the page.
    fireEvent.dragEnter(row, fileDrag());
    fireEvent.dragOver(row, fileDrag());
    expect(overlay()).toBeNull();
    fireEvent.dragEnd(row);
    fireEvent.dragEnter(row, fileDrag());
    expect(overlay()).not.toBeNull();
  });

  it('dragging out of the window, Escape, or a drag that stops without a word hide it', async () => {
    journal();
    const row = (await screen.findByText('Morning Loop')).closest('[data-testid="track-row"]') as HTMLElement;
    // Entering a child before leaving its parent (the order browsers fire them in) keeps it up.
    fireEvent.dragEnter(zone(), fileDrag());
    fireEvent.dragEnter(row, fileDrag());
    fireEvent.dragLeave(zone(), fileDrag());
    expect(overlay()).not.toBeNull();
    fireEvent.dragLeave(row, fileDrag());
    expect(overlay()).toBeNull();

    fireEvent.dragEnter(row, fileDrag());
    expect(overlay()).not.toBeNull();
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(overlay()).toBeNull();
    // Still the same drag: it stays hidden, and a drop still uploads.
    fireEvent.dragOver(row, fileDrag());
    expect(overlay()).toBeNull();
    fireEvent.drop(row, fileDrag([audioFile('Anyway.wav')]));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));

    vi.useFakeTimers();
    try {
      fireEvent.dragEnter(row, fileDrag());
      expect(overlay()).not.toBeNull();
      act(() => vi.advanceTimersByTime(FILE_DRAG_IDLE_MS + 10));
      expect(overlay()).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('over an open dialog a file is neither shown as an upload nor taken (nor opened by the browser)', async () => {
    journal();
    await userEvent.click((await screen.findAllByRole('button', { name: 'Edit track' }))[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Track' });
    fireEvent.dragEnter(dialog, fileDrag());
    expect(fireEvent.dragOver(dialog, fileDrag())).toBe(false);
    expect(overlay()).toBeNull();
    fireEvent.drop(dialog, fileDrag([audioFile('Meant For Something Else.wav')]));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('only the journal listens: once it is gone, a file drag shows nothing', async () => {
    const { unmount } = journal();
    await screen.findByText('Morning Loop');
    unmount();
    fireEvent.dragEnter(document.body, fileDrag());
    expect(fireEvent.dragOver(document.body, fileDrag())).toBe(true);
    expect(overlay()).toBeNull();
  });
});
