// Paging by the service's cursors: the cursor of the page shown and the ones before it, so "Previous" goes
// back without the service needing backward cursors. A change of filter starts again from the first page.
import { useState } from 'react';

export type CursorPages = {
  cursor: string | null;
  pageNumber: number;
  next(nextCursor: string): void;
  previous(): void;
  reset(): void;
};

export function useCursorPages(): CursorPages {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  return {
    cursor: cursors.at(-1) ?? null,
    pageNumber: cursors.length,
    next: (nextCursor) => setCursors((current) => [...current, nextCursor]),
    previous: () => setCursors((current) => (current.length > 1 ? current.slice(0, -1) : current)),
    reset: () => setCursors([null]),
  };
}

export function Pager({ pages, nextCursor, busy }: { pages: CursorPages; nextCursor: string | null; busy?: boolean }) {
  if (pages.pageNumber === 1 && !nextCursor) return null;
  return (
    <nav className="pager" aria-label="Pages">
      <button type="button" className="button-secondary" onClick={pages.previous} disabled={busy || pages.pageNumber === 1}>
        Previous page
      </button>
      <span>Page {pages.pageNumber}</span>
      <button
        type="button"
        className="button-secondary"
        onClick={() => nextCursor && pages.next(nextCursor)}
        disabled={busy || !nextCursor}
      >
        Next page
      </button>
    </nav>
  );
}
