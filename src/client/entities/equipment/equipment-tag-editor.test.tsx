import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api-client';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { deferred, makeTag, makeTrack } from '../track/test-tracks';
import { TRACKS_KEY, useTracks } from '../track/use-tracks';
import { EquipmentTagEditor } from './equipment-tag-editor';

const juno60 = makeTag({ id: 5, name: 'Juno-60' });
const juno106 = makeTag({ id: 6, name: 'Juno-106', category: 'Hardware Sampler' });
const track = makeTrack({ id: 1, equipment: [juno60] });

/** The editor fed from the cached track list, as the Edit Track dialog feeds it. */
function Harness() {
  const { data } = useTracks('dateUploaded');
  const current = data?.[0];
  return current ? <EquipmentTagEditor trackId={current.id} equipment={current.equipment} /> : null;
}

function setup(onSubmit?: () => void) {
  const ui = onSubmit ? (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Harness />
    </form>
  ) : (
    <Harness />
  );
  return renderWithProviders(ui, { seed: [[TRACKS_KEY, [track]]] });
}

const input = () => screen.getByRole('combobox', { name: 'Tag the kit you used' });
const tagged = () =>
  within(screen.getByRole('list', { name: 'Tagged equipment' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);
const searches = (fetch: ReturnType<typeof mockFetch>) =>
  callsTo(fetch, '/api/equipment/search').map(([url]) => String(url));
const csrf = () => json({ csrfToken: 't' });

beforeEach(() => resetCsrfToken());

describe('EquipmentTagEditor', () => {
  it('searches from 2 typed characters and hides tags already on the track', async () => {
    const fetch = mockFetch({ 'GET /api/equipment/search': () => json([juno60, juno106]) });
    setup();
    expect(input().getAttribute('placeholder')).toBe('Tag the kit you used');
    await userEvent.type(input(), 'J');
    await new Promise((r) => setTimeout(r, 300));
    expect(searches(fetch)).toEqual([]);
    expect(screen.queryByRole('listbox')).toBeNull();

    await userEvent.type(input(), 'uno');
    const list = await screen.findByRole('listbox');
    await within(list).findByRole('option', { name: /Juno-106/ });
    expect(searches(fetch)).toEqual(['/api/equipment/search?q=Juno']);
    expect(within(list).queryByRole('option', { name: /Juno-60/ })).toBeNull();
    expect(within(list).getByRole('option', { name: 'Create "Juno"' })).toBeTruthy();
  });

  it('closes the suggestions 200 ms after the input loses focus', async () => {
    mockFetch({ 'GET /api/equipment/search': () => json([juno106]) });
    setup();
    await userEvent.type(input(), 'Juno');
    await screen.findByRole('option', { name: /Juno-106/ });
    const blurredAt = Date.now();
    fireEvent.blur(input());
    expect(screen.getByRole('listbox')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(Date.now() - blurredAt).toBeGreaterThanOrEqual(190);
  });

  it('offers no create option for a name that already exists', async () => {
    mockFetch({ 'GET /api/equipment/search': () => json([juno60]) });
    setup();
    await userEvent.type(input(), 'juno-60');
    const list = await screen.findByRole('listbox');
    expect(await within(list).findByText('Already tagged')).toBeTruthy();
    expect(within(list).queryByRole('option')).toBeNull();
  });

  it('adds a suggestion at once and confirms with a toast', async () => {
    const reply = deferred<Response>();
    const fetch = mockFetch({
      'GET /api/equipment/search': () => json([juno106]),
      'GET /api/auth/csrf-token': csrf,
      'POST /api/tracks/1/equipment': () => reply.promise,
    });
    setup();
    await userEvent.type(input(), 'Juno-1');
    await userEvent.click(await screen.findByRole('option', { name: /Juno-106/ }));
    expect(tagged()).toEqual(['Juno-60', 'Juno-106']);
    expect((input() as HTMLInputElement).value).toBe('');
    reply.resolve(json(juno106, 201));
    expect(await screen.findByText('Equipment Added')).toBeTruthy();
    expect(screen.getByText('Equipment tag has been added to the track')).toBeTruthy();
    const [, init] = callsTo(fetch, '/api/tracks/1/equipment')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ equipmentTagId: 6 });
  });

  it('creates a new tag from the trimmed text and adds it', async () => {
    const moog = makeTag({ id: 9, name: 'Moog Grandmother', category: 'not defined' });
    const fetch = mockFetch({
      'GET /api/equipment/search': () => json([]),
      'GET /api/auth/csrf-token': csrf,
      'POST /api/equipment': () => json(moog, 201),
      'POST /api/tracks/1/equipment': () => json(moog, 201),
    });
    setup();
    await userEvent.type(input(), '  Moog Grandmother ');
    await userEvent.click(await screen.findByRole('option', { name: 'Create "Moog Grandmother"' }));
    expect(await screen.findByText('Equipment Added')).toBeTruthy();
    expect(tagged()).toEqual(['Juno-60', 'Moog Grandmother']);
    const [, init] = callsTo(fetch, '/api/equipment')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'Moog Grandmother' });
  });

  it('takes the tag back and restores the typed text when adding fails', async () => {
    mockFetch({
      'GET /api/equipment/search': () => json([juno106]),
      'GET /api/auth/csrf-token': csrf,
      'POST /api/tracks/1/equipment': () => json({ statusCode: 500, error: 'x', message: 'boom' }, 500),
    });
    setup();
    await userEvent.type(input(), 'Juno-1');
    await userEvent.click(await screen.findByRole('option', { name: /Juno-106/ }));
    expect(await screen.findByText('Failed to add equipment to track')).toBeTruthy();
    expect(tagged()).toEqual(['Juno-60']);
    expect((input() as HTMLInputElement).value).toBe('Juno-1');
  });

  it('says so when creating fails, and keeps the text', async () => {
    mockFetch({
      'GET /api/equipment/search': () => json([]),
      'GET /api/auth/csrf-token': csrf,
      'POST /api/equipment': () => json({ statusCode: 500, error: 'x', message: 'boom' }, 500),
    });
    setup();
    await userEvent.type(input(), 'TR-808');
    await userEvent.click(await screen.findByRole('option', { name: 'Create "TR-808"' }));
    expect(await screen.findByText('Failed to create equipment')).toBeTruthy();
    expect((input() as HTMLInputElement).value).toBe('TR-808');
    expect(tagged()).toEqual(['Juno-60']);
  });

  it('removes a tag at once, and puts it back when the server refuses', async () => {
    let fail = false;
    mockFetch({
      'GET /api/auth/csrf-token': csrf,
      'DELETE /api/tracks/1/equipment/5': () =>
        fail ? json({ statusCode: 500, error: 'x', message: 'boom' }, 500) : json({ success: true }),
    });
    setup();
    fail = true;
    await userEvent.click(screen.getByRole('button', { name: 'Remove Juno-60' }));
    expect(await screen.findByText('Failed to remove equipment from track')).toBeTruthy();
    expect(tagged()).toEqual(['Juno-60']);

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Remove Juno-60' }));
    expect(await screen.findByText('Equipment Removed')).toBeTruthy();
    expect(screen.getByText('Equipment tag has been removed from the track')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Tagged equipment' })).toBeNull();
  });

  it('treats a failed search as no results, with a toast', async () => {
    mockFetch({ 'GET /api/equipment/search': () => json({ message: 'nope' }, 500) });
    setup();
    await userEvent.type(input(), 'Prophet');
    expect(await screen.findByText('Failed to fetch equipment')).toBeTruthy();
    const list = screen.getByRole('listbox');
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Create "Prophet"']),
    );
  });

  it('chooses with the keyboard without submitting a surrounding form', async () => {
    const fetch = mockFetch({
      'GET /api/equipment/search': () => json([juno106]),
      'GET /api/auth/csrf-token': csrf,
      'POST /api/tracks/1/equipment': () => json(juno106, 201),
    });
    const submit = vi.fn();
    setup(submit);
    await userEvent.type(input(), 'Juno-1');
    await screen.findByRole('option', { name: /Juno-106/ });
    await userEvent.keyboard('{ArrowDown}{ArrowUp}{Enter}');
    expect(await screen.findByText('Equipment Added')).toBeTruthy();
    expect(callsTo(fetch, '/api/tracks/1/equipment')).toHaveLength(1);
    expect(submit).not.toHaveBeenCalled();
  });
});
