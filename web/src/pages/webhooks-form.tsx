// Creating a webhook endpoint: its URL, a note, and the event types it receives (all, including later ones, the
// default; or a choice from the catalogue by area). The answer carries the signing secret, shown here once to
// copy. Outside production the form says how to receive on localhost (WEBHOOK_ALLOW_PRIVATE_URLS).
import { useId, useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { useCan } from '../access/can';
import { ErrorMessage } from '../components/error-message';
import { Field } from '../components/field';
import { readDeployment } from '../deployment';
import { CreateWebhookDocument } from '../generated/graphql';
import { CheckedField, focusFirstProblem, GatedSubmit, NeedsNote, SecretOnce } from './feature-parts';
import {
  allEvents,
  areaLabel,
  areaState,
  eventGroups,
  selectionProblem,
  privateUrlNote,
  selectionToEvents,
  toggleArea,
  toggleType,
  urlHint,
  type EventSelection,
} from './webhooks.rules';

const GROUPS = eventGroups();

export function CreateWebhook() {
  const can = useCan('webhooks:manage');
  const [created, createWebhook] = useMutation(CreateWebhookDocument);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [selection, setSelection] = useState<EventSelection>(allEvents);
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
      setSelection(allEvents());
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

/** Every event type (now and later), or a choice by area; each area has a box for all of it. */
export function EventPicker({
  selection,
  onChange,
}: {
  selection: EventSelection;
  onChange(next: EventSelection): void;
}) {
  const name = useId();
  return (
    <fieldset className="event-picker">
      <legend>Events to receive</legend>
      <label className="choice">
        <input
          type="radio"
          name={name}
          checked={selection.all}
          onChange={() => onChange({ ...selection, all: true })}
        />
        All events, including types added later
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
                    onChange={(event) => onChange(toggleArea(selection, group, event.target.checked))}
                  />
                  All of {areaLabel(group.area)}
                </label>
                {group.types.map((type) => (
                  <label key={type} className="choice">
                    <input
                      type="checkbox"
                      checked={selection.types.has(type)}
                      onChange={(event) => onChange(toggleType(selection, type, event.target.checked))}
                    />
                    <code>{type}</code>
                  </label>
                ))}
              </fieldset>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}
