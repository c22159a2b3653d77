// A verification's checks as a table (name, result, detail): the verify page's, and each presentation's on an
// OpenID4VP request's page.

export function ChecksTable({
  checks,
  caption,
  id,
}: {
  checks: readonly { name: string; status: string; detail: string | null }[];
  caption: string;
  id: string;
}) {
  return (
    <div className="table-scroll" role="region" aria-labelledby={id} tabIndex={0}>
      <table>
        <caption id={id}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Check</th>
            <th scope="col">Result</th>
            <th scope="col">Detail</th>
          </tr>
        </thead>
        <tbody>
          {checks.map((check) => (
            <tr key={check.name}>
              <td data-label="Check">{check.name}</td>
              <td data-label="Result">
                <span className={`badge badge-check-${check.status}`}>{check.status}</span>
              </td>
              <td data-label="Detail" className="check-detail">
                {check.detail ?? ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
