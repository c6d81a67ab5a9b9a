import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api-client';
import { navigateTo } from '../../lib/navigation';
import { createQueryClient } from '../../lib/query-client';
import { callsTo, json, mockFetch, never } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { landingFirstPaintHtml } from './landing-first-paint';
import { LandingPage } from './landing-page';

vi.mock('../../lib/navigation', () => ({ navigateTo: vi.fn(), reloadPage: vi.fn() }));

beforeEach(() => {
  resetCsrfToken();
  vi.mocked(navigateTo).mockClear();
});

const withConfig = (googleEnabled: boolean, demoEnabled = true) =>
  mockFetch({
    'GET /api/auth/config': () => json({ googleEnabled, demoEnabled }),
    'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
    'POST /api/auth/demo-session': () => json({ ok: true }),
  });

describe('the landing the build draws into landing.html (decision 0930)', () => {
  it('is what the page’s first render draws, so React draws the same page over it', () => {
    mockFetch({ 'GET /api/auth/config': never });
    const { container } = render(
      <QueryClientProvider client={createQueryClient()}>
        <LandingPage />
      </QueryClientProvider>,
    );
    const drawn = landingFirstPaintHtml();
    expect(container.innerHTML).toBe(drawn);
    // The texts a visitor reads before any script runs; sign-in waits for the server's methods.
    expect(drawn).toContain('<h1 class="text-4xl font-bold tracking-tight">Journal</h1>');
    expect(drawn).toContain('Experimental community platform for music lovers IYKYK');
    expect(drawn).toContain('Warning: this product is highly experimental.');
    expect(drawn).toMatch(/<button[^>]*disabled=""[^>]*>.*Sign in with Google<\/button>/);
    expect(drawn).not.toContain('Continue as Demo User');
    // The demo entry's room is held, so the card does not move when the entry arrives.
    expect(drawn).toContain('<div aria-hidden="true" class="h-8 pointer-coarse:h-11"></div>');
  });

  it('paints no blur: the wash behind the card is a gradient', () => {
    expect(landingFirstPaintHtml()).not.toMatch(/\bblur-|backdrop-blur/);
  });
});

describe('LandingPage', () => {
  it('shows the title, tagline, sign-in button and the red warning', () => {
    withConfig(true);
    renderWithProviders(<LandingPage />);
    expect(screen.getByRole('heading', { name: 'Journal' })).toBeTruthy();
    expect(screen.getByText('Experimental community platform for music lovers IYKYK')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeTruthy();
    const warning = screen.getByText(
      'Warning: this product is highly experimental. Use it entirely at your own risk.',
    );
    expect(warning.closest('[role="alert"]')?.className).toContain('text-red');
  });

  it('sends the browser to Google sign-in when the server has it configured', async () => {
    withConfig(true);
    renderWithProviders(<LandingPage />);
    const button = screen.getByRole('button', { name: 'Sign in with Google' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    await userEvent.click(button);
    expect(navigateTo).toHaveBeenCalledWith('/api/supabase/auth');
  });

  it('explains and offers the demo user when Google is not configured', async () => {
    withConfig(false);
    renderWithProviders(<LandingPage />);
    const button = screen.getByRole('button', { name: 'Sign in with Google' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    await userEvent.click(button);
    expect(navigateTo).not.toHaveBeenCalled();
    expect(
      screen.getByText('Google sign-in is not configured on this server. You can still try the demo user.'),
    ).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Continue as Demo User' })).toHaveLength(1);
  });

  it('creates a demo session and restarts the app at /?auth=success', async () => {
    const fetch = withConfig(true);
    renderWithProviders(<LandingPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Continue as Demo User' }));
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith('/?auth=success'));
    expect(callsTo(fetch, '/api/auth/demo-session')[0]?.[1]?.method).toBe('POST');
  });

  it('offers no demo user where the server has it switched off (DEMO_ENABLED=false)', async () => {
    const fetch = withConfig(true, false);
    renderWithProviders(<LandingPage />);
    const google = screen.getByRole('button', { name: 'Sign in with Google' });
    await waitFor(() => expect(google.hasAttribute('disabled')).toBe(false));
    expect(screen.queryByRole('button', { name: 'Continue as Demo User' })).toBeNull();
    expect(screen.queryByText(/demo/i)).toBeNull();
    expect(callsTo(fetch, '/api/auth/demo-session')).toHaveLength(0);
  });

  it('with neither Google nor the demo, says Google is not configured and offers no demo', async () => {
    withConfig(false, false);
    renderWithProviders(<LandingPage />);
    const google = screen.getByRole('button', { name: 'Sign in with Google' });
    await waitFor(() => expect(google.hasAttribute('disabled')).toBe(false));
    await userEvent.click(google);
    expect(screen.getByRole('status').textContent).toBe('Google sign-in is not configured on this server.');
    expect(screen.queryByRole('button', { name: 'Continue as Demo User' })).toBeNull();
  });

  it('offers the demo user only once the server has said it is on', () => {
    mockFetch({ 'GET /api/auth/config': never });
    renderWithProviders(<LandingPage />);
    expect(screen.queryByRole('button', { name: 'Continue as Demo User' })).toBeNull();
  });
});
