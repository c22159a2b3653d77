// The shared table's view of a loaded page: filter, then sort; empty values last; the header's cycle.
import { describe, expect, it } from 'vitest';
import { nextSort, viewRows, type ColumnView } from './table-view';

type Row = { name: string; count: number | null; note: string };
const rows: Row[] = [
  { name: 'did-10', count: 3, note: 'alpha' },
  { name: 'did-9', count: null, note: 'beta' },
  { name: 'did-2', count: 1, note: 'Gamma' },
];
const columns: ColumnView<Row>[] = [
  { key: 'name', sortValue: (row) => row.name },
  { key: 'count', sortValue: (row) => row.count },
  { key: 'note', filterText: (row) => row.note },
];
const names = (list: Row[]) => list.map((row) => row.name);

describe('the table view', () => {
  it('keeps the service’s order until a column is sorted', () => {
    expect(names(viewRows(rows, columns, '', null))).toEqual(['did-10', 'did-9', 'did-2']);
  });

  it('sorts text with digits as numbers, both ways', () => {
    expect(names(viewRows(rows, columns, '', { column: 'name', direction: 'ascending' }))).toEqual(['did-2', 'did-9', 'did-10']);
    expect(names(viewRows(rows, columns, '', { column: 'name', direction: 'descending' }))).toEqual(['did-10', 'did-9', 'did-2']);
  });

  it('puts empty values last whichever the direction', () => {
    expect(names(viewRows(rows, columns, '', { column: 'count', direction: 'ascending' }))).toEqual(['did-2', 'did-10', 'did-9']);
    expect(names(viewRows(rows, columns, '', { column: 'count', direction: 'descending' }))).toEqual(['did-10', 'did-2', 'did-9']);
  });

  it('filters on any column’s text, ignoring case and surrounding spaces, then sorts', () => {
    expect(names(viewRows(rows, columns, '  GAMMA ', null))).toEqual(['did-2']);
    expect(names(viewRows(rows, columns, 'did-', { column: 'name', direction: 'ascending' }))).toEqual(['did-2', 'did-9', 'did-10']);
    expect(viewRows(rows, columns, 'nothing', null)).toEqual([]);
  });

  it('never changes the rows it was given', () => {
    const copy = structuredClone(rows);
    viewRows(rows, columns, 'a', { column: 'name', direction: 'descending' });
    expect(rows).toEqual(copy);
  });

  it('cycles a header: ascending, descending, the service’s order; another header starts ascending', () => {
    const ascending = nextSort(null, 'name');
    expect(ascending).toEqual({ column: 'name', direction: 'ascending' });
    const descending = nextSort(ascending, 'name');
    expect(descending).toEqual({ column: 'name', direction: 'descending' });
    expect(nextSort(descending, 'name')).toBeNull();
    expect(nextSort(descending, 'count')).toEqual({ column: 'count', direction: 'ascending' });
  });
});
