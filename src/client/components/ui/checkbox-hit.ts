/**
 * A native checkbox draws no ::after: on touch screens the <label> wrapped around one (with an
 * aria-label of its own, the label needs no text) takes the hit area to 44 × 44 px, its negative
 * margins keeping the room it takes (decision 0365).
 */
export const CHECKBOX_HIT_LABEL =
  'inline-flex cursor-pointer align-middle pointer-coarse:-m-3.5 pointer-coarse:p-3.5';
