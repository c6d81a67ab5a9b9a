/**
 * From this many rows a list renders only the rows in view (issue 11, decision 0072). Below it every
 * row is in the DOM as before: nothing to gain, and find-in-page and tabbing see the whole list.
 * Apart from use-virtual-rows.ts so checking it does not load react-virtual (decision 0075).
 */
export const VIRTUALIZE_FROM = 100;
