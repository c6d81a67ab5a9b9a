import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { layOutVirtualRows } from '../test/virtual-layout';
import { useVirtualRows } from './use-virtual-rows';

const ROW = 50;

function List({ count }: { count: number }) {
  const rows = useVirtualRows<HTMLUListElement>({ count, estimateSize: ROW });
  return (
    <ul ref={rows.listRef} data-testid="list" data-padding-top={rows.paddingTop}>
      {rows.indexes.map((index) => (
        <li key={index} data-index={index} ref={rows.measureRow}>
          {`Row ${index}`}
        </li>
      ))}
    </ul>
  );
}

/** Every ResizeObserver made, with the elements it watches, to report sizes as the browser would. */
function recordResizeObservers() {
  const observers: Array<{ report: ResizeObserverCallback; watched: Set<Element> }> = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      watched = new Set<Element>();
      constructor(report: ResizeObserverCallback) {
        observers.push({ report, watched: this.watched });
      }
      observe(element: Element) {
        this.watched.add(element);
      }
      unobserve(element: Element) {
        this.watched.delete(element);
      }
      disconnect() {
        this.watched.clear();
      }
    },
  );
  /** Each observer reports the height of the elements it watches. */
  return (heightOf: (element: Element) => number) =>
    act(() => {
      for (const { report, watched } of observers) {
        const entries = [...watched].map(
          (target) =>
            ({ target, borderBoxSize: [{ blockSize: heightOf(target), inlineSize: 800 }] }) as unknown,
        );
        report(entries as ResizeObserverEntry[], {} as ResizeObserver);
      }
    });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useVirtualRows', () => {
  it('measures its rows with the run that scrolls the list: a taller row moves the rows below it', async () => {
    const scrollTo = layOutVirtualRows(ROW);
    const reportSizes = recordResizeObservers();
    render(<List count={500} />);
    await screen.findByText('Row 0');
    // The browser reports the first row three times as tall as estimated.
    reportSizes((row) => (row.textContent === 'Row 0' ? 3 * ROW : ROW));
    scrollTo(100 * ROW);
    const first = Number(screen.getAllByRole('listitem')[0]?.getAttribute('data-index'));
    expect(first).toBeGreaterThan(50);
    // Every row above the first one drawn is ROW tall but the first: the space above says so only
    // when the run that scrolls the list was given that row to measure.
    expect(Number(screen.getByTestId('list').dataset.paddingTop)).toBe(first * ROW + 2 * ROW);
  });
});
