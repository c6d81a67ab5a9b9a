import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_ERROR_MESSAGE,
  ErrorBoundary,
  SCREEN_ERROR_MESSAGE,
  SCREEN_ERROR_TITLE,
} from './error-boundary';

const reloadPage = vi.hoisted(() => vi.fn());
vi.mock('../lib/navigation', () => ({ reloadPage, navigateTo: vi.fn() }));

/** A child that throws while `broken.now` says so, as a screen reading data it cannot handle. */
const broken = { now: true };
function Fragile() {
  if (broken.now) throw new Error('Cannot read properties of undefined (reading "name")');
  return <p>The screen</p>;
}

describe('ErrorBoundary (decision 0515)', () => {
  // React logs every caught render error; the boundary adds where it happened. Both expected here.
  let consoleError: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    broken.now = true;
    reloadPage.mockClear();
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => consoleError.mockRestore());

  it('shows a card instead of a blank window, and Try again renders the screen once it can be', async () => {
    render(
      <div>
        <nav aria-label="Journal">Sidebar</nav>
        <ErrorBoundary>
          <Fragile />
        </ErrorBoundary>
      </div>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(SCREEN_ERROR_TITLE);
    expect(alert.textContent).toContain(SCREEN_ERROR_MESSAGE);
    // What is outside the boundary stays.
    expect(screen.getByRole('navigation', { name: 'Journal' })).toBeTruthy();
    expect(consoleError).toHaveBeenCalledWith(
      'A screen could not be shown:',
      expect.any(Error),
      expect.any(String),
    );

    broken.now = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('The screen')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a chunk that cannot be fetched offers Reload only (a retry would meet the same failure)', async () => {
    const Page = lazy(() =>
      Promise.reject(
        new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/a.js'),
      ),
    );
    render(
      <ErrorBoundary>
        <Suspense fallback={<p>Loading...</p>}>
          <Page />
        </Suspense>
      </ErrorBoundary>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(CHUNK_ERROR_MESSAGE);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('a new reset key (another address) clears the error', async () => {
    function Routes() {
      const [path, setPath] = useState('/broken');
      return (
        <>
          <button type="button" onClick={() => setPath('/')}>
            Journal
          </button>
          <ErrorBoundary resetKey={path}>
            {path === '/broken' ? <Fragile /> : <p>Journal page</p>}
          </ErrorBoundary>
        </>
      );
    }
    render(<Routes />);
    expect(screen.getByRole('alert')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Journal' }));
    expect(screen.getByText('Journal page')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the full-screen card fills the window', () => {
    render(
      <ErrorBoundary fullScreen>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert').parentElement?.className).toContain('min-h-dvh');
  });
});
