import type { CompareSnapshot } from './compare-clock';
import type { CompareEngine } from './compare-engine';

// The open comparison on window, for the browser story and the bench (decision 0638).

declare global {
  interface Window {
    /** The open comparison, for the browser story and the bench (decision 0638); absent when closed. */
    __journalCompare?: { snapshot: () => CompareSnapshot; switchTo: CompareEngine['switchTo'] };
  }
}

/** Exposes `engine` on window.__journalCompare; returns the undo. */
export function exposeForTests(engine: CompareEngine) {
  window.__journalCompare = { snapshot: engine.snapshot, switchTo: engine.switchTo };
  return () => {
    if (window.__journalCompare?.snapshot === engine.snapshot) delete window.__journalCompare;
  };
}
