import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Collective } from '../../../shared/schemas/collectives';
import { CollectivesRail } from '../../app/shell/collectives-rail';
import { COLLECTIVES_QUERY_KEY } from '../../entities/collective/use-collectives';
import { resetCsrfToken } from '../../lib/api-client';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { deferred, listed } from './collective-fixtures';

const existing = [listed(1, 'Alpha')];
const csrf = { 'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }) };

beforeEach(() => resetCsrfToken());

function renderRail() {
  const result = renderWithProviders(<CollectivesRail activeCollectiveId={null} />, {
    seed: [[COLLECTIVES_QUERY_KEY, existing]],
  });
  return result;
}

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Create Collective' }));
  return screen.findByRole('dialog', { name: 'Create Collective' });
}

const railNames = () =>
  // The open dialog hides the rest of the page from assistive technology, the rail included.
  within(screen.getByRole('navigation', { name: 'Collectives', hidden: true }))
    .getAllByRole('button', { hidden: true })
    .map((b) => b.getAttribute('aria-label'));

function pick(file: File) {
  fireEvent.change(screen.getByLabelText('Avatar file'), { target: { files: [file] } });
}

describe('Create Collective dialog', () => {
  it('has avatar, name and description, and validates with the spec messages', async () => {
    mockFetch(csrf);
    renderRail();
    const dialog = await openDialog();
    expect(within(dialog).getByText('JPG, PNG or WebP, square, max 5MB')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Upload avatar' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();

    await userEvent.type(within(dialog).getByLabelText('Name'), 'x'.repeat(51));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Name must be less than 50 characters')).toBeTruthy();

    await userEvent.clear(within(dialog).getByLabelText('Name'));
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Tape Club');
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'y'.repeat(501) } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Description must be less than 500 characters')).toBeTruthy();
    expect(within(dialog).queryByText('Name is required')).toBeNull();
  });

  it('refuses avatars over 5 MB and files that are not JPEG, PNG, GIF or WebP', async () => {
    mockFetch(csrf);
    renderRail();
    const dialog = await openDialog();

    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    pick(big);
    expect(await screen.findByText('File too large')).toBeTruthy();
    expect(screen.getByText('Avatar must be less than 5MB')).toBeTruthy();

    pick(new File(['x'], 'photo.bmp', { type: 'image/bmp' }));
    expect(await screen.findByText('Invalid file type')).toBeTruthy();
    expect(screen.getByText('Please upload a valid image file')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Remove' })).toBeNull();

    // A good one is taken, with a way to remove it again.
    pick(new File(['x'], 'face.webp', { type: 'image/webp' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(within(dialog).queryByRole('button', { name: 'Remove' })).toBeNull();
  });

  it('adds a temporary collective at once and rolls it back on failure', async () => {
    const reply = deferred();
    const fetch = mockFetch({ ...csrf, 'POST /api/collectives': () => reply.promise });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { queryClient } = renderRail();
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Name'), '  Night Owls ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    // The stand-in is in the cache and on the rail while the server thinks.
    await waitFor(() => expect(railNames()).toContain('Night Owls'));
    const during = queryClient.getQueryData<Collective[]>(COLLECTIVES_QUERY_KEY) ?? [];
    expect(during.map((c) => c.name)).toEqual(['Alpha', 'Night Owls']);
    expect(during[1]?.id).toBeLessThan(0);
    expect(within(dialog).getByRole('button', { name: 'Creating...' }).hasAttribute('disabled')).toBe(true);
    const [, init] = callsTo(fetch, '/api/collectives')[0] ?? [];
    expect(init?.body).toBe(JSON.stringify({ name: 'Night Owls' }));

    reply.release(json({ statusCode: 500, error: 'x', message: 'Something went wrong' }, 500));
    expect(await screen.findByText('Failed to create collective')).toBeTruthy();
    expect(queryClient.getQueryData(COLLECTIVES_QUERY_KEY)).toEqual(existing);
    expect(railNames()).not.toContain('Night Owls');
    expect(error).toHaveBeenCalled();
  });

  it('swaps in the created collective, uploads the avatar, says so and opens it', async () => {
    const created = listed(7, 'Night Owls', { description: 'Late listening' });
    const fetch = mockFetch({
      ...csrf,
      'POST /api/collectives': () => json(created, 201),
      'POST /api/collectives/7/avatar': () => json({ ...created, imageUrl: '/uploads/collectives/7' }),
      'GET /api/collectives': () => json([...existing, { ...created, imageUrl: '/uploads/collectives/7' }]),
    });
    const { queryClient, location } = renderRail();
    const dialog = await openDialog();
    pick(new File(['png'], 'face.png', { type: 'image/png' }));
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Night Owls');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Late listening');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Collective created successfully')).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/collective/7');
    expect(screen.queryByRole('dialog')).toBeNull();
    const [, init] = callsTo(fetch, '/api/collectives/7/avatar')[0] ?? [];
    expect(init?.body).toBeInstanceOf(FormData);
    expect((init?.body as FormData | undefined)?.get('avatar')).toBeInstanceOf(File);
    await waitFor(() =>
      expect(queryClient.getQueryData<Collective[]>(COLLECTIVES_QUERY_KEY)?.map((c) => c.id)).toEqual([1, 7]),
    );
    expect(queryClient.getQueryData<Collective[]>(COLLECTIVES_QUERY_KEY)?.[1]?.imageUrl).toBe(
      '/uploads/collectives/7',
    );
  });

  it('keeps the collective when only the avatar upload fails, and only logs it', async () => {
    const created = listed(8, 'Dub Club');
    mockFetch({
      ...csrf,
      'POST /api/collectives': () => json(created, 201),
      'POST /api/collectives/8/avatar': () => json({ message: 'Avatar must be less than 5MB' }, 413),
      'GET /api/collectives': () => json([...existing, created]),
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { location } = renderRail();
    const dialog = await openDialog();
    pick(new File(['png'], 'face.png', { type: 'image/png' }));
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Dub Club');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Collective created successfully')).toBeTruthy();
    expect(error).toHaveBeenCalledWith('Failed to upload avatar', expect.any(Error));
    expect(location.history?.at(-1)).toBe('/collective/8');
    await waitFor(() => expect(railNames()).toContain('Dub Club'));
  });
});
