// A list filtered by the service on a state (offers, presentation requests): the filter, then the page as it
// arrives (its error, a note before the first page, the table and the pager).
import type { CombinedError } from 'urql';
import { DataTable, type Column } from '../components/data-table';
import { ErrorMessage } from '../components/error-message';
import { Loading } from '../components/loading';
import { Pager, type CursorPages } from '../components/use-cursor-pages';

/** A select of the states to show ("Any" first); a change starts the list over at its first page. */
export function StateFilter<State extends string>({
  id,
  label,
  value,
  labels,
  pages,
  onChange,
}: {
  id: string;
  label: string;
  value: State | '';
  labels: Record<State, string>;
  pages: CursorPages;
  onChange(state: State | ''): void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          onChange(event.target.value as State | '');
          pages.reset();
        }}
      >
        <option value="">Any</option>
        {(Object.entries(labels) as [State, string][]).map(([state, text]) => (
          <option key={state} value={state}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

export function PagedList<Row>({
  what,
  loading,
  page,
  error,
  fetching,
  pages,
  columns,
  rowKey,
  empty,
}: {
  /** What the rows are, plural and capitalised ("Credential offers"): the table's caption. */
  what: string;
  /** Said while the first page loads. */
  loading: string;
  page: { rows: readonly Row[]; nextCursor: string | null } | undefined;
  error: CombinedError | undefined;
  fetching: boolean;
  pages: CursorPages;
  columns: Column<Row>[];
  rowKey(row: Row): string;
  empty: string;
}) {
  return (
    <>
      <ErrorMessage error={error} />
      {!page && fetching && <Loading label={loading} />}
      {page && (
        <>
          <DataTable
            caption={`${what}, page ${pages.pageNumber}`}
            rows={page.rows}
            columns={columns}
            rowKey={rowKey}
            empty={empty}
          />
          <Pager pages={pages} nextCursor={page.nextCursor} busy={fetching} />
        </>
      )}
    </>
  );
}
