// A failed request, in the service's own words (api/errors.ts), announced to screen readers.
import type { CombinedError } from 'urql';
import { errorText } from '../api/errors';

export function ErrorMessage({ error, id }: { error: CombinedError | Error | null | undefined; id?: string }) {
  const text = errorText(error);
  if (!text) return null;
  return (
    <p className="error-message" role="alert" id={id}>
      {text}
    </p>
  );
}
