/**
 * The height of the rows a virtualized table does not render (decision 0072): the scroll bar and
 * the rendered rows' positions stay those of the whole table. Hidden from assistive technology;
 * the table's aria-rowcount and each row's aria-rowindex say where the rendered rows are.
 */
export function SpacerRow({ height, columns }: { height: number; columns: number }) {
  if (height <= 0) return null;
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a row without content or focusable children
    <tr aria-hidden="true" data-spacer="">
      <td colSpan={columns} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}
