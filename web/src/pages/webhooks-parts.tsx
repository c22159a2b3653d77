// Parts of the webhooks pages: an endpoint's status, pausing and resuming it, deleting it (confirmed first, as
// its deliveries go with it), rotating its secret (the new one shown once) and sending it a test event.
import { useState } from 'react';
import { useMutation } from 'urql';
import { useLocation } from 'wouter';
import { useCan } from '../access/can';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ErrorMessage } from '../components/error-message';
import {
  DeleteWebhookDocument,
  RotateWebhookSecretDocument,
  TestWebhookDocument,
  UpdateWebhookDocument,
  type WebhookFieldsFragment,
} from '../generated/graphql';
import { NeedsNote, SecretOnce, StateBadge } from './feature-parts';
import { formatTime } from './overview.rules';
import { attemptSummary } from './webhooks.rules';

type Webhook = Pick<WebhookFieldsFragment, 'id' | 'url' | 'enabled' | 'disabledReason' | 'failingSince'>;

export function WebhookStatus({ webhook }: { webhook: Webhook }) {
  return (
    <>
      <StateBadge state={webhook.enabled ? 'enabled' : 'disabled'} label={webhook.enabled ? 'enabled' : 'disabled'} />
      {!webhook.enabled && webhook.disabledReason && <span className="cell-note">{webhook.disabledReason}</span>}
      {webhook.failingSince && <span className="cell-note">Failing since {formatTime(webhook.failingSince)}</span>}
    </>
  );
}

export function EnableWebhookButton({ webhook, compact }: { webhook: Webhook; compact?: boolean }) {
  const can = useCan('webhooks:manage');
  const [result, update] = useMutation(UpdateWebhookDocument);
  const label = webhook.enabled ? 'Disable' : 'Enable';
  return (
    <span className="inline-action">
      <button
        type="button"
        className="button-secondary"
        disabled={!can.allowed || result.fetching}
        title={can.allowed ? undefined : `${label} ${can.reason}`}
        aria-label={compact ? `${label} ${webhook.url}` : undefined}
        onClick={() => update({ id: webhook.id, input: { enabled: !webhook.enabled } })}
      >
        {result.fetching ? `${label}…` : label}
      </button>
      <ErrorMessage error={result.error} />
    </span>
  );
}

export function DeleteWebhookButton({ webhook, compact, onDeleted }: { webhook: Webhook; compact?: boolean; onDeleted?(): void }) {
  const can = useCan('webhooks:manage');
  const [open, setOpen] = useState(false);
  const [result, remove] = useMutation(DeleteWebhookDocument);
  return (
    <>
      <button
        type="button"
        className="button-danger"
        disabled={!can.allowed}
        title={can.allowed ? undefined : `Deleting ${can.reason}`}
        aria-label={compact ? `Delete ${webhook.url}` : undefined}
        onClick={() => setOpen(true)}
      >
        {compact ? 'Delete' : 'Delete this endpoint'}
      </button>
      <ConfirmDialog
        open={open}
        title="Delete this endpoint?"
        confirmLabel="Delete"
        busy={result.fetching}
        onCancel={() => setOpen(false)}
        onConfirm={async () => {
          const outcome = await remove({ id: webhook.id });
          if (!outcome.error) {
            setOpen(false);
            onDeleted?.();
          }
        }}
      >
        <p className="did">{webhook.url}</p>
        <p>No more events are sent to it, and its delivery log goes with it. This cannot be undone.</p>
        <ErrorMessage error={result.error} />
      </ConfirmDialog>
    </>
  );
}

export function RotateSecret({ webhook }: { webhook: Webhook }) {
  const can = useCan('webhooks:manage');
  const [open, setOpen] = useState(false);
  const [result, rotate] = useMutation(RotateWebhookSecretDocument);
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <div className="action-block">
      <button type="button" className="button-secondary" disabled={!can.allowed} onClick={() => setOpen(true)} aria-describedby={can.allowed ? undefined : 'rotate-needs'}>
        Rotate the signing secret
      </button>
      <NeedsNote can={can} doing="Rotating the secret" id="rotate-needs" />
      <ConfirmDialog
        open={open}
        title="Rotate the signing secret?"
        confirmLabel="Rotate"
        busy={result.fetching}
        onCancel={() => setOpen(false)}
        onConfirm={async () => {
          const outcome = await rotate({ id: webhook.id });
          if (outcome.data?.rotateWebhookSecret) {
            setSecret(outcome.data.rotateWebhookSecret.secret);
            setOpen(false);
          }
        }}
      >
        <p>A new secret signs every delivery from now on; the current one keeps signing beside it for 24 hours, so your receiver can switch over.</p>
        <ErrorMessage error={result.error} />
      </ConfirmDialog>
      {secret && <SecretOnce title="The new signing secret" secret={secret} onDone={() => setSecret(null)} />}
    </div>
  );
}

export function TestWebhookButton({ webhook }: { webhook: Webhook }) {
  const can = useCan('webhooks:manage');
  const [result, test] = useMutation(TestWebhookDocument);
  const attempt = result.data?.testWebhook?.attempt;
  return (
    <div className="action-block">
      <button
        type="button"
        className="button-secondary"
        disabled={!can.allowed || result.fetching}
        aria-describedby={can.allowed ? undefined : 'test-needs'}
        onClick={() => test({ id: webhook.id })}
      >
        {result.fetching ? 'Sending a test event…' : 'Send a test event'}
      </button>
      <NeedsNote can={can} doing="Sending a test event" id="test-needs" />
      <ErrorMessage error={result.error} />
      {attempt && !result.error && (
        <div className={attempt.ok ? 'success' : 'error-message'} role="status">
          <p className="outcome-line">
            {attempt.ok ? 'Delivered' : 'Not delivered'}: {attemptSummary(attempt)}
          </p>
          {attempt.responseExcerpt && <pre className="excerpt">{attempt.responseExcerpt}</pre>}
        </div>
      )}
    </div>
  );
}

/** After deleting from its own page, back to the list. */
export function useBackToWebhooks() {
  const [, navigate] = useLocation();
  return () => navigate('/webhooks');
}
