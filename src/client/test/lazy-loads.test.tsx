import { render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../components/error-boundary';
import { settleLazyLoads } from './lazy-loads';

// Decision 0922: test-setup.ts gives every component React.lazy with its loads counted, and each
// file's afterAll waits for them, so no file ends with a lazy part's modules still being fetched.

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
/** settleLazyLoads keeps waiting while a load is held, and resolves once `release` lets it go. */
async function expectSettlingWaitsFor(release: () => void) {
  let settled = false;
  const done = settleLazyLoads().then(() => {
    settled = true;
  });
  await flush();
  expect(settled).toBe(false);
  release();
  await done;
  expect(settled).toBe(true);
}
const flush = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('lazy loads in a component test', () => {
  it('are counted until they settle: settleLazyLoads waits for one rendered and not yet loaded', async () => {
    const gate = deferred();
    const Part = lazy(async () => {
      await gate.promise;
      return { default: () => <p>the part</p> };
    });
    render(
      <Suspense fallback={null}>
        <Part />
      </Suspense>,
    );
    await expectSettlingWaitsFor(() => gate.resolve());
    expect(await screen.findByText('the part')).toBeTruthy();
  });

  it('waits for a load that another one starts, and for one that fails', async () => {
    // React and the boundary report the failed part; it is the point here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const inner = deferred();
    const Inner = lazy(async () => {
      await inner.promise;
      throw new Error('chunk gone');
    });
    const Outer = lazy(async () => ({
      default: () => (
        <Suspense fallback={null}>
          <Inner />
        </Suspense>
      ),
    }));
    render(
      <ErrorBoundary fallback={() => <p>no part</p>}>
        <Suspense fallback={null}>
          <Outer />
        </Suspense>
      </ErrorBoundary>,
    );
    await expectSettlingWaitsFor(() => inner.resolve());
    expect(await screen.findByText('no part')).toBeTruthy();
  });
});
