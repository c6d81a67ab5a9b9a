import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TrackVersion } from '../../../shared/schemas/track-versions';
import type { Track } from '../../../shared/schemas/tracks';
import type { SharedTrack } from '../../../shared/schemas/users';
import { readyMedia } from '../../entities/track/test-tracks';
import { resetCsrfToken } from '../../lib/api-client';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders, testUser } from '../../test/render';
import { SharedTrackPage } from './shared-track-page';

// The owner's versions on the track page (decision 0430): earlier files to download or delete.
const track: Track = {
  id: 12,
  userId: testUser.id,
  name: 'Night Bus',
  ...readyMedia,
  version: 3,
  filename: 'night-bus-3.wav',
  mimeType: 'audio/wav',
  size: 3 * 1024 * 1024,
  duration: 184,
  notes: null,
  fileCreatedAt: null,
  shareToEquipmentPages: true,
  visibility: 'private',
  createdAt: '2024-05-01T00:00:00.000Z',
  updatedAt: '2024-05-03T00:00:00.000Z',
  equipment: [],
};
const shared = (t: Track): SharedTrack => ({
  track: t,
  user: {
    id: t.userId,
    username: null,
    firstName: 'Grace',
    lastName: 'Hopper',
    avatarUrl: null,
    updatedAt: '2024-05-01T00:00:00.000Z',
  },
});
const version = (v: number, extra: Partial<TrackVersion>): TrackVersion => ({
  id: v,
  trackId: 12,
  version: v,
  note: null,
  filename: `night-bus-${v}.wav`,
  size: v * 1024 * 1024,
  createdAt: `2024-05-0${v}T00:00:00.000Z`,
  hasFile: true,
  current: false,
  processingState: 'ready',
  duration: 120,
  loudnessLufs: -14,
  truePeakDb: -1,
  loudnessRange: null,
  streamUrl: `/api/tracks/12/versions/${v}/stream`,
  peaksUrl: `/api/tracks/12/versions/${v}/waveform`,
  alignSeconds: 0,
  audioStartSeconds: 0,
  ...extra,
});

function routes(t: Track = track) {
  let v1Deleted = false;
  return {
    'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
    'GET /api/tracks/12': () => json(shared(t)),
    'GET /api/tracks/12/plays': () => json({ total: 0, listeners: 0, collectives: [] }),
    'GET /api/tracks/12/versions': () =>
      json([
        version(3, {}),
        version(2, { note: 'Louder snare' }),
        version(1, { filename: 'night-bus.wav', hasFile: !v1Deleted }),
      ]),
    'DELETE /api/tracks/12/versions/1/original': () => {
      v1Deleted = true;
      return new Response(null, { status: 204 });
    },
  };
}

const render = () =>
  renderWithProviders(<SharedTrackPage trackId="12" />, {
    path: '/track/12',
    seed: [[['/api/auth/user'], testUser]],
  });

beforeEach(() => resetCsrfToken());

describe('the versions list on the track page', () => {
  it('offers Download and Delete file, with the size, for earlier versions that have a file', async () => {
    mockFetch(routes());
    render();
    const list = await screen.findByRole('region', { name: 'Versions' });
    const v1 = await within(list).findByRole('listitem', { name: 'Version 1' });
    expect(v1.textContent).toContain('night-bus.wav');
    expect(v1.textContent).toContain('1.0 MB');
    const download = within(v1).getByRole('link', { name: 'Download version 1' });
    expect(download.getAttribute('href')).toBe('/api/tracks/12/versions/1/original');
    expect(download.hasAttribute('download')).toBe(true);
    expect(within(v1).getByRole('button', { name: 'Delete file of version 1' })).toBeTruthy();
    const v2 = within(list).getByRole('listitem', { name: 'Version 2' });
    expect(v2.textContent).toContain('Louder snare');
    expect(v2.textContent).toContain('2.0 MB');
    // The current version is the track itself: its file is downloaded and deleted with the track.
    const v3 = within(list).getByRole('listitem', { name: 'Version 3' });
    expect(v3.textContent).toContain('Current');
    expect(within(v3).queryByRole('link')).toBeNull();
    expect(within(v3).queryByRole('button')).toBeNull();
  });

  it('asks before deleting a file, then shows the version without it', async () => {
    const fetch = mockFetch(routes());
    render();
    const v1 = await screen.findByRole('listitem', { name: 'Version 1' });
    await userEvent.click(within(v1).getByRole('button', { name: 'Delete file of version 1' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete the file of version 1' });
    expect(confirm.textContent).toContain('night-bus.wav (1.0 MB)');
    // Cancel deletes nothing.
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetch, '/api/tracks/12/versions/1/original')).toHaveLength(0);

    await userEvent.click(within(v1).getByRole('button', { name: 'Delete file of version 1' }));
    const again = await screen.findByRole('alertdialog', { name: 'Delete the file of version 1' });
    await userEvent.click(within(again).getByRole('button', { name: 'Delete file' }));
    await waitFor(() => expect(callsTo(fetch, '/api/tracks/12/versions/1/original')).toHaveLength(1));
    const [, init] = callsTo(fetch, '/api/tracks/12/versions/1/original')[0]!;
    expect(init?.method).toBe('DELETE');
    expect(init?.headers).toMatchObject({ 'x-csrf-token': 't' });
    expect(await screen.findByText('File of version 1 deleted')).toBeTruthy();
    await waitFor(() => {
      const after = screen.getByRole('listitem', { name: 'Version 1' });
      expect(after.textContent).toContain('File deleted');
      expect(within(after).queryByRole('button')).toBeNull();
      expect(within(after).queryByRole('link')).toBeNull();
    });
  });

  it('is not shown to a listener who does not own the track, nor for a track with one version', async () => {
    const fetch = mockFetch(routes({ ...track, userId: 'someone-else' }));
    const { unmount } = render();
    await screen.findByRole('article', { name: 'Night Bus' });
    expect(screen.queryByRole('region', { name: 'Versions' })).toBeNull();
    expect(callsTo(fetch, '/api/tracks/12/versions')).toHaveLength(0);
    unmount();

    const fetchOne = mockFetch(routes({ ...track, version: 1 }));
    render();
    await screen.findByRole('article', { name: 'Night Bus' });
    await screen.findByTestId('track-play-counts');
    expect(screen.queryByRole('region', { name: 'Versions' })).toBeNull();
    expect(callsTo(fetchOne, '/api/tracks/12/versions')).toHaveLength(0);
  });

  it('hides itself when the list holds only the current version (the API answers it as a take)', async () => {
    const fetch = mockFetch({
      ...routes({ ...track, version: 2 }),
      'GET /api/tracks/12/versions': () => json([version(2, { current: true })]),
    });
    render();
    await waitFor(() => expect(callsTo(fetch, '/api/tracks/12/versions')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('track-versions')).toBeNull());
    expect(screen.getByRole('article', { name: 'Night Bus' })).toBeTruthy();
  });
});
