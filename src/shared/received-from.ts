// Zod-free, so the journal's first route may use it (decision 0074).

/**
 * What a track received through an upload link says (issue 45, decision 0734). A link without a
 * label reads "via an upload link" rather than "via link an upload link".
 */
export const receivedFromText = (r: { guestName: string; linkLabel: string | null }) =>
  `Received from ${r.guestName} via ${r.linkLabel ? `link “${r.linkLabel}”` : 'an upload link'}`;
