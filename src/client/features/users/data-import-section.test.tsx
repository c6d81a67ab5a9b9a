import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserImport } from '../../../shared/schemas/imports';
import { applyLiveEvent } from '../../app/live-events';
import { resetCsrfToken } from '../../lib/api-client';
import { FakeXhr } from '../../test/fake-xhr';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { DataImportSection } from './data-import-section';
import { importSummary } from './import-summary';

const csrf = { 'GET /api/auth/csrf-token': () => json({ csrfToken: 'tok' }) };
const queued: UserImport = {
  id: '2a7d4c1e-9b3f-4e6a-8c5d-0f1e2d3c4b5a',
  state: 'queued',
  fileName: 'journal-export-2026-11-26.zip',
  total: 0,
  processed: 0,
  created: { tracks: 0, versions: 0, playlists: 0, equipment: 0 },
  skipped: { tracks: 0, playlists: 0 },
  refused: [],
  error: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  finishedAt: null,
};
const running: UserImport = { ...queued, state: 'running', total: 14, processed: 5 };
const done: UserImport = {
  ...running,
  state: 'done',
  processed: 14,
  created: { tracks: 12, versions: 15, playlists: 3, equipment: 4 },
  skipped: { tracks: 2, playlists: 0 },
  finishedAt: '2026-11-26T10:02:00.000Z',
};

const zip = () =>
  new File([new Uint8Array([0x50, 0x4b, 3, 4])], queued.fileName, { type: 'application/zip' });
const input = () => screen.getByTestId('import-file-input') as HTMLInputElement;
const chooseButton = () => screen.getByRole('button', { name: /Choose a zip|Importing/ });

beforeEach(() => {
  resetCsrfToken();
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

describe('DataImportSection', () => {
  it('uploads the zip with its progress, follows the import on its bar, then says what it did', async () => {
    let list: UserImport[] = [];
    const fetch = mockFetch({ ...csrf, 'GET /api/user/imports': () => json(list) });
    renderWithProviders(<DataImportSection />, { path: '/profile' });
    expect(screen.getByRole('heading', { name: 'Import a Journal export' })).toBeTruthy();
    expect(await screen.findByText('No import yet.')).toBeTruthy();
    expect(screen.getByText(/tracks you already have are skipped/)).toBeTruthy();
    expect(input().accept).toContain('.zip');
    expect(input().multiple).toBe(false);

    fireEvent.change(input(), { target: { files: [zip()] } });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0]!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/user/import']);
    expect(xhr.headers['x-csrf-token']).toBe('tok');
    expect((xhr.body!.get('file') as File).name).toBe(queued.fileName);
    // Focus follows the work, away from the button that is now disabled.
    expect(document.activeElement?.getAttribute('aria-live')).toBe('polite');
    expect((chooseButton() as HTMLButtonElement).disabled).toBe(true);

    xhr.progress(40);
    const upload = await screen.findByRole('progressbar', { name: `Uploading ${queued.fileName}` });
    await waitFor(() => expect(upload.getAttribute('aria-valuenow')).toBe('40'));
    expect(screen.getByText('40%')).toBeTruthy();
    xhr.progress(100);
    expect(await screen.findByText('Checking the archive…')).toBeTruthy();

    list = [running];
    xhr.respond(202, { id: queued.id, state: 'queued' });
    const bar = await screen.findByRole('progressbar', { name: `Importing ${queued.fileName}` });
    expect(bar.getAttribute('aria-valuenow')).toBe('5');
    expect(bar.getAttribute('aria-valuemax')).toBe('14');
    expect(bar.getAttribute('aria-valuetext')).toBe('5 of 14 tracks');
    expect(screen.queryByRole('progressbar', { name: /Uploading/ })).toBeNull();
    expect((chooseButton() as HTMLButtonElement).disabled).toBe(true);

    // No live event here: the list is polled while the import runs.
    const reads = callsTo(fetch, '/api/user/imports').length;
    list = [done];
    expect(
      await screen.findByText('Imported 12 tracks, 3 playlists · 2 tracks were already here', undefined, {
        timeout: 6_000,
      }),
    ).toBeTruthy();
    expect(callsTo(fetch, '/api/user/imports').length).toBeGreaterThan(reads);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect((screen.getByRole('button', { name: 'Choose a zip' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it.each([
    [413, 'The archive is larger than the 2 GiB upload limit'],
    [422, 'journal.json does not describe a Journal export: tracks.0.title is missing'],
    [409, 'An import is already running; wait for it to end'],
  ])('a %i refusal shows the server’s message and the button comes back', async (status, message) => {
    mockFetch({ ...csrf, 'GET /api/user/imports': () => json([]) });
    renderWithProviders(<DataImportSection />, { path: '/profile' });
    await screen.findByText('No import yet.');
    fireEvent.change(input(), { target: { files: [zip()] } });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0]!.respond(status, { statusCode: status, error: 'Refused', message });
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Choose a zip' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
  });

  it('a failed import shows its error; earlier imports are listed under it', async () => {
    const failed: UserImport = {
      ...running,
      id: '3b8e5d2f-0c4a-4f7b-9d6e-1a2b3c4d5e6f',
      state: 'failed',
      error: 'tracks/7/take.wav is past your storage quota; nothing was imported',
      finishedAt: '2026-11-26T11:00:00.000Z',
    };
    mockFetch({ 'GET /api/user/imports': () => json([failed, done]) });
    renderWithProviders(<DataImportSection />, { path: '/profile' });
    expect(await screen.findByText(failed.error!)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Earlier imports' })).toBeTruthy();
    expect(screen.getByRole('listitem').textContent).toContain(importSummary(done));
  });

  it("says what the archive held that broke the rules, by reason, in the server's words (issue 41)", async () => {
    const partly: UserImport = {
      ...done,
      refused: [
        { kind: 'track', count: 3, reason: 'Track name must be at most 200 characters' },
        { kind: 'playlist', count: 1, reason: 'Playlist name must be at most 100 characters' },
        { kind: 'equipment', count: 250, reason: 'At most 50 new equipment pages per import' },
      ],
    };
    mockFetch({ 'GET /api/user/imports': () => json([partly]) });
    renderWithProviders(<DataImportSection />, { path: '/profile' });
    expect(await screen.findByText(importSummary(partly))).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Not imported' });
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '3 tracks skipped: track name must be at most 200 characters',
      '1 playlist skipped: playlist name must be at most 100 characters',
      '250 equipment pages skipped: at most 50 new equipment pages per import',
    ]);
  });

  it('an import that refused nothing lists nothing more', async () => {
    mockFetch({ 'GET /api/user/imports': () => json([done]) });
    renderWithProviders(<DataImportSection />, { path: '/profile' });
    expect(await screen.findByText(importSummary(done))).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Not imported' })).toBeNull();
  });

  it('the importProgress live event moves the card, and a done import refreshes tracks and playlists', async () => {
    mockFetch({ 'GET /api/user/imports': () => json([queued]) });
    const { queryClient } = renderWithProviders(<DataImportSection />, {
      path: '/profile',
      seed: [
        [['/api/tracks'], []],
        [['/api/playlists'], []],
      ],
    });
    expect(await screen.findByText(/waiting to start/)).toBeTruthy();
    const send = (item: UserImport) =>
      act(() => applyLiveEvent(queryClient, { event: 'importProgress', data: { import: item } }, 'me'));

    send({ ...running, processed: 9 });
    const bar = await screen.findByRole('progressbar', { name: `Importing ${queued.fileName}` });
    expect(bar.getAttribute('aria-valuetext')).toBe('9 of 14 tracks');
    // A late event (sent before the one already shown) does not move the bar back.
    send(running);
    expect(bar.getAttribute('aria-valuenow')).toBe('9');
    expect(queryClient.getQueryState(['/api/tracks'])?.isInvalidated).toBe(false);

    send(done);
    expect(await screen.findByText(importSummary(done))).toBeTruthy();
    expect(queryClient.getQueryState(['/api/tracks'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['/api/playlists'])?.isInvalidated).toBe(true);
  });
});

describe('importSummary', () => {
  it('names only what there was, in the singular where it is one', () => {
    const base = { created: done.created, skipped: { tracks: 0, playlists: 0 } };
    expect(importSummary(base)).toBe('Imported 12 tracks, 3 playlists');
    expect(
      importSummary({
        created: { ...done.created, tracks: 1, playlists: 0 },
        skipped: { tracks: 1, playlists: 0 },
      }),
    ).toBe('Imported 1 track · 1 track was already here');
    expect(importSummary({ ...base, skipped: { tracks: 2, playlists: 1 } })).toBe(
      'Imported 12 tracks, 3 playlists · 2 tracks and 1 playlist were already here',
    );
  });
});
