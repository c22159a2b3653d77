// Parts of the credentials pages: a credential's state, revoking it (final, so confirmed in a dialog first;
// gated by credentials:revoke), copying a credential, and a JSON value to read.
import { useEffect, useRef, useState } from 'react';
import { useMutation } from 'urql';
import { useCan } from '../access/can';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ErrorMessage } from '../components/error-message';
import { RevokeCredentialDocument, type RevokeCredentialMutation } from '../generated/graphql';
import type { CredentialState } from './credentials.rules';
import './credentials.css';

export type Revocation = NonNullable<RevokeCredentialMutation['revokeCredential']>;

export function CredentialStateBadge({ state }: { state: CredentialState }) {
  return <span className={`badge badge-${state}`}>{state}</span>;
}

export function RevokeCredentialButton({
  id,
  label,
  onRevoked,
}: {
  id: string;
  /** What the credential is called in the dialog (its type). */
  label: string;
  onRevoked?: (revocation: Revocation) => void;
}) {
  const can = useCan('credentials:revoke');
  const [open, setOpen] = useState(false);
  const [result, revoke] = useMutation(RevokeCredentialDocument);
  return (
    <>
      <button
        type="button"
        className="button-danger"
        disabled={!can.allowed}
        title={can.allowed ? undefined : `Revoking ${can.reason}`}
        onClick={() => setOpen(true)}
      >
        Revoke this credential
      </button>
      {!can.allowed && <p className="permission-note">Revoking {can.reason}.</p>}
      <ConfirmDialog
        open={open}
        title="Revoke this credential?"
        confirmLabel="Revoke"
        busy={result.fetching}
        onCancel={() => setOpen(false)}
        onConfirm={async () => {
          const outcome = await revoke({ id });
          const revocation = outcome.data?.revokeCredential;
          if (!outcome.error && revocation) {
            setOpen(false);
            onRevoked?.(revocation);
          }
        }}
      >
        <p>
          {label} <span className="did">{id}</span>
        </p>
        <p>
          Revocation is final: its bit is set in the public status list, so every verifier from now on finds it revoked.
          It cannot be undone.
        </p>
        <ErrorMessage error={result.error} />
      </ConfirmDialog>
    </>
  );
}

/**
 * Copies `text` to the clipboard. The Clipboard API needs a secure context and the page's focus; where it is
 * refused, the text is selected in `fallback` (a field showing it) so that the keyboard's copy works.
 */
export function CopyButton({
  text,
  label,
  fallback,
}: {
  text: string;
  label: string;
  fallback?: () => HTMLTextAreaElement | null;
}) {
  const [said, setSaid] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setSaid('Copied.');
    } catch {
      const field = fallback?.();
      field?.focus();
      field?.select();
      setSaid('Copying was refused by the browser: the text is selected, press Ctrl+C (⌘C) to copy it.');
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setSaid(''), 6000);
  }
  return (
    <span className="copy">
      <button type="button" className="button-secondary" onClick={() => void copy()}>
        {label}
      </button>
      <span role="status" className="copy-status">
        {said}
      </span>
    </span>
  );
}

/** A JSON value, pretty-printed, scrollable and reachable by keyboard. */
export function JsonBlock({ value, labelledBy }: { value: unknown; labelledBy: string }) {
  return (
    <pre className="json" tabIndex={0} aria-labelledby={labelledBy}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
