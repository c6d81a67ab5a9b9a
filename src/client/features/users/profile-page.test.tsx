import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { SOCIAL_LINK_TYPES } from '../../../shared/constants';
import type { AuthUser } from '../../../shared/schemas/auth';
import { resetCsrfToken } from '../../lib/api-client';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders, testUser } from '../../test/render';
import { ProfilePage } from './profile-page';

beforeEach(() => resetCsrfToken());

const csrf = { 'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }) };

function renderProfile(user: AuthUser = testUser) {
  return renderWithProviders(<ProfilePage user={user} />, {
    path: '/profile',
    seed: [[['/api/auth/user'], user]],
  });
}

const section = (name: string) => screen.getByRole('region', { name });
/** A 422 of PATCH /api/user/profile (decision 0575): these fields refused, `user` as saved. */
const refusal = (fieldErrors: Record<string, string>, user: AuthUser = testUser) => ({
  statusCode: 422,
  error: 'Unprocessable Entity',
  message: Object.values(fieldErrors).join('; '),
  fieldErrors,
  user,
});
/** Every link field left empty: each is sent as null, which clears it (decision 0024). */
const NO_LINKS = Object.fromEntries(SOCIAL_LINK_TYPES.map((type) => [type, null]));

// Typing into several fields takes a few seconds in jsdom, more on a busy machine.
describe('ProfilePage', { timeout: 15_000 }, () => {
  it('shows who is signed in and signs out: logout, cache cleared, back home', async () => {
    const fetch = mockFetch({ ...csrf, 'POST /api/auth/logout': () => json({ ok: true }) });
    const { queryClient, location } = renderWithProviders(<ProfilePage user={testUser} />, {
      path: '/profile',
      seed: [
        [['/api/auth/user'], testUser],
        [['/api/playlists'], []],
      ],
    });
    expect(screen.getByRole('heading', { name: 'ada' })).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/'));
    expect(callsTo(fetch, '/api/auth/logout')[0]?.[1]?.method).toBe('POST');
    expect(queryClient.getQueryData(['/api/auth/user'])).toBeNull();
    expect(queryClient.getQueryData(['/api/playlists'])).toBeUndefined();
  });

  it("toasts 'Failed to logout' when the server refuses", async () => {
    mockFetch({ ...csrf, 'POST /api/auth/logout': () => new Response('', { status: 500 }) });
    const { location } = renderWithProviders(<ProfilePage user={testUser} />, { path: '/profile' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('Failed to logout')).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/profile');
  });

  it('keeps sections read-only until Edit, and counts About up to 500 characters', async () => {
    mockFetch(csrf);
    renderProfile({ ...testUser, bio: 'Synths at dawn' });
    const basic = section('Basic Information');
    expect(within(basic).queryByLabelText('About')).toBeNull();
    expect(within(basic).getByText('Synths at dawn')).toBeTruthy();

    await userEvent.click(within(basic).getByRole('button', { name: 'Edit Basic Information' }));
    const about = within(basic).getByLabelText('About') as HTMLTextAreaElement;
    expect(within(basic).getByText('14/500')).toBeTruthy();
    await userEvent.type(about, '!!');
    expect(within(basic).getByText('16/500')).toBeTruthy();

    await userEvent.clear(about);
    await userEvent.click(about);
    await userEvent.paste('x'.repeat(600));
    expect(about.value).toHaveLength(500);
    expect(within(basic).getByText('500/500')).toBeTruthy();
    expect(about.maxLength).toBe(500);
  });

  it('restores the earlier values when a section edit is cancelled', async () => {
    mockFetch(csrf);
    renderProfile({ ...testUser, bio: 'Synths at dawn' });
    const basic = section('Basic Information');
    await userEvent.click(within(basic).getByRole('button', { name: 'Edit Basic Information' }));
    await userEvent.clear(within(basic).getByLabelText('Username'));
    await userEvent.type(within(basic).getByLabelText('Username'), 'someone.else');
    await userEvent.type(within(basic).getByLabelText('About'), ' and dusk');
    await userEvent.click(within(basic).getByRole('button', { name: 'Cancel Basic Information' }));

    expect(within(basic).queryByLabelText('Username')).toBeNull();
    expect(within(basic).getByText('ada')).toBeTruthy();
    expect(within(basic).getByText('Synths at dawn')).toBeTruthy();
    await userEvent.click(within(basic).getByRole('button', { name: 'Edit Basic Information' }));
    expect((within(basic).getByLabelText('Username') as HTMLInputElement).value).toBe('ada');
    expect((within(basic).getByLabelText('About') as HTMLTextAreaElement).value).toBe('Synths at dawn');
  });

  it('shows why a social link is refused under its field and keeps the section open', async () => {
    mockFetch(csrf);
    renderProfile();
    const links = section('Social Links');
    expect(within(links).getByText('No links yet')).toBeTruthy();
    await userEvent.click(within(links).getByRole('button', { name: 'Edit Social Links' }));
    const soundcloud = within(links).getByLabelText('SoundCloud');
    await userEvent.click(soundcloud);
    await userEvent.paste('http://evil.example/ada');
    await userEvent.click(within(links).getByRole('button', { name: 'Confirm Social Links' }));

    const message = await within(links).findByText(
      'SoundCloud link must be a SoundCloud address like https://soundcloud.com/you',
    );
    expect(soundcloud.getAttribute('aria-invalid')).toBe('true');
    expect(soundcloud.getAttribute('aria-describedby')).toBe(message.id);
    // Still editing: the confirm button did not close an invalid section.
    expect(within(links).getByRole('button', { name: 'Confirm Social Links' })).toBeTruthy();

    await userEvent.clear(soundcloud);
    await userEvent.paste('https://soundcloud.com/ada');
    await userEvent.click(within(links).getByRole('button', { name: 'Confirm Social Links' }));
    expect(await within(links).findByRole('link', { name: 'SoundCloud' })).toBeTruthy();
    expect(within(links).queryByText(/link must be/)).toBeNull();
  });

  it('shows a link typed as an address or a handle as it will be saved, on confirm, and saves it so', async () => {
    const fetch = mockFetch({ ...csrf, 'PATCH /api/user/profile': () => json(testUser) });
    renderProfile();
    const links = section('Social Links');
    await userEvent.click(within(links).getByRole('button', { name: 'Edit Social Links' }));
    await userEvent.click(within(links).getByLabelText('Instagram'));
    await userEvent.paste('instagram.com/ada');
    await userEvent.click(within(links).getByLabelText('YouTube'));
    await userEvent.paste('@ada');
    await userEvent.click(within(links).getByRole('button', { name: 'Confirm Social Links' }));

    const link = await within(links).findByRole('link', { name: 'Instagram' });
    expect(link.getAttribute('href')).toBe('https://www.instagram.com/ada');
    expect(within(links).getByRole('link', { name: 'YouTube' }).getAttribute('href')).toBe(
      'https://www.youtube.com/@ada',
    );
    expect(within(links).queryByText(/link must be/)).toBeNull();
    await userEvent.click(within(links).getByRole('button', { name: 'Edit Social Links' }));
    expect((within(links).getByLabelText('Instagram') as HTMLInputElement).value).toBe(
      'https://www.instagram.com/ada',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Profile updated')).toBeTruthy();
    const [, init] = callsTo(fetch, '/api/user/profile')[0] ?? [];
    expect(JSON.parse(String(init?.body)).socialLinks.instagram).toBe('https://www.instagram.com/ada');
  });

  it("names Instagram with 'an' in its field message", async () => {
    mockFetch(csrf);
    renderProfile();
    const links = section('Social Links');
    await userEvent.click(within(links).getByRole('button', { name: 'Edit Social Links' }));
    await userEvent.click(within(links).getByLabelText('Instagram'));
    await userEvent.paste('evil.example/ada');
    await userEvent.click(within(links).getByRole('button', { name: 'Confirm Social Links' }));
    expect(
      await within(links).findByText(
        'Instagram link must be an Instagram address like https://instagram.com/you',
      ),
    ).toBeTruthy();
  });

  it('saves trimmed values; an emptied link is sent as null, so that it is cleared', async () => {
    const saved = { ...testUser, username: 'ada.l', bio: 'Tape loops' };
    const fetch = mockFetch({ ...csrf, 'PATCH /api/user/profile': () => json(saved) });
    const { queryClient } = renderProfile({ ...testUser, socialLinks: { bluesky: 'https://bsky.app/x' } });

    const basic = section('Basic Information');
    await userEvent.click(within(basic).getByRole('button', { name: 'Edit Basic Information' }));
    await userEvent.clear(within(basic).getByLabelText('Username'));
    await userEvent.type(within(basic).getByLabelText('Username'), '  ada.l  ');
    await userEvent.type(within(basic).getByLabelText('About'), '   Tape loops \n');
    const links = section('Social Links');
    await userEvent.click(within(links).getByRole('button', { name: 'Edit Social Links' }));
    await userEvent.clear(within(links).getByLabelText('Bluesky'));
    await userEvent.click(within(links).getByLabelText('Bandcamp'));
    await userEvent.paste(' https://ada.bandcamp.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect(await screen.findByText('Profile updated')).toBeTruthy();
    const [, init] = callsTo(fetch, '/api/user/profile')[0] ?? [];
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({
      username: 'ada.l',
      bio: 'Tape loops',
      socialLinks: { ...NO_LINKS, bandcamp: 'https://ada.bandcamp.com' },
    });
    expect(queryClient.getQueryData(['/api/auth/user'])).toEqual(saved);
    // After saving, the sections are read-only again.
    expect(within(basic).queryByLabelText('Username')).toBeNull();
  });

  it('clears About: an emptied About is sent as null (decision 0024)', async () => {
    const fetch = mockFetch({ ...csrf, 'PATCH /api/user/profile': () => json({ ...testUser, bio: null }) });
    renderProfile({ ...testUser, bio: 'Synths at dawn' });
    const basic = section('Basic Information');
    await userEvent.click(within(basic).getByRole('button', { name: 'Edit Basic Information' }));
    await userEvent.clear(within(basic).getByLabelText('About'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect(await screen.findByText('Profile updated')).toBeTruthy();
    const [, init] = callsTo(fetch, '/api/user/profile')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ username: 'ada', bio: null });
    // The sections remount read-only after a save, showing what the server kept.
    expect(await within(section('Basic Information')).findByText('Nothing here yet')).toBeTruthy();
  });

  it('sends an empty About as null and shows the server’s reason when saving fails', async () => {
    const fetch = mockFetch({
      ...csrf,
      'PATCH /api/user/profile': () =>
        json({ statusCode: 503, error: 'Service Unavailable', message: 'The database is busy' }, 503),
    });
    renderProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Failed to update profile')).toBeTruthy();
    expect(screen.getByText('The database is busy')).toBeTruthy();
    const [, init] = callsTo(fetch, '/api/user/profile')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'ada', bio: null, socialLinks: NO_LINKS });
  });

  // Issue 23: a refused save left the new username showing as if it were saved.
  it('says a confirmed change is not saved yet, and reopens the field the server refuses', async () => {
    mockFetch({
      ...csrf,
      'PATCH /api/user/profile': () => json(refusal({ username: 'That username is already taken' }), 422),
    });
    renderProfile();
    const basic = section('Basic Information');
    expect(within(basic).queryByTestId('section-unsaved')).toBeNull();
    await userEvent.click(within(basic).getByRole('button', { name: 'Edit Basic Information' }));
    const username = within(basic).getByLabelText('Username');
    await userEvent.clear(username);
    await userEvent.type(username, 'grace');
    await userEvent.click(within(basic).getByRole('button', { name: 'Confirm Basic Information' }));
    expect(within(basic).getByTestId('section-unsaved').textContent).toBe(
      'Not saved yet: press Save Profile',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('1 field was not saved: see the message beside it.')).toBeTruthy();
    // The section is open again, with the server's reason under Username; the page still says ada.
    const field = await within(basic).findByLabelText('Username');
    expect((field as HTMLInputElement).value).toBe('grace');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(within(basic).getByRole('alert').textContent).toBe('That username is already taken');
    expect(field.getAttribute('aria-describedby')).toContain(within(basic).getByRole('alert').id);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('ada');
  });

  // Issue 42: one refused field no longer keeps the others from being saved.
  it('saves the valid fields and shows the refused one beside itself', async () => {
    const saved = { ...testUser, username: 'plum', bio: 'Tabla', socialLinks: {} };
    const fetch = mockFetch({
      ...csrf,
      'PATCH /api/user/profile': () =>
        json(
          refusal(
            {
              'socialLinks.spotify':
                'Spotify link must be a Spotify address like https://open.spotify.com/artist/…',
            },
            saved,
          ),
          422,
        ),
    });
    const { queryClient } = renderProfile();
    const basic = section('Basic Information');
    await userEvent.click(within(basic).getByRole('button', { name: 'Edit Basic Information' }));
    await userEvent.clear(within(basic).getByLabelText('Username'));
    await userEvent.type(within(basic).getByLabelText('Username'), 'plum');
    await userEvent.type(within(basic).getByLabelText('About'), 'Tabla');
    const links = section('Social Links');
    await userEvent.click(within(links).getByRole('button', { name: 'Edit Social Links' }));
    await userEvent.type(within(links).getByLabelText('Spotify'), 'plumtabla');
    await userEvent.click(screen.getByRole('button', { name: 'Save Profile' }));

    // Everything was sent; the server kept the valid fields.
    const spotify = await within(links).findByLabelText('Spotify');
    const [, init] = callsTo(fetch, '/api/user/profile')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ username: 'plum', bio: 'Tabla' });
    expect(queryClient.getQueryData(['/api/auth/user'])).toEqual(saved);
    // The refused link keeps what was typed, marked and described by its message.
    expect((spotify as HTMLInputElement).value).toBe('plumtabla');
    expect(spotify.getAttribute('aria-invalid')).toBe('true');
    const message = within(links).getByRole('alert');
    expect(message.textContent).toContain('Spotify link must be a Spotify address');
    expect(spotify.getAttribute('aria-describedby')).toContain(message.id);
    // The saved section is read-only again.
    expect(within(section('Basic Information')).queryByLabelText('Username')).toBeNull();
  });

  it('puts a link the server refuses under its own field', async () => {
    mockFetch({
      ...csrf,
      'PATCH /api/user/profile': () =>
        json(refusal({ 'socialLinks.bandcamp': 'That is not a Bandcamp address' }), 422),
    });
    renderProfile();
    const links = section('Social Links');
    await userEvent.click(within(links).getByRole('button', { name: 'Edit Social Links' }));
    await userEvent.type(within(links).getByLabelText('Bandcamp'), 'https://ada.bandcamp.com');
    await userEvent.click(within(links).getByRole('button', { name: 'Confirm Social Links' }));
    expect(within(links).getByTestId('section-unsaved')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    const bandcamp = await within(links).findByLabelText('Bandcamp');
    expect(bandcamp.getAttribute('aria-invalid')).toBe('true');
    expect(within(links).getByRole('alert').textContent).toBe('That is not a Bandcamp address');
    // The other section is untouched.
    expect(within(section('Basic Information')).queryByLabelText('Username')).toBeNull();
  });

  it('refuses a non-image avatar and uploads an image', async () => {
    const fetch = mockFetch({
      ...csrf,
      'POST /api/user/avatar': () =>
        json({ avatarUrl: '/images/avatars/a1', updatedAt: '2024-06-01T00:00:00.000Z' }),
    });
    const { queryClient } = renderProfile();
    const zone = screen.getByTestId('avatar-drop-zone');
    // An image type the server does not take (decision 0242) is refused before it is sent, as is text.
    for (const file of [
      new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }),
      new File(['hi'], 'notes.txt', { type: 'text/plain' }),
    ]) {
      fireEvent.drop(zone, { dataTransfer: { files: [file] } });
      expect(await screen.findByText('Invalid File')).toBeTruthy();
      expect(screen.getByText('Please select an image file')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: /close/i }));
      await waitFor(() => expect(screen.queryByText('Invalid File')).toBeNull());
    }
    expect(callsTo(fetch, '/api/user/avatar')).toHaveLength(0);
    expect(screen.getByTestId('avatar-file-input').getAttribute('accept')).toBe(
      'image/jpeg,image/png,image/gif,image/webp',
    );

    const png = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    await userEvent.upload(screen.getByTestId('avatar-file-input'), png);
    expect(await screen.findByText('Avatar updated')).toBeTruthy();
    const body = callsTo(fetch, '/api/user/avatar')[0]?.[1]?.body as FormData;
    expect((body.get('avatar') as File).name).toBe('me.png');
    expect(queryClient.getQueryData<AuthUser>(['/api/auth/user'])?.avatarUrl).toBe('/images/avatars/a1');
  });
});
