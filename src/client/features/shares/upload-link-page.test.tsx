import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SharedItem } from '../../../shared/schemas/shares';
import { resetCsrfToken } from '../../lib/api-client';
import { FakeXhr } from '../../test/fake-xhr';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { SharedItemPage } from './shared-item-page';

// Issue 45, an upload link's page (decision 0737): a guest sends files into the owner's journal.
const TOKEN = 'U'.repeat(43);
const API = `/api/shares/by-token/${TOKEN}`;
const GB = 1024 ** 3;

const uploadLink = (extra: Partial<Extract<SharedItem, { type: 'upload' }>> = {}): SharedItem => ({
  type: 'upload',
  description: 'Stems for the EP, please',
  expiresAt: null,
  owner: { displayName: 'Ada Lovelace', username: 'ada', avatarUrl: null },
  maxFiles: 5,
  maxBytes: 2 * GB,
  remainingFiles: 3,
  remainingBytes: 1.2 * GB,
  guest: null,
  sent: [],
  ...extra,
});

const wav = (name: string, bytes = 2048) => new File([new Uint8Array(bytes)], name, { type: 'audio/wav' });
const sent = () => FakeXhr.sent as FakeXhr[];

function renderPage(link: SharedItem) {
  const fetch = mockFetch({
    [`GET ${API}`]: () => json(link),
    'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
  });
  const view = renderWithProviders(<SharedItemPage token={TOKEN} />, { path: `/s/${TOKEN}` });
  return { ...view, fetch };
}

beforeEach(() => {
  resetCsrfToken();
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

describe('UploadLinkPage', () => {
  it('shows whose link it is, its message and what it still takes; nothing sent yet', async () => {
    const { container } = renderPage(uploadLink());
    expect(
      await screen.findByRole('heading', { level: 1, name: /Ada Lovelace asks for your files/ }),
    ).toBeTruthy();
    expect(screen.getByText('Stems for the EP, please')).toBeTruthy();
    expect(screen.getByTestId('upload-link-caps').textContent).toBe('3 of 5 files left · 1.2 GB left');
    expect(screen.getByRole('heading', { name: 'What you sent' })).toBeTruthy();
    expect(screen.getByText(/Nothing yet/)).toBeTruthy();
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });

  it('asks for the name before sending anything', async () => {
    renderPage(uploadLink());
    await userEvent.click(await screen.findByRole('button', { name: 'Choose files' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Enter your name first/);
    expect(document.activeElement).toBe(screen.getByLabelText('Your name'));
    // Files dropped or picked without a name are not sent either.
    await userEvent.upload(screen.getByTestId('upload-link-file-input'), wav('mix.wav'));
    expect(sent()).toHaveLength(0);
  });

  it('sends each file with the name, shows its progress, then lists it under What you sent', async () => {
    const { fetch } = renderPage(uploadLink());
    await userEvent.type(await screen.findByLabelText('Your name'), 'Grace');
    await userEvent.upload(screen.getByTestId('upload-link-file-input'), wav('mix.wav', 4096));
    await waitFor(() => expect(sent()).toHaveLength(1));
    const xhr = sent()[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(`${API}/uploads`);
    expect(xhr.headers['x-csrf-token']).toBe('t');
    expect((xhr.body as FormData).get('name')).toBe('Grace');
    expect(((xhr.body as FormData).get('audio') as File).name).toBe('mix.wav');

    xhr.progress(40);
    expect((await screen.findByLabelText('Sending mix.wav')).getAttribute('value')).toBe('40');
    expect(screen.getByText('40 %')).toBeTruthy();

    xhr.respond(201, {
      name: 'mix.wav',
      size: 4096,
      createdAt: '2026-06-01T12:00:00.000Z',
      state: 'pending',
    });
    const list = await screen.findByTestId('upload-link-sent');
    expect(within(list).getByText('mix.wav')).toBeTruthy();
    expect(within(list).getByText(/being processed/)).toBeTruthy();
    expect(screen.getByTestId('upload-link-caps').textContent).toMatch(/^2 of 5 files left/);
    expect(screen.queryByLabelText('Sending mix.wav')).toBeNull();
    // The page is not read again: that would count a visit.
    expect(callsTo(fetch, API)).toHaveLength(1);
  });

  it('says why a file was refused and keeps the others going', async () => {
    renderPage(uploadLink({ guest: { name: 'Grace' } }));
    expect(((await screen.findByLabelText('Your name')) as HTMLInputElement).value).toBe('Grace');
    await userEvent.upload(screen.getByTestId('upload-link-file-input'), [wav('notes.wav'), wav('b.wav')]);
    await waitFor(() => expect(sent()).toHaveLength(1));
    sent()[0]!.respond(415, {
      statusCode: 415,
      error: 'Unsupported Media Type',
      message: 'notes.wav is not an audio file',
    });
    await waitFor(() => expect(sent()).toHaveLength(2));
    expect(await screen.findByText('notes.wav is not an audio file')).toBeTruthy();
  });

  it('shows only what this browser sent, and a full link takes no more', async () => {
    renderPage(
      uploadLink({
        remainingFiles: 0,
        guest: { name: 'Grace' },
        sent: [
          { name: 'take 2.wav', size: 1024 * 1024, createdAt: '2026-06-01T12:00:00.000Z', state: 'ready' },
        ],
      }),
    );
    const list = await screen.findByTestId('upload-link-sent');
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText('take 2.wav')).toBeTruthy();
    expect(within(list).getByText('Received')).toBeTruthy();
    expect(screen.getByText('This link has taken all it can')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Choose files' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
