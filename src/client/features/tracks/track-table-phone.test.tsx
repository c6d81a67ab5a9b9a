import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../../shared/format';
import { trackOwner } from '../../entities/track/player-track';
import { makeTag, makeTrack } from '../../entities/track/test-tracks';
import { renderWithProviders } from '../../test/render';
import { layOutVirtualRows } from '../../test/virtual-layout';
import { TrackTable } from './track-table';

const juno = makeTag({ id: 5, name: 'Juno-60' });
const tagged = makeTrack({ id: 1, name: 'Dawn Chorus', equipment: [juno] });
// Another day than the first: rows sharing a day show the time too (track-date.test.tsx).
const bare = makeTrack({ id: 2, name: 'Bare Take', equipment: [], createdAt: '2024-05-03T12:00:00.000Z' });

/** A screen whose width makes the given `max-width` media queries match. */
function screenMatching(matches: (query: string) => boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: matches(query),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

const renderTable = () =>
  renderWithProviders(
    <TrackTable tracks={[tagged, bare]} owner={trackOwner(null)} sort="dateUploaded" onEdit={() => {}} />,
  );
const secondLine = (title: string) =>
  within(screen.getByText(title).closest('tr') as HTMLElement).queryByTestId('track-row-second-line');

afterEach(() => vi.restoreAllMocks());

// Issue 13, phones: what the hidden columns hold goes under the title (decision 0114).
describe('journal rows on narrow screens', () => {
  it('on a phone show the equipment and the date under the title', () => {
    screenMatching(() => true);
    renderTable();
    const line = secondLine('Dawn Chorus') as HTMLElement;
    expect(within(line).getByRole('link', { name: 'Juno-60' })).toBeTruthy();
    expect(line.textContent).toContain(formatDate(tagged.createdAt));
    // No tags: the date alone.
    expect(secondLine('Bare Take')?.textContent).toBe(formatDate(bare.createdAt));
  });

  it('under the title keep one chip and "+N" for the rest, so the row stays short (decision 0550)', () => {
    screenMatching(() => true);
    const kit = ['Moog Subsequent 37', 'Shure SM57', 'Zoom H5'].map((name, i) =>
      makeTag({ id: 10 + i, name }),
    );
    renderWithProviders(
      <TrackTable
        tracks={[makeTrack({ id: 3, name: 'Kitted Take', equipment: kit })]}
        owner={trackOwner(null)}
        sort="dateUploaded"
        onEdit={() => {}}
      />,
    );
    const line = secondLine('Kitted Take') as HTMLElement;
    expect(
      within(line)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Moog Subsequent 37']);
    expect(within(line).getByRole('button', { name: '2 more: Shure SM57, Zoom H5' }).textContent).toBe('+2');
  });

  it('on a tablet show only the date there (the equipment column is back)', () => {
    screenMatching((query) => query.includes('63.999rem'));
    renderTable();
    const line = secondLine('Dawn Chorus') as HTMLElement;
    expect(within(line).queryByRole('link')).toBeNull();
    expect(line.textContent).toBe(formatDate(tagged.createdAt));
  });

  it('on a wide screen add no second line', () => {
    screenMatching(() => false);
    renderTable();
    expect(secondLine('Dawn Chorus')).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Juno-60' })).toHaveLength(1);
  });
});

describe('a long journal on a phone (decision 0932)', () => {
  it('spans only the columns shown with its spacer rows, so the hidden ones take no width', async () => {
    screenMatching((query) => query.includes('max-width'));
    layOutVirtualRows(150);
    const many = Array.from({ length: 300 }, (_, i) => makeTrack({ id: i + 1, name: `Take ${i + 1}` }));
    renderWithProviders(
      <TrackTable tracks={many} owner={trackOwner(null)} sort="dateUploaded" onEdit={() => {}} />,
    );
    await waitFor(() =>
      expect(screen.getAllByTestId('track-row')[0]?.hasAttribute('aria-rowindex')).toBe(true),
    );
    const spacer = document.querySelector('tr[data-spacer] td') as HTMLTableCellElement;
    // Number, title, duration and actions: equipment and date are under the title.
    expect(spacer.colSpan).toBe(4);
  });
});
