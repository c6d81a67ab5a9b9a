import { type KeyboardEvent, type RefObject, useEffect, useLayoutEffect, useRef } from 'react';

const CONTROLS = 'a[href], button, input, select, textarea, [tabindex]';
const ROWS = ':scope > tbody > tr[data-grid-row]';

/**
 * The row's controls a keyboard can reach, left to right (hidden columns and disabled ones left
 * out). `seenOnly: false` skips asking what a responsive class hid: that question makes the browser
 * compute every style on the page at once, in the middle of React's commit.
 */
function controlsOf(row: Element, { seenOnly = true } = {}): HTMLElement[] {
  return [...row.querySelectorAll<HTMLElement>(CONTROLS)].filter(
    (el) =>
      !(el as HTMLButtonElement).disabled &&
      // Browsers say what a responsive class hid; jsdom cannot, and shows every column.
      (!seenOnly || typeof el.checkVisibility !== 'function' || el.checkVisibility()),
  );
}

interface Position {
  row: string;
  column: number;
}

/**
 * The WAI-ARIA grid's keyboard for a table whose body rows carry `data-grid-row` (their key):
 * the whole grid is one Tab stop (roving tabindex); ←/→ move between a row's controls, Home/End to
 * its first/last, ↑/↓ to the same control of the row above/below (decision 0297). Rows a
 * virtualized body renders later are caught by a mutation observer. Arrow keys are taken before
 * the controls see them (a menu button would otherwise open on ↓, the player seek on ←/→).
 */
export function useGridKeys(grid: RefObject<HTMLTableElement | null>) {
  const active = useRef<Position | null>(null);

  const apply = (seenOnly = true) => {
    const table = grid.current;
    if (!table) return;
    const rows = [...table.querySelectorAll<HTMLElement>(ROWS)];
    const current = active.current && rows.find((r) => r.dataset.gridRow === active.current?.row);
    const target = current ?? rows[0];
    const column = current ? (active.current?.column ?? 0) : 0;
    for (const row of rows) {
      const controls = controlsOf(row, { seenOnly: seenOnly && row === target });
      const chosen = row === target ? Math.min(column, controls.length - 1) : -1;
      controls.forEach((control, i) => {
        const tabIndex = i === chosen ? 0 : -1;
        if (control.tabIndex !== tabIndex) control.tabIndex = tabIndex;
      });
    }
  };

  // The Tab stop is set at once without asking what is hidden, then again once the browser has
  // drawn the rows (its styles are computed by then, so asking costs nothing): on a phone, asking
  // during the commit made the journal's first rows one long task (issue 25, decision 0380).
  const settle = useRef<{ frame?: number; timer?: ReturnType<typeof setTimeout> } | null>(null);
  const applyNowAndAfterPaint = () => {
    apply(false);
    if (settle.current) return;
    const pending: { frame?: number; timer?: ReturnType<typeof setTimeout> } = {};
    settle.current = pending;
    pending.frame = requestAnimationFrame(() => {
      pending.timer = setTimeout(() => {
        settle.current = null;
        apply();
      });
    });
  };

  // After each render of the table, and whenever rows come and go without one (virtual scrolling).
  useLayoutEffect(applyNowAndAfterPaint);
  // biome-ignore lint/correctness/useExhaustiveDependencies: apply reads refs only; the table stays mounted
  useEffect(() => {
    const table = grid.current;
    if (!table) return;
    const observer = new MutationObserver(() => applyNowAndAfterPaint());
    observer.observe(table, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      if (settle.current?.frame !== undefined) cancelAnimationFrame(settle.current.frame);
      clearTimeout(settle.current?.timer);
      settle.current = null;
    };
  }, []);

  const rowOf = (target: EventTarget | null) =>
    target instanceof Element ? target.closest<HTMLElement>('tr[data-grid-row]') : null;

  const onFocus = (event: { target: EventTarget | null }) => {
    const row = rowOf(event.target);
    if (!row?.dataset.gridRow || !grid.current?.contains(row)) return;
    const column = controlsOf(row).indexOf(event.target as HTMLElement);
    if (column < 0) return;
    active.current = { row: row.dataset.gridRow, column };
    apply();
  };

  const onKeyDownCapture = (event: KeyboardEvent<HTMLTableElement>) => {
    // Keys from a menu or dialog portalled out of a row bubble here through React: not ours.
    const row = rowOf(event.target);
    if (!row || !event.currentTarget.contains(event.target as Node)) return;
    if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return;
    const controls = controlsOf(row);
    const column = Math.max(0, controls.indexOf(event.target as HTMLElement));
    const sibling = (step: 1 | -1) => {
      let next = step === 1 ? row.nextElementSibling : row.previousElementSibling;
      while (next && !(next instanceof HTMLElement && next.dataset.gridRow)) {
        next = step === 1 ? next.nextElementSibling : next.previousElementSibling;
      }
      return next as HTMLElement | null;
    };
    let goTo: HTMLElement | undefined;
    switch (event.key) {
      case 'ArrowRight':
        goTo = controls[Math.min(column + 1, controls.length - 1)];
        break;
      case 'ArrowLeft':
        goTo = controls[Math.max(column - 1, 0)];
        break;
      case 'Home':
        goTo = controls[0];
        break;
      case 'End':
        goTo = controls[controls.length - 1];
        break;
      case 'ArrowDown':
      case 'ArrowUp': {
        const next = sibling(event.key === 'ArrowDown' ? 1 : -1);
        const nextControls = next ? controlsOf(next) : [];
        goTo = nextControls[Math.min(column, nextControls.length - 1)] ?? controls[column];
        break;
      }
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
    goTo?.focus();
  };

  return { onFocus, onKeyDownCapture };
}
