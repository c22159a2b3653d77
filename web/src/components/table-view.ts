// What the shared table shows of the rows it was given (one loaded page): filtered by a text, sorted by a
// column. Client-side only: the next page comes from the service by cursor (use-cursor-pages.ts).

export type SortDirection = 'ascending' | 'descending';
export type SortState = { column: string; direction: SortDirection } | null;

export type ColumnView<Row> = {
  key: string;
  /** The value sorting compares; a column without it is not sortable. */
  sortValue?: (row: Row) => string | number | null;
  /** The text filtering searches; default: the sort value. */
  filterText?: (row: Row) => string;
};

export function viewRows<Row>(rows: readonly Row[], columns: readonly ColumnView<Row>[], filter: string, sort: SortState): Row[] {
  const needle = filter.trim().toLowerCase();
  const texts = columns.map((column) => column.filterText ?? ((row: Row) => String(column.sortValue?.(row) ?? '')));
  const filtered = needle ? rows.filter((row) => texts.some((text) => text(row).toLowerCase().includes(needle))) : [...rows];
  const column = sort && columns.find((candidate) => candidate.key === sort.column);
  if (!sort || !column?.sortValue) return filtered;
  const value = column.sortValue;
  const sign = sort.direction === 'ascending' ? 1 : -1;
  // Array.prototype.sort is stable (ES2019): equal rows keep the service's order.
  return filtered.sort((a, b) => {
    const [left, right] = [value(a), value(b)];
    // Empty values last, whichever the direction.
    if (left === null || right === null) return left === right ? 0 : left === null ? 1 : -1;
    return sign * compare(left, right);
  });
}

/** Numbers as numbers; text by locale, with digits compared as numbers. */
function compare(a: string | number, b: string | number): number {
  if (a === b) return 0;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
}

/** A click on a column's header: ascending first, then descending, then the service's order. */
export function nextSort(current: SortState, column: string): SortState {
  if (!current || current.column !== column) return { column, direction: 'ascending' };
  return current.direction === 'ascending' ? { column, direction: 'descending' } : null;
}
