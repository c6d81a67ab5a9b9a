import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { deferred, makeTag, makeTrack } from '../../entities/track/test-tracks';
import { resetCsrfToken } from '../../lib/api-client';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { JournalPage } from './journal-page';

const original = makeTrack({ id: 1, name: 'Morning Loop', notes: 'First take' });
const csrf = () => json({ csrfToken: 't' });

/** The first read answers; later reads (the refresh after a save) never do, so what shows is the cache. */
function tracksOnce() {
  let calls = 0;
  return () => (calls++ === 0 ? json([original]) : new Promise<Response>(() => {}));
}

async function openEditor() {
  renderWithProviders(<JournalPage />);
  await screen.findByText('Morning Loop');
  await userEvent.click(screen.getByRole('button', { name: 'Edit track' }));
  return screen.findByRole('dialog', { name: 'Edit Track' });
}

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));

beforeEach(() => resetCsrfToken());

describe('EditTrackDialog', () => {
  it('shows the new values at once and rolls back with a toast when the save fails', async () => {
    const reply = deferred<Response>();
    mockFetch({
      'GET /api/tracks': tracksOnce(),
      'GET /api/auth/csrf-token': csrf,
      'PATCH /api/tracks/1': () => reply.promise,
    });
    const dialog = await openEditor();
    const name = within(dialog).getByLabelText('Track Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Renamed Loop');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    // Optimistic: the dialog is gone and the row already carries the new name.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Renamed Loop')).toBeTruthy();

    reply.resolve(
      json({ statusCode: 500, error: 'Internal Server Error', message: 'Database is down' }, 500),
    );
    expect(await screen.findByText('Update failed')).toBeTruthy();
    expect(screen.getByText('Database is down')).toBeTruthy();
    // The list follows the cache in a deferred render (decision 0932): within a frame, not at once.
    expect(await screen.findByText('Morning Loop')).toBeTruthy();
    expect(screen.queryByText('Renamed Loop')).toBeNull();
  });

  it('falls back to "Failed to update track" when the reply says nothing useful', async () => {
    mockFetch({
      'GET /api/tracks': tracksOnce(),
      'GET /api/auth/csrf-token': csrf,
      'PATCH /api/tracks/1': () => new Response('<html>oops</html>', { status: 502 }),
    });
    const dialog = await openEditor();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update track')).toBeTruthy();
  });

  it('saves name, notes (blank as null) and sharing, and says so', async () => {
    const fetch = mockFetch({
      'GET /api/tracks': tracksOnce(),
      'GET /api/auth/csrf-token': csrf,
      'PATCH /api/tracks/1': (init) => json({ ...original, ...bodyOf(init) }),
    });
    const dialog = await openEditor();
    expect((within(dialog).getByLabelText('Notes') as HTMLTextAreaElement).value).toBe('First take');
    await userEvent.clear(within(dialog).getByLabelText('Notes'));
    await userEvent.type(within(dialog).getByLabelText('Track Name'), '  ');
    const share = within(dialog).getByRole('checkbox', { name: /Share this track on the equipment pages/ });
    expect(share.getAttribute('aria-checked')).toBe('true');
    await userEvent.click(share);
    // Visibility (decision 0140): the fixture is public; made private here.
    expect((within(dialog).getByRole('radio', { name: /^Public/ }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Private/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Track updated')).toBeTruthy();
    const [, init] = callsTo(fetch, '/api/tracks/1')[0] ?? [];
    expect(bodyOf(init)).toEqual({
      name: 'Morning Loop',
      notes: null,
      shareToEquipmentPages: false,
      visibility: 'private',
    });
  });

  it('will not save an empty name', async () => {
    const fetch = mockFetch({ 'GET /api/tracks': tracksOnce() });
    const dialog = await openEditor();
    await userEvent.clear(within(dialog).getByLabelText('Track Name'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Track name is required')).toBeTruthy();
    expect(callsTo(fetch, '/api/tracks/1')).toHaveLength(0);
  });

  it('Cancel closes without saving', async () => {
    const fetch = mockFetch({ 'GET /api/tracks': tracksOnce() });
    const dialog = await openEditor();
    await userEvent.type(within(dialog).getByLabelText('Track Name'), ' changed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetch, '/api/tracks/1')).toHaveLength(0);
  });

  it('says that tags save at once, and Cancel leaves a tag added in the dialog on the track', async () => {
    const juno = makeTag({ id: 6, name: 'Juno-106' });
    const fetch = mockFetch({
      'GET /api/tracks': tracksOnce(),
      'GET /api/auth/csrf-token': csrf,
      'GET /api/equipment/search': () => json([juno]),
      'POST /api/tracks/1/equipment': () => json(juno, 201),
    });
    const dialog = await openEditor();
    const combobox = within(dialog).getByRole('combobox', { name: 'Tag the kit you used' });
    const hint = document.getElementById(String(combobox.getAttribute('aria-describedby')));
    expect(hint?.textContent).toBe(
      'Tags are saved as soon as you add or remove them; Cancel does not undo them.',
    );

    await userEvent.type(combobox, 'Juno');
    await userEvent.click(await within(dialog).findByRole('option', { name: /Juno-106/ }));
    expect(await screen.findByText('Equipment Added')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The tag was saved when added, as the dialog said; Cancel sent nothing more.
    expect(screen.getByText('Juno-106')).toBeTruthy();
    expect(callsTo(fetch, '/api/tracks/1/equipment')).toHaveLength(1);
    expect(callsTo(fetch, '/api/tracks/1').filter(([, init]) => init?.method === 'PATCH')).toHaveLength(0);
  });

  it('deletes the track after naming it in the confirmation', async () => {
    const fetch = mockFetch({
      'GET /api/tracks': tracksOnce(),
      'GET /api/auth/csrf-token': csrf,
      'DELETE /api/tracks/1': () => json({ success: true }),
    });
    const dialog = await openEditor();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Track' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain(
      'Are you sure you want to delete "Morning Loop"? This action cannot be undone.',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Track deleted')).toBeTruthy();
    expect(callsTo(fetch, '/api/tracks/1')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId('track-row')).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the track and explains when deleting fails', async () => {
    mockFetch({
      'GET /api/tracks': tracksOnce(),
      'GET /api/auth/csrf-token': csrf,
      'DELETE /api/tracks/1': () =>
        json({ statusCode: 404, error: 'Not Found', message: 'Track not found' }, 404),
    });
    const dialog = await openEditor();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Track' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Delete failed')).toBeTruthy();
    expect(screen.getByText('Track not found')).toBeTruthy();
    expect(screen.getAllByTestId('track-row')).toHaveLength(1);
  });
});
