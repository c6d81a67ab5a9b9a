import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DropdownMenu, DropdownMenuContent } from '../../components/ui/dropdown-menu';
import { makeTrack } from '../../entities/track/test-tracks';
import { json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { CompareVersionsItem } from '../tracks/compare-versions-item';
import { TrackBulkBar } from '../tracks/track-bulk-bar';
import { CompareProvider, type CompareRequest, useCompare } from './compare-context';

let opened: CompareRequest | null = null;
function Probe() {
  opened = useCompare().request;
  return null;
}

describe('where Compare opens from (issue 43)', () => {
  it('the bulk bar offers Compare for exactly two ticked takes, each its own slot', async () => {
    mockFetch({ 'GET /api/playlists': () => json([]) });
    const a = makeTrack({ id: 11, name: 'Take one' });
    const b = makeTrack({ id: 12, name: 'Take two' });
    const { unmount } = renderWithProviders(
      <CompareProvider>
        <Probe />
        <TrackBulkBar tracks={[a, b]} journal={[a, b]} onClear={() => {}} />
      </CompareProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Compare' }));
    expect(opened).toEqual({
      takes: [
        { trackId: 11, name: 'Take one' },
        { trackId: 12, name: 'Take two' },
      ],
    });
    unmount();
    renderWithProviders(
      <CompareProvider>
        <TrackBulkBar tracks={[a, b, makeTrack({ id: 13 })]} journal={[a, b]} onClear={() => {}} />
      </CompareProvider>,
    );
    expect(screen.queryByRole('button', { name: 'Compare' })).toBeNull();
  });

  it('"Compare versions" shows for a track with a second version only', async () => {
    renderWithProviders(
      <CompareProvider>
        <Probe />
        <DropdownMenu open>
          <DropdownMenuContent>
            <CompareVersionsItem track={{ id: 3, name: 'One take', version: 1 }} />
            <CompareVersionsItem track={{ id: 4, name: 'Two takes', version: 2 }} collectiveId={9} />
          </DropdownMenuContent>
        </DropdownMenu>
      </CompareProvider>,
    );
    const items = screen.getAllByRole('menuitem', { name: 'Compare versions' });
    expect(items).toHaveLength(1);
    await userEvent.click(items[0] as HTMLElement);
    expect(opened).toEqual({ takes: [{ trackId: 4, name: 'Two takes' }], collectiveId: 9 });
  });
});
