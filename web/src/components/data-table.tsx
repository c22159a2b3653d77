// The shared table of the list pages: a caption, sortable column headers (buttons, with aria-sort), a filter
// over the loaded page, and a horizontally scrollable frame for narrow screens. Rules in table-view.ts.
import { useId, useState, type ReactNode } from 'react';
import { nextSort, viewRows, type ColumnView, type SortState } from './table-view';

export type Column<Row> = ColumnView<Row> & {
  header: string;
  cell: (row: Row) => ReactNode;
};

export function DataTable<Row>({
  caption,
  rows,
  columns,
  rowKey,
  empty,
}: {
  caption: string;
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string;
  /** Said when there are no rows at all. */
  empty: string;
}) {
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<SortState>(null);
  const filterId = useId();
  const shown = viewRows(rows, columns, filter, sort);
  return (
    <div className="data-table">
      {rows.length > 0 && (
        <div className="table-tools">
          <label htmlFor={filterId}>Filter this page</label>
          <input id={filterId} type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
          <span className="table-count" role="status">
            {shown.length === rows.length ? `${rows.length} shown` : `${shown.length} of ${rows.length} shown`}
          </span>
        </div>
      )}
      <div className="table-scroll" role="region" aria-label={caption} tabIndex={0}>
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => {
                const direction = sort?.column === column.key ? sort.direction : undefined;
                return (
                  <th key={column.key} scope="col" aria-sort={direction ?? (column.sortValue ? 'none' : undefined)}>
                    {column.sortValue ? (
                      <button type="button" className="sort-button" onClick={() => setSort(nextSort(sort, column.key))}>
                        {column.header}
                        <span aria-hidden="true" className="sort-mark">
                          {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.key} data-label={column.header}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
            {shown.length === 0 && (
              <tr>
                <td colSpan={columns.length} className="table-empty">
                  {rows.length === 0 ? empty : 'No row on this page matches the filter.'}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
