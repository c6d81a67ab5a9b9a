// The compare feature's public surface (issue 43): the provider, the entry points' hook, the host.
export { CompareProvider, type CompareRequest, type CompareTake, useCompare } from './compare-context';
export { CompareHost } from './compare-host';
export { compareRequestFromLink, parseCompareParam } from './compare-link';
export { SelectAllTakesBox, SelectTakeBox } from './select-boxes';
export { TakesSelectionBar, type TickedTake } from './takes-selection-bar';
