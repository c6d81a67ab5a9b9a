import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { resetToasts } from './components/ui/use-toast';
import { resetCsrfToken } from './lib/api-client';
import { preloadLazyPopups } from './lib/lazy-popup';
import { resetFakeIdb } from './test/fake-offline-storage';
import { settleLazyLoads } from './test/lazy-loads';

// jsdom has no IndexedDB: the offline feature's index and saved queries (decision 0360) go to an
// in-memory idb-keyval in every test, so a screen that reads them neither fails nor logs late.
vi.mock('idb-keyval', async () => (await import('./test/fake-offline-storage')).fakeIdbKeyval);

// A file whose last test renders a lazy part (a sidebar's privacy switch) and ends at once can end
// with the part's modules still being fetched. When its worker's run closes there, vitest rejects
// that fetch; the module stays failed in the worker's shared cache, and every later file there that
// imports it fails (EnvironmentTeardownError, decision 0922). So each file waits for its lazy loads.
vi.mock('react', async (importOriginal) => {
  const react = await importOriginal<typeof import('react')>();
  const { trackedLazy } = await import('./test/lazy-loads');
  const lazy = trackedLazy(react.lazy);
  return { ...react, lazy, default: { ...react, lazy } };
});
afterAll(() => settleLazyLoads(), 30_000);

// findBy*/waitFor wait up to 5 s (the library's default is 1 s): lazy screens and dialogs are
// compiled on first import, which takes seconds when npm test runs the slow tests beside this.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks a few browser APIs that Radix primitives and the audio player touch.

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

// jsdom draws no canvas: its getContext logs "Not implemented" and returns null. Null, quietly, for
// the lock-screen cover (decision 0365) of every track played in a test; cover tests mock a context.
HTMLCanvasElement.prototype.getContext = (() => null) as unknown as HTMLCanvasElement['getContext'];

Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};

// jsdom cannot decode media: playing resolves at once and pausing does nothing.
HTMLMediaElement.prototype.play = () => Promise.resolve();
HTMLMediaElement.prototype.pause = () => {};
HTMLMediaElement.prototype.load = () => {};

// Tooltips, menus, the sort select, hover cards and popovers load on first use in the app (decision
// 0076). Component tests start with them loaded, as after a first use; lazy-popup.test.tsx covers
// the plain trigger and the hand-over, and the e2e stories the real first use.
beforeAll(() => preloadLazyPopups(), 30_000);

// Most test files share their worker's page and modules (vitest.config.ts, decision 0917): each
// starts with what a page of its own would have, whatever the file before it left.
beforeAll(() => {
  vi.useRealTimers();
  resetToasts();
  resetCsrfToken();
  sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  // A toast outlives the screen that raised it: the next test starts without it.
  resetToasts();
  localStorage.clear();
  resetFakeIdb();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});
