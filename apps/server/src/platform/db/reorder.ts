export type Direction = 'up' | 'down';

export interface Move {
  from: number;
  to: number;
  /** The rows whose position changes when every row is renumbered 0..n-1 in the new order. */
  renumbered: Array<{ id: string; sortOrder: number }>;
}

/**
 * Moves the row `id` of `rows` (in their order) one place up or down. Null when no row has that id; no
 * renumbering when it is already first (up) or last (down). Callers lock the rows and write `renumbered`.
 */
export function moveOnePlace(rows: ReadonlyArray<{ id: string; sortOrder: number }>, id: string, direction: Direction): Move | null {
  const from = rows.findIndex((r) => r.id === id);
  if (from < 0) return null;
  const to = direction === 'up' ? from - 1 : from + 1;
  if (to < 0 || to >= rows.length) return { from, to: from, renumbered: [] };
  const order = [...rows];
  [order[from], order[to]] = [order[to]!, order[from]!];
  const renumbered = order.flatMap((row, index) => (row.sortOrder === index ? [] : [{ id: row.id, sortOrder: index }]));
  return { from, to, renumbered };
}
