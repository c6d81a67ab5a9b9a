import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { updateOfflineSnapshot } from '../../entities/offline/offline-status';
import { trackOwner } from '../../entities/track/player-track';
import { makeTag, makeTrack } from '../../entities/track/test-tracks';
import { TrackTitleCell } from '../../entities/track/track-row-cells';
import { renderWithProviders } from '../../test/render';
import { TrackTable } from './track-table';

// Issue 42, items 1 and 7 (decision 0550): rows that fit their content. The name is never cut on
// one line: it wraps, and where it is clamped it shows whole on hover (its title) and on focus;
// notes take up to two lines; the kit shows two chips and "+N"; tracks kept offline are marked.

const NAME = 'Kick Loop 120bpm v3 — Night Drive Take 07';
const NOTES = 'Recorded late after the rehearsal; keep the intro, redo the fills. '.repeat(3);
const kit = ['Juno-60', 'TR-808', 'SM57', 'Zoom H5'].map((name, i) => makeTag({ id: i + 1, name }));
const take = makeTrack({ id: 7, name: NAME, notes: NOTES, equipment: kit });
const other = makeTrack({ id: 8, name: 'Bare Take', equipment: [] });

const renderTable = () =>
  renderWithProviders(
    <TrackTable tracks={[take, other]} owner={trackOwner(null)} sort="dateUploaded" onEdit={() => {}} />,
  );
const row = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

afterEach(() =>
  updateOfflineSnapshot({ indexLoaded: false, trackIds: new Set(), playlistIds: new Set(), jobs: new Map() }),
);

describe('journal rows that fit their content', () => {
  it('wrap the name instead of cutting it on one line, and show it whole on hover and focus', () => {
    renderTable();
    const name = screen.getByRole('link', { name: NAME });
    expect(name.getAttribute('title')).toBe(NAME);
    expect(name.className).not.toMatch(/\btruncate\b/);
    expect(name.className).toContain('sm:line-clamp-2');
    // The keyboard: a focused name drops its clamp.
    expect(name.className).toContain('focus:line-clamp-none');
  });

  it('give notes up to two lines, whole on hover', () => {
    renderTable();
    const notes = within(row(NAME)).getByText(NOTES.trim());
    expect(notes.className).toContain('line-clamp-2');
    expect(notes.className).not.toMatch(/\btruncate\b/);
    expect(notes.getAttribute('title')).toBe(NOTES);
  });

  it('show two equipment chips and "+N" naming the rest', () => {
    renderTable();
    const chips = within(row(NAME)).getByRole('list', { name: 'Equipment' });
    expect(
      within(chips)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Juno-60', 'TR-808']);
    expect(within(chips).getByRole('button', { name: '2 more: SM57, Zoom H5' }).textContent).toBe('+2');
  });

  it('mark the tracks kept offline, "Kept offline", and only those', () => {
    renderTable();
    expect(screen.queryByRole('img', { name: 'Kept offline' })).toBeNull();
    act(() => updateOfflineSnapshot({ indexLoaded: true, trackIds: new Set([7]) }));
    const mark = within(row(NAME)).getByRole('img', { name: 'Kept offline' });
    expect(mark.getAttribute('title')).toBe('Kept offline');
    expect(within(row('Bare Take')).queryByRole('img', { name: 'Kept offline' })).toBeNull();
  });

  it('size the row checkboxes 24 px on phones (WCAG 2.5.8)', () => {
    renderWithProviders(
      <TrackTable
        tracks={[take]}
        owner={trackOwner(null)}
        sort="dateUploaded"
        onEdit={() => {}}
        selection={{
          selected: new Set(),
          toggle: () => {},
          selectAll: () => {},
          clear: () => {},
        }}
      />,
    );
    for (const box of screen.getAllByRole('checkbox')) {
      expect(box.className).toContain('pointer-coarse:size-6');
      expect(box.className).toContain('max-sm:size-6');
    }
  });
});

describe('playlist and collective rows that fit their content', () => {
  it('show a cut name whole on hover and focus, and mark a track kept offline', () => {
    act(() => updateOfflineSnapshot({ indexLoaded: true, trackIds: new Set([7]) }));
    renderWithProviders(<TrackTitleCell track={take} current={false} lines={1} />);
    const name = screen.getByRole('link', { name: NAME });
    expect(name.getAttribute('title')).toBe(NAME);
    expect(name.className).toContain('focus:whitespace-normal');
    expect(screen.getByRole('img', { name: 'Kept offline' })).toBeTruthy();
  });

  it('give the name and the notes two lines where the row may grow', () => {
    renderWithProviders(<TrackTitleCell track={take} current={false} />);
    expect(screen.getByRole('link', { name: NAME }).className).toContain('line-clamp-2');
    expect(screen.getByText(NOTES.trim()).className).toContain('line-clamp-2');
  });
});
