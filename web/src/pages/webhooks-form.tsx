// Creating a webhook endpoint: its URL, a note, and the event types it receives (all, including later ones, the
// default; or a choice from the catalogue by area). The answer carries the signing secret, shown here once to
// copy. Outside production the form says how to receive on localhost (WEBHOOK_ALLOW_PRIVATE_URLS).
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { useCan } from '../access/can';
import { missingText } from '../access/permissions';
import { ErrorMessage } from '../components/error-message';
import { Field } from '../components/field';
import { readDeployment } from '../deployment';
import { useSession } from '../session/session';
import { CreateWebhookDocument } from '../generated/graphql';
import { CheckedField, focusFirstProblem, GatedSubmit, NeedsNote, SecretOnce } from './feature-parts';
import {
  allEventsNeeds,
  areaLabel,
  areaState,
  eventGroups,
  initialSelection,
  selectionProblem,
  privateUrlNote,
  selectionToEvents,
  toggleArea,
  toggleType,
  unsubscribable,
  urlHint,
  type EventSelection,
} from './webhooks.rules';

const GROUPS = eventGroups();

/** The event types the signed-in member may not subscribe to, and what each takes. */
function useRefusedEvents() {
  const { me } = useSession();
  const permissions = me?.permissions;
  return useMemo(() => unsubscribable(permissions ?? []), [permissions]);
}

export function CreateWebhook() {
  const can = useCan('webhooks:manage');
  const refused = useRefusedEvents();
  const [created, createWebhook] = useMutation(CreateWebhookDocument);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [selection, setSelection] = useState<EventSelection>(() => initialSelection(refused));
  const [touched, setTouched] = useState(false);
  const [secret, setSecret] = useState<{ secret: string; url: string } | null>(null);
  const problem = urlHint(url) ?? selectionProblem(selection);
  const privateNote = privateUrlNote(readDeployment());
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (problem) return focusFirstProblem(event.currentTarget);
    const outcome = await createWebhook({
      input: { url: url.trim(), events: selectionToEvents(selection), description: description.trim() || undefined },
    });
    const answer = outcome.data?.createWebhook;
    if (answer) {
      setSecret({ secret: answer.secret, url: answer.webhook.url });
      setUrl('');
      setDescription('');
      setSelection(initialSelection(refused));
      setTouched(false);
    }
  }
  return (
    <section className="card" aria-labelledby="create-title">
      <h2 id="create-title">Add an endpoint</h2>
      {secret && (
        <SecretOnce
          title={`The signing secret of ${secret.url}`}
          secret={secret.secret}
          onDone={() => setSecret(null)}
        />
      )}
      <form onSubmit={onSubmit} className="form" noValidate>
        <CheckedField
          label="Endpoint URL"
          type="url"
          inputMode="url"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          hint="Events are POSTed here as JSON, signed (Standard Webhooks). https in production."
          problem={touched ? urlHint(url) : null}
          required
        />
        {privateNote && (
          <p className="field-hint" data-testid="private-url-note">
            {privateNote}
          </p>
        )}
        <Field
          label="Description (optional)"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
        <EventPicker selection={selection} onChange={setSelection} />
        {touched && selectionProblem(selection) && (
          <p className="error-message" role="alert">
            {selectionProblem(selection)}
          </p>
        )}
        <GatedSubmit can={can} busy={created.fetching} label="Add endpoint" busyLabel="Adding…" noteId="create-needs" />
        <NeedsNote can={can} doing="Adding an endpoint" id="create-needs" />
      </form>
      <ErrorMessage error={created.error} />
    </section>
  );
}

/**
 * Every event type (now and later), or a choice by area; each area has a box for all of it. A type the member
 * may not subscribe to (it lacks the permission that reads its data) cannot be ticked, nor can "all events";
 * one already chosen can still be taken off.
 */
export function EventPicker({
  selection,
  onChange,
}: {
  selection: EventSelection;
  onChange(next: EventSelection): void;
}) {
  const name = useId();
  const refused = useRefusedEvents();
  const allNeeds = allEventsNeeds(refused);
  return (
    <fieldset className="event-picker">
      <legend>Events to receive</legend>
      <label className="choice">
        <input
          type="radio"
          name={name}
          checked={selection.all}
          disabled={allNeeds.length > 0 && !selection.all}
          onChange={() => onChange({ ...selection, all: true })}
        />
        All events, including types added later
        {allNeeds.length > 0 && <span className="field-hint"> ({missingText(allNeeds)})</span>}
      </label>
      <label className="choice">
        <input
          type="radio"
          name={name}
          checked={!selection.all}
          onChange={() => onChange({ ...selection, all: false })}
        />
        Only the types chosen below
      </label>
      {!selection.all && (
        <div className="event-groups">
          {GROUPS.map((group) => {
            const state = areaState(selection, group);
            return (
              <fieldset key={group.area} className="event-group">
                <legend>{areaLabel(group.area)}</legend>
                <label className="choice">
                  <input
                    type="checkbox"
                    checked={state === 'all'}
                    ref={(box) => {
                      if (box) box.indeterminate = state === 'some';
                    }}
                    onChange={(event) => onChange(toggleArea(selection, group, event.target.checked, refused))}
                  />
                  All of {areaLabel(group.area)}
                </label>
                {group.types.map((type) => {
                  const needs = refused.get(type);
                  const chosen = selection.types.has(type);
                  return (
                    <label key={type} className="choice">
                      <input
                        type="checkbox"
                        checked={chosen}
                        disabled={needs !== undefined && !chosen}
                        onChange={(event) => onChange(toggleType(selection, type, event.target.checked))}
                      />
                      <code>{type}</code>
                      {needs && <span className="field-hint"> ({missingText([needs])})</span>}
                    </label>
                  );
                })}
              </fieldset>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}
