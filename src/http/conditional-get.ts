// Content negotiation and validators for the files the service serves itself (GraphiQL's and the dashboard's).

/** RFC 9110 §12.5.3: gzip listed with a non-zero weight (browsers name it; `*` is not worth honouring). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((item) => {
    const [coding, ...parameters] = item.trim().toLowerCase().split(';');
    if (coding?.trim() !== 'gzip') return false;
    const weight = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
    return weight === undefined || Number(weight.slice(2)) > 0;
  });
}

/** RFC 9110 §13.1.2: weak comparison, a list of tags or `*`. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}
