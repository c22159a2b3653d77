// Parts the feature pages (webhooks, trust, compliance, DIDComm, domains) share: a copy button, a value shown
// once, a state badge, a labelled text area, and the note under a control the role may not use.
import { useEffect, useId, useState, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import type { CanVerdict } from '../access/can';
import './feature-pages.css';

/** Copies `value` to the clipboard; says whether it did (a polite live region), or how to copy by hand. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null);
  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(() => setOutcome(null), 4000);
    return () => clearTimeout(timer);
  }, [outcome]);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setOutcome('copied');
    } catch {
      setOutcome('failed');
    }
  }
  return (
    <span className="copy">
      <button type="button" className="button-secondary button-small" onClick={copy} aria-label={label}>
        Copy
      </button>
      <span role="status" className="copy-outcome">
        {outcome === 'copied' ? 'Copied' : outcome === 'failed' ? 'Could not copy: select the text instead' : ''}
      </span>
    </span>
  );
}

/** A value to copy now, shown in full, read-only, with its copy button. */
export function CopyableValue({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const id = useId();
  return (
    <div className="copyable">
      <span className="copyable-label" id={id}>
        {label}
      </span>
      <code className="copyable-value" aria-labelledby={id} data-testid={testId}>
        {value}
      </code>
      <CopyButton value={value} label={`Copy ${label.toLowerCase()}`} />
    </div>
  );
}

/** A secret the service shows once (a webhook's signing secret): copy it now, it is never shown again. */
export function SecretOnce({ title, secret, children, onDone }: { title: string; secret: string; children?: ReactNode; onDone(): void }) {
  const titleId = useId();
  return (
    <section className="secret-once" aria-labelledby={titleId}>
      <h3 id={titleId}>{title}</h3>
      <p>Copy it now: it is shown only this once. You verify every delivery with it.</p>
      <CopyableValue label="Signing secret" value={secret} testId="secret" />
      {children}
      <button type="button" className="button-secondary" onClick={onDone}>
        I have stored it
      </button>
    </section>
  );
}

/** A state as a coloured, labelled badge (colour is never the only cue: the text says it). */
export function StateBadge({ state, label }: { state: string; label?: string }) {
  return <span className={`badge badge-state-${state}`}>{label ?? state}</span>;
}

export function TextArea({
  label,
  hint,
  ...area
}: { label: string; hint?: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} aria-describedby={hint ? `${id}-hint` : undefined} {...area} />
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}

/**
 * A labelled input with its hint and, once the form's rules found one, its problem: both tied to it
 * (aria-describedby), the problem marked invalid and in the error colour.
 */
export function CheckedField({
  label,
  hint,
  problem,
  ...input
}: { label: string; hint?: string; problem?: string | null } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const described = [hint && `${id}-hint`, problem && `${id}-problem`].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-describedby={described || undefined} aria-invalid={problem ? true : undefined} {...input} />
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {problem && (
        <p className="field-problem" id={`${id}-problem`}>
          {problem}
        </p>
      )}
    </div>
  );
}

/** After a submit the rules refused: the focus to the first field marked invalid, once it is rendered. */
export function focusFirstProblem(form: HTMLFormElement) {
  setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
}

/** Under a disabled control: what it would do and the permission it needs ("Creating an endpoint needs …"). */
export function NeedsNote({ can, doing, id }: { can: CanVerdict; doing: string; id?: string }) {
  if (can.allowed) return null;
  return (
    <p className="permission-note" id={id}>
      {doing} {can.reason}.
    </p>
  );
}

/** A submit button disabled while not allowed or busy, described by the note naming the permission. */
export function GatedSubmit({
  can,
  busy,
  label,
  busyLabel,
  noteId,
  disabled,
}: {
  can: CanVerdict;
  busy: boolean;
  label: string;
  busyLabel: string;
  noteId: string;
  disabled?: boolean;
}) {
  return (
    <button type="submit" disabled={!can.allowed || busy || disabled} aria-describedby={can.allowed ? undefined : noteId}>
      {busy ? busyLabel : label}
    </button>
  );
}
