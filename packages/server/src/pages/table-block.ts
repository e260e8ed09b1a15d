/*
 * A table block (a dataset the owner entered, admin/pages/page-blocks.ts) as the theme renders it: the
 * first row as column headers when the owner said so, every row as a list of cells. The rows were
 * checked and cut to the maximum size when the page was saved.
 */
export function tableBlockContext(block: Record<string, unknown>) {
  const rows = Array.isArray(block.rows)
    ? block.rows.map((row) => (Array.isArray(row) ? row.map((cell) => String(cell ?? '')) : []))
    : [];
  if (rows.length === 0) return { type: 'missing' };
  const headerRow = block.headerRow !== false && rows.length > 1;
  return {
    type: 'table',
    caption: typeof block.caption === 'string' && block.caption ? block.caption : undefined,
    head: headerRow ? { cells: rows[0] } : undefined,
    body: (headerRow ? rows.slice(1) : rows).map((cells) => ({ cells })),
  };
}
