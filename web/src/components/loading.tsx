// Work under way: a polite live region, so the wait is announced once and the result replaces it.
export function Loading({ label }: { label: string }) {
  return (
    <p className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {label}…
    </p>
  );
}
