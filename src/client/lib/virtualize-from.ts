/**
 * From this many rows a list renders only the rows in view (issue 11, decision 0072). Below it every
 * row is in the DOM as before: nothing to gain, and find-in-page and tabbing see the whole list.
 * Apart from use-virtual-rows.ts so checking it does not load react-virtual (decision 0075).
 */
export const VIRTUALIZE_FROM = 100;

/**
 * Rows shown while the virtualizer loads (table-body.tsx): this screen's worth at the estimated
 * height, 24 at most. They were VIRTUALIZE_FROM (100), a render of 1,000 elements on a phone's first
 * paint that the virtualizer then threw away (0375), then 24 on every screen (0380).
 */
export const firstScreenRows = (estimateSize: number) =>
  Math.min(24, Math.ceil((typeof window === 'undefined' ? 800 : window.innerHeight) / estimateSize));
