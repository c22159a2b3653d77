// Parts of the compliance pages: a framework's standing, adopting and unadopting it (unadopting is confirmed:
// issuing stops enforcing it), and the links between the pages.
import { useState } from 'react';
import { useMutation } from 'urql';
import { useCan } from '../access/can';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ErrorMessage } from '../components/error-message';
import { AdoptComplianceFrameworkDocument, UnadoptComplianceFrameworkDocument } from '../generated/graphql';
import { StateBadge } from './feature-parts';
import { countsSummary, overallState, STATE_LABELS, type Counts } from './compliance.rules';

export const frameworkHref = (id: string) => `/compliance/${encodeURIComponent(id)}`;
export const reportHref = (id: string) => `/compliance/reports/${encodeURIComponent(id)}`;

export function Standing({ counts }: { counts: Counts }) {
  const state = overallState(counts);
  return (
    <span className="standing">
      <StateBadge state={state} label={STATE_LABELS[state]} /> <span>{countsSummary(counts)}</span>
    </span>
  );
}

export function AdoptButton({ framework }: { framework: { id: string; name: string; adopted: boolean } }) {
  const can = useCan('compliance:manage');
  const [adopted, adopt] = useMutation(AdoptComplianceFrameworkDocument);
  const [unadopted, unadopt] = useMutation(UnadoptComplianceFrameworkDocument);
  const [confirming, setConfirming] = useState(false);
  const busy = adopted.fetching || unadopted.fetching;
  const label = framework.adopted ? 'Unadopt' : 'Adopt';
  return (
    <span className="inline-action">
      <button
        type="button"
        className={framework.adopted ? 'button-secondary' : undefined}
        disabled={!can.allowed || busy}
        title={can.allowed ? undefined : `${framework.adopted ? 'Unadopting' : 'Adopting'} ${can.reason}`}
        aria-label={`${label} ${framework.name}`}
        onClick={() => (framework.adopted ? setConfirming(true) : adopt({ id: framework.id }))}
      >
        {busy ? `${label}ing…` : label}
      </button>
      {!can.allowed && (
        <span className="cell-note permission-note">
          {framework.adopted ? 'Unadopting' : 'Adopting'} {can.reason}
        </span>
      )}
      <ErrorMessage error={adopted.error} />
      <ConfirmDialog
        open={confirming}
        title={`Stop enforcing ${framework.name}?`}
        confirmLabel="Unadopt"
        busy={unadopted.fetching}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          const outcome = await unadopt({ id: framework.id });
          if (!outcome.error) setConfirming(false);
        }}
      >
        <p>Issuing no longer refuses what breaks its controls. It is still evaluated, and you can adopt it again.</p>
        <ErrorMessage error={unadopted.error} />
      </ConfirmDialog>
    </span>
  );
}
