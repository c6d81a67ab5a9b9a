import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeTrack } from '../../entities/track/test-tracks';
import { resetCsrfToken } from '../../lib/api-client';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders, testUser } from '../../test/render';
import { JournalPage } from './journal-page';

const mine = makeTrack({ id: 7, name: 'Harbour Lights', userId: testUser.id, version: 1 });
const audio = () => new File([new Uint8Array([1, 2, 3])], 'harbour-v2.wav', { type: 'audio/wav' });

/** The journal answers version 1 until a new version was posted, then version 2. */
function routes(post: () => Response | Promise<Response>) {
  let uploaded = false;
  return {
    'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
    'GET /api/auth/user': () => json(testUser),
    'GET /api/tracks': () => json([uploaded ? { ...mine, version: 2, filename: 'harbour-v2.wav' } : mine]),
    'POST /api/tracks/7/versions': async () => {
      const res = await post();
      if (res.ok) uploaded = true;
      return res;
    },
  };
}

async function openDialog() {
  renderWithProviders(<JournalPage />);
  await screen.findByText('Harbour Lights');
  await userEvent.click(screen.getByRole('button', { name: 'More options' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Upload new version…' }));
  return screen.findByRole('dialog', { name: 'Upload new version' });
}

beforeEach(() => resetCsrfToken());

describe('Upload new version', () => {
  it('sends the file and the note, says "Version 2 uploaded" and the row shows v2', async () => {
    const fetch = mockFetch(routes(() => json({ ...mine, version: 2 }, 201)));
    const dialog = await openDialog();
    const submit = within(dialog).getByRole('button', { name: 'Upload version' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    await userEvent.upload(within(dialog).getByLabelText('Audio file'), audio());
    await userEvent.type(within(dialog).getByLabelText('What changed (optional)'), 'Quieter snare');
    await userEvent.click(submit);

    expect(await screen.findByText('Version 2 uploaded')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [, init] = callsTo(fetch, '/api/tracks/7/versions')[0] ?? [];
    const form = init?.body as FormData;
    expect(form.get('note')).toBe('Quieter snare');
    expect((form.get('file') as File).name).toBe('harbour-v2.wav');
    expect(init?.headers).toMatchObject({ 'x-csrf-token': 't' });
    // The journal was read again and marks the new version.
    expect((await screen.findByTestId('track-version')).textContent).toBe('v2');
  });

  it("keeps the dialog open with the server's reason when the upload is refused", async () => {
    mockFetch(
      routes(() =>
        json(
          { statusCode: 415, error: 'Unsupported Media Type', message: 'notes.txt is not an audio file' },
          415,
        ),
      ),
    );
    const dialog = await openDialog();
    await userEvent.upload(within(dialog).getByLabelText('Audio file'), audio());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload version' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('notes.txt is not an audio file');
    expect(screen.getByRole('dialog', { name: 'Upload new version' })).toBeTruthy();
    expect(screen.queryByTestId('track-version')).toBeNull();
  });

  it('refuses a note past 500 characters before sending', async () => {
    const fetch = mockFetch(routes(() => json({ ...mine, version: 2 }, 201)));
    const dialog = await openDialog();
    await userEvent.upload(within(dialog).getByLabelText('Audio file'), audio());
    const note = within(dialog).getByLabelText('What changed (optional)');
    await userEvent.click(note);
    await userEvent.paste('n'.repeat(501));
    expect(within(dialog).getByRole('alert').textContent).toContain('at most 500 characters');
    const submit = within(dialog).getByRole('button', { name: 'Upload version' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    expect(callsTo(fetch, '/api/tracks/7/versions')).toHaveLength(0);
  });

  it('is offered to the owner only', async () => {
    mockFetch({
      'GET /api/auth/user': () => json(testUser),
      'GET /api/tracks': () => json([{ ...mine, userId: 'someone-else' }]),
    });
    renderWithProviders(<JournalPage />);
    await screen.findByText('Harbour Lights');
    await userEvent.click(screen.getByRole('button', { name: 'More options' }));
    expect(await screen.findByRole('menuitem', { name: 'Play next' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Upload new version…' })).toBeNull();
  });
});
