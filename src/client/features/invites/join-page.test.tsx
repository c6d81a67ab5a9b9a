import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EXPIRED_INVITE_MESSAGE,
  INVALID_INVITE_MESSAGE,
  type InviteDetails,
} from '../../../shared/schemas/collectives';
import { resetCsrfToken } from '../../lib/api-client';
import { navigateTo } from '../../lib/navigation';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { JoinPage, JoinSignInPrompt } from './join-page';

vi.mock('../../lib/navigation', () => ({ navigateTo: vi.fn(), reloadPage: vi.fn() }));

const details: InviteDetails = {
  code: 'abc123',
  collective: { id: 5, name: 'Night Owls', description: 'Late listening club', imageUrl: null },
  invitedBy: { firstName: 'Ada', lastName: 'Lovelace' },
  alreadyMember: false,
};
const csrf = { 'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }) };
const invalid = () => json({ statusCode: 404, error: 'Not Found', message: INVALID_INVITE_MESSAGE }, 404);

beforeEach(() => {
  resetCsrfToken();
  vi.mocked(navigateTo).mockClear();
});
afterEach(() => vi.useRealTimers());

describe('Join page, signed out', () => {
  it('asks to sign in, keeps the invite, and sends Google sign-in with the pending invite', async () => {
    mockFetch({ 'GET /api/auth/config': () => json({ googleEnabled: true, demoEnabled: true }) });
    renderWithProviders(<JoinSignInPrompt code="abc123" />, { path: '/join/abc123' });
    expect(await screen.findByRole('button', { name: 'Continue as Demo User' })).toBeTruthy();
    expect(localStorage.getItem('pendingInvite')).toBe('/join/abc123');
    const google = screen.getByRole('button', { name: 'Sign in with Google' });
    await waitFor(() => expect(google.hasAttribute('disabled')).toBe(false));
    await userEvent.click(google);
    expect(navigateTo).toHaveBeenCalledWith('/api/supabase/auth?pendingInvite=abc123');
  });

  it('continues as the demo user and comes back through the pending invite', async () => {
    const fetch = mockFetch({
      ...csrf,
      'GET /api/auth/config': () => json({ googleEnabled: true, demoEnabled: true }),
      'POST /api/auth/demo-session': () => json({ ok: true }),
    });
    renderWithProviders(<JoinSignInPrompt code="abc123" />, { path: '/join/abc123' });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue as Demo User' }));
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith('/?auth=success'));
    expect(callsTo(fetch, '/api/auth/demo-session')).toHaveLength(1);
    expect(localStorage.getItem('pendingInvite')).toBe('/join/abc123');
  });

  it('offers only Google where the server has the demo user switched off', async () => {
    mockFetch({ 'GET /api/auth/config': () => json({ googleEnabled: true, demoEnabled: false }) });
    renderWithProviders(<JoinSignInPrompt code="abc123" />, { path: '/join/abc123' });
    const google = screen.getByRole('button', { name: 'Sign in with Google' });
    await waitFor(() => expect(google.hasAttribute('disabled')).toBe(false));
    expect(screen.queryByRole('button', { name: 'Continue as Demo User' })).toBeNull();
  });
});

describe('Join page, signed in', () => {
  it('shows the collective, who invited, Join Collective and Cancel', async () => {
    mockFetch({ 'GET /api/invite/abc123': () => json(details) });
    localStorage.setItem('pendingInvite', '/join/abc123');
    const { location } = renderWithProviders(<JoinPage code="abc123" />, { path: '/join/abc123' });
    expect(await screen.findByRole('heading', { name: 'Night Owls' })).toBeTruthy();
    expect(screen.getByText('Late listening club')).toBeTruthy();
    expect(screen.getByText('Invited by Ada Lovelace')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Join Collective' })).toBeTruthy();
    // Arrived: the invite is no longer pending.
    expect(localStorage.getItem('pendingInvite')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(location.history?.at(-1)).toBe('/');
  });

  it('joins through the server, welcomes, and opens the collective after 2 seconds', async () => {
    const fetch = mockFetch({
      ...csrf,
      'GET /api/invite/abc123': () => json(details),
      'POST /api/invite/abc123/join': () => json({ id: 5, name: 'Night Owls', alreadyMember: false }),
      'GET /api/collectives': () => json([]),
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { location } = renderWithProviders(<JoinPage code="abc123" />, { path: '/join/abc123' });
    await user.click(await screen.findByRole('button', { name: 'Join Collective' }));
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeTruthy();
    expect(screen.getByText("You've joined Night Owls!")).toBeTruthy();
    expect(callsTo(fetch, '/api/invite/abc123/join')[0]?.[1]?.method).toBe('POST');

    expect(location.history?.at(-1)).toBe('/join/abc123');
    act(() => vi.advanceTimersByTime(2000));
    expect(location.history?.at(-1)).toBe('/collective/5');
  });

  it('shows the invalid text and toast for an unknown, used or switched-off link', async () => {
    mockFetch({ 'GET /api/invite/gone': invalid });
    renderWithProviders(<JoinPage code="gone" />, { path: '/join/gone' });
    expect(await screen.findByText(INVALID_INVITE_MESSAGE)).toBeTruthy();
    expect(await screen.findByText('Invalid invite link')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join Collective' })).toBeNull();
  });

  it('says an expired link has expired (410), on opening or on joining', async () => {
    const expired = () => json({ statusCode: 410, error: 'Gone', message: EXPIRED_INVITE_MESSAGE }, 410);
    mockFetch({ 'GET /api/invite/old': expired });
    const first = renderWithProviders(<JoinPage code="old" />, { path: '/join/old' });
    expect(await screen.findByText(EXPIRED_INVITE_MESSAGE)).toBeTruthy();
    expect(await screen.findByText('This invite link has expired')).toBeTruthy();
    expect(screen.queryByText(INVALID_INVITE_MESSAGE)).toBeNull();
    first.unmount();

    mockFetch({
      ...csrf,
      'GET /api/invite/abc123': () => json(details),
      'POST /api/invite/abc123/join': expired,
    });
    renderWithProviders(<JoinPage code="abc123" />, { path: '/join/abc123' });
    await userEvent.click(await screen.findByRole('button', { name: 'Join Collective' }));
    expect(await screen.findByText(EXPIRED_INVITE_MESSAGE)).toBeTruthy();
  });

  it('turns invalid when the link is used up between looking and joining', async () => {
    mockFetch({
      ...csrf,
      'GET /api/invite/abc123': () => json(details),
      'POST /api/invite/abc123/join': invalid,
    });
    renderWithProviders(<JoinPage code="abc123" />, { path: '/join/abc123' });
    await userEvent.click(await screen.findByRole('button', { name: 'Join Collective' }));
    expect(await screen.findByText(INVALID_INVITE_MESSAGE)).toBeTruthy();
    expect(screen.getByText('Invalid invite link')).toBeTruthy();
  });

  it('says when joining fails otherwise, and stays', async () => {
    mockFetch({
      ...csrf,
      'GET /api/invite/abc123': () => json(details),
      'POST /api/invite/abc123/join': () => json({ message: 'Something went wrong' }, 500),
    });
    renderWithProviders(<JoinPage code="abc123" />, { path: '/join/abc123' });
    await userEvent.click(await screen.findByRole('button', { name: 'Join Collective' }));
    expect(await screen.findByText('Failed to join collective')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Join Collective' })).toBeTruthy();
  });
});
