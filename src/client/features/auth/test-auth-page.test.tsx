import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api-client';
import { navigateTo } from '../../lib/navigation';
import { json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { TestAuthPage } from './test-auth-page';

vi.mock('../../lib/navigation', () => ({ navigateTo: vi.fn(), reloadPage: vi.fn() }));

/** Lets pending fetch promises settle while the clock is fake. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(0));

beforeEach(() => {
  resetCsrfToken();
  vi.mocked(navigateTo).mockClear();
});
afterEach(() => vi.useRealTimers());

describe('TestAuthPage', () => {
  it('creates a demo session, shows the reply and redirects to /?auth=success after 1.5 s', async () => {
    vi.useFakeTimers();
    mockFetch({
      'GET /api/auth/config': () => json({ googleEnabled: true, demoEnabled: true }),
      'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
      'POST /api/auth/demo-session': () => json({ message: 'Demo session created' }),
    });
    renderWithProviders(<TestAuthPage />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Create Demo Session' }));
    await settle();

    expect(screen.getByRole('status').textContent).toContain('Demo session created');
    await act(() => vi.advanceTimersByTimeAsync(1499));
    expect(navigateTo).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(navigateTo).toHaveBeenCalledWith('/?auth=success');
  });

  it('shows the user as JSON, or the status when not signed in, or an error', async () => {
    vi.useFakeTimers();
    mockFetch({ 'GET /api/auth/user': () => json({ id: 'demo-user' }) });
    renderWithProviders(<TestAuthPage />);
    const check = screen.getByRole('button', { name: 'Check Auth Status' });

    fireEvent.click(check);
    await settle();
    expect(screen.getByRole('status').textContent).toContain('"id": "demo-user"');

    mockFetch({ 'GET /api/auth/user': () => new Response('', { status: 401 }) });
    fireEvent.click(check);
    await settle();
    expect(screen.getByRole('status').textContent).toBe('Not authenticated: 401');

    mockFetch({ 'GET /api/auth/user': () => Promise.reject(new TypeError('offline')) });
    fireEvent.click(check);
    await settle();
    expect(screen.getByRole('status').textContent).toBe('Auth check error');
  });

  it('has no Create Demo Session where the server has the demo user switched off', async () => {
    vi.useFakeTimers();
    mockFetch({ 'GET /api/auth/config': () => json({ googleEnabled: true, demoEnabled: false }) });
    renderWithProviders(<TestAuthPage />);
    await settle();
    expect(screen.getByRole('button', { name: 'Check Auth Status' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Demo Session' })).toBeNull();
  });

  it('sends the browser to Google sign-in', () => {
    renderWithProviders(<TestAuthPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Try Google OAuth' }));
    expect(navigateTo).toHaveBeenCalledWith('/api/supabase/auth');
  });
});
