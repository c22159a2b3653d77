// Usage and plan: this month's usage against the plan's quotas as meters, the plan's limits, and moving to
// another plan (up or down, at once; no payment is taken here). A move the usage would not fit is foreseen
// (usage.rules.ts) and, if asked for anyway, refused by the service with its reasons, shown as they come.
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { useCan } from '../access/can';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ErrorMessage } from '../components/error-message';
import { Loading } from '../components/loading';
import { Meter } from '../components/meter';
import { ChangePlanDocument, UsagePageDocument, type UsagePageQuery } from '../generated/graphql';
import { formatTime, monthName } from './overview.rules';
import { useDialogTarget } from './team-parts';
import { formatNumber, planLabel } from '../vocabulary';
import { limitText, planMove, PLAN_OFFERS, type PlanOffer } from './usage.rules';
import './team.css';

type Usage = UsagePageQuery['usage'];

export default function UsagePage() {
  const [usage, refresh] = useQuery({ query: UsagePageDocument, requestPolicy: 'cache-and-network' });
  const [changed, setChanged] = useState<string | null>(null);
  const data = usage.data?.usage;
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Usage and plan</h1>
      <ErrorMessage error={usage.error} />
      {!data && usage.fetching && <Loading label="Loading usage" />}
      {data && (
        <>
          <p className="lead">
            This tenant is on the <strong data-testid="current-plan">{planLabel(data.plan)}</strong> plan.
          </p>
          {changed && (
            <p className="success" role="status">
              {changed}
            </p>
          )}
          <div className="cards">
            <section className="card" aria-labelledby="usage-title">
              <h2 id="usage-title">Usage in {monthName(data.month)}</h2>
              <Meter
                label="Credentials issued"
                kind="metered"
                used={data.credentialsIssuedThisMonth}
                limit={data.credentials.limit}
              />
              <Meter label="Active DIDs" kind="allowance" used={data.activeDids} limit={data.dids.limit} />
              <Meter
                label="Members and invitations"
                kind="allowance"
                used={data.members + data.pendingInvitations}
                limit={data.seats.limit}
              />
              <p className="muted">
                {data.members} member{data.members === 1 ? '' : 's'} and {data.pendingInvitations} pending invitation
                {data.pendingInvitations === 1 ? '' : 's'}. The month’s quota starts again on{' '}
                {formatTime(data.periodEnd)}.
              </p>
            </section>
            <section className="card" aria-labelledby="limits-title">
              <h2 id="limits-title">Limits of the plan</h2>
              <dl className="facts">
                <dt>Credentials a month</dt>
                <dd>{limitText(data.credentials.limit)}</dd>
                <dt>Active DIDs</dt>
                <dd>{limitText(data.dids.limit)}</dd>
                <dt>Members and invitations</dt>
                <dd>{limitText(data.seats.limit)}</dd>
                <dt>Requests</dt>
                <dd>
                  {formatNumber(data.requestsPerMinute)} a minute, bursts of {formatNumber(data.burst)}
                </dd>
                <dt>Custom roles</dt>
                <dd>{data.customRolesAllowed ? `yes (${data.customRoles} in use)` : 'no'}</dd>
              </dl>
            </section>
          </div>
          <Plans
            usage={data}
            onChanged={(text) => {
              setChanged(text);
              refresh({ requestPolicy: 'network-only' });
            }}
          />
        </>
      )}
    </section>
  );
}

function Plans({ usage, onChanged }: { usage: Usage; onChanged(text: string): void }) {
  const can = useCan('billing:manage');
  const moving = useDialogTarget<PlanOffer>();
  return (
    <section className="section" aria-labelledby="plans-title">
      <h2 id="plans-title">Change plan</h2>
      <p className="muted">
        A change applies at once, up or down; a move down is refused while your usage does not fit it.
      </p>
      {!can.allowed && <p className="permission-note">Changing the plan {can.reason}.</p>}
      <div className="plan-grid">
        {PLAN_OFFERS.map((offer) => {
          const move = planMove(usage, offer);
          const titleId = `plan-${offer.name}`;
          return (
            <section
              key={offer.name}
              className={move.kind === 'current' ? 'card plan-current' : 'card'}
              aria-labelledby={titleId}
            >
              <h3 id={titleId}>{offer.label}</h3>
              <dl>
                <dt>Credentials a month</dt>
                <dd>{limitText(offer.credentialsPerMonth)}</dd>
                <dt>Active DIDs</dt>
                <dd>{limitText(offer.dids)}</dd>
                <dt>Members</dt>
                <dd>{limitText(offer.members)}</dd>
                <dt>Requests a minute</dt>
                <dd>{limitText(offer.requestsPerMinute)}</dd>
                <dt>Custom roles and domains</dt>
                <dd>{offer.customRoles ? 'yes' : 'no'}</dd>
              </dl>
              {move.kind === 'current' ? (
                <p>
                  <strong>Your plan</strong>
                </p>
              ) : (
                <>
                  {move.obstacles.length > 0 && (
                    <p className="permission-note" id={`${titleId}-fit`}>
                      Your usage does not fit it: {move.obstacles.join('; ')}.
                    </p>
                  )}
                  <button
                    type="button"
                    className={move.kind === 'upgrade' ? undefined : 'button-secondary'}
                    disabled={!can.allowed}
                    title={can.allowed ? undefined : `Changing the plan ${can.reason}`}
                    aria-describedby={move.obstacles.length ? `${titleId}-fit` : undefined}
                    onClick={() => moving.show(offer)}
                  >
                    {move.kind === 'upgrade' ? 'Upgrade' : 'Downgrade'} to {offer.label}
                  </button>
                </>
              )}
            </section>
          );
        })}
      </div>
      {moving.target && (
        <PlanChangeDialog
          key={moving.key}
          usage={usage}
          target={moving.target}
          open={moving.open}
          onClose={moving.close}
          onChanged={onChanged}
        />
      )}
    </section>
  );
}

function PlanChangeDialog({
  usage,
  target,
  open,
  onClose,
  onChanged,
}: {
  usage: Usage;
  target: PlanOffer;
  open: boolean;
  onClose(): void;
  onChanged(text: string): void;
}) {
  const [result, changePlan] = useMutation(ChangePlanDocument);
  return (
    <ConfirmDialog
      open={open}
      title={`Move to the ${target.label} plan?`}
      confirmLabel={`Move to ${target.label}`}
      busy={result.fetching}
      onCancel={onClose}
      onConfirm={async () => {
        const outcome = await changePlan({ input: { plan: target.name } });
        const change = outcome.data?.changePlan;
        if (!change) return;
        onClose();
        onChanged(
          change.changed
            ? `Moved from the ${planLabel(change.previousPlan)} plan to the ${planLabel(change.plan)} plan.`
            : `Already on the ${planLabel(change.plan)} plan.`,
        );
      }}
    >
      <p>
        From {planLabel(usage.plan)} to {target.label}: {limitText(target.credentialsPerMonth)} credentials a month,{' '}
        {limitText(target.dids)} active DIDs, {limitText(target.members)} members, {limitText(target.requestsPerMinute)}{' '}
        requests a minute. It applies at once; no payment is taken here.
      </p>
      <ErrorMessage error={result.error} />
    </ConfirmDialog>
  );
}
