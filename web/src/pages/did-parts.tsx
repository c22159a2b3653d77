// Parts of the DIDs pages: a DID's status, and deactivating it (final, so confirmed in a dialog first; gated by
// dids:deactivate).
import { useState } from 'react';
import { useMutation } from 'urql';
import { useCan } from '../access/can';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ErrorMessage } from '../components/error-message';
import { DeactivateDidDocument, type DidStatus } from '../generated/graphql';

export function DeactivateDidButton({ did, compact }: { did: string; compact?: boolean }) {
  const can = useCan('dids:deactivate');
  const [open, setOpen] = useState(false);
  const [result, deactivate] = useMutation(DeactivateDidDocument);
  const label = compact ? 'Deactivate' : 'Deactivate this DID';
  return (
    <>
      <button
        type="button"
        className="button-danger"
        disabled={!can.allowed}
        aria-label={compact ? `Deactivate ${did}` : undefined}
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      {!can.allowed && !compact && <p className="permission-note">Deactivating {can.reason}.</p>}
      <ConfirmDialog
        open={open}
        title="Deactivate this DID?"
        confirmLabel="Deactivate"
        busy={result.fetching}
        onCancel={() => setOpen(false)}
        onConfirm={async () => {
          const outcome = await deactivate({ did });
          if (!outcome.error) setOpen(false);
        }}
      >
        <p className="did">{did}</p>
        <p>
          Deactivation is final: the DID can no longer issue credentials, and its document says it is deactivated.
          Credentials it issued stay verifiable. It frees a DID of your plan.
        </p>
        <ErrorMessage error={result.error} />
      </ConfirmDialog>
    </>
  );
}

export function StatusBadge({ status }: { status: DidStatus }) {
  return <span className={`badge badge-${status}`}>{status}</span>;
}
