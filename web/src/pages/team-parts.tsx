// Parts shared by the team pages: a secret shown once (an API key, an invitation link) with its copy button,
// and permissions as checkboxes grouped by area (custom roles, API key scopes).
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import './team.css';
import { beyondHeld, groupByArea } from './roles.rules';

/**
 * A value the service shows only now. The heading takes the focus when it appears, so the warning is read
 * first; the value is in a read-only field (select it, or use the copy button).
 */
export function ShownOnce({
  title,
  label,
  value,
  warning,
  children,
  onDone,
}: {
  title: string;
  label: string;
  value: string;
  warning: string;
  children?: ReactNode;
  onDone(): void;
}) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  useEffect(() => heading.current?.focus(), []);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      // No clipboard (permission refused, or not a secure context): select it for a copy by hand.
      input.current?.select();
      setCopied('failed');
    }
  }
  return (
    <section className="card shown-once" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {title}
      </h3>
      {children}
      <p className="permission-note">
        <strong>{warning}</strong>
      </p>
      <div className="form form-row">
        <div className="field field-grow">
          <label htmlFor={`${id}-value`}>{label}</label>
          <input
            id={`${id}-value`}
            ref={input}
            readOnly
            value={value}
            className="did"
            spellCheck={false}
            onFocus={(event) => event.currentTarget.select()}
          />
        </div>
        <button type="button" onClick={copy}>
          Copy
        </button>
        <button type="button" className="button-secondary" onClick={onDone}>
          I have saved it
        </button>
      </div>
      <p role="status" className="muted">
        {copied === 'yes'
          ? 'Copied to the clipboard.'
          : copied === 'failed'
            ? 'The browser did not allow copying: the text is selected, copy it by hand.'
            : ''}
      </p>
    </section>
  );
}

/** Permissions as checkboxes, a group per area. Only `offered` are shown: what the member may grant. */
export function PermissionChecklist({
  legend,
  offered,
  selected,
  onChange,
  disabled,
  describedBy,
}: {
  legend: string;
  offered: readonly string[];
  selected: ReadonlySet<string>;
  onChange(next: Set<string>): void;
  disabled?: boolean;
  describedBy?: string;
}) {
  const toggle = (permission: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(permission);
    else next.delete(permission);
    onChange(next);
  };
  return (
    <fieldset className="permission-checklist" disabled={disabled} aria-describedby={describedBy}>
      <legend>{legend}</legend>
      <div className="permission-groups">
        {groupByArea(offered).map((group) => (
          <fieldset key={group.area} className="permission-group">
            <legend>{group.label}</legend>
            {group.permissions.map((permission) => (
              <label key={permission} className="choice">
                <input
                  type="checkbox"
                  name="permission"
                  value={permission}
                  checked={selected.has(permission)}
                  onChange={(event) => toggle(permission, event.target.checked)}
                />
                <code>{permission}</code>
              </label>
            ))}
          </fieldset>
        ))}
      </div>
    </fieldset>
  );
}

export type RoleOption = { id: string; name: string; permissions: readonly string[] };

/**
 * A choice of role. A role holding a permission the member lacks cannot be handed out by them (the service
 * refuses): it is listed, disabled, with the permission it needs.
 */
export function RoleSelect({
  id,
  roles,
  held,
  value,
  onChange,
  disabled,
  describedBy,
  label,
}: {
  id: string;
  roles: readonly RoleOption[];
  held: readonly string[];
  value: string;
  onChange(roleId: string): void;
  disabled?: boolean;
  describedBy?: string;
  label?: string;
}) {
  return (
    <select
      id={id}
      value={value}
      disabled={disabled}
      aria-describedby={describedBy}
      aria-label={label}
      onChange={(event) => onChange(event.target.value)}
    >
      {roles.map((role) => {
        const missing = beyondHeld(role.permissions, held);
        return (
          <option key={role.id} value={role.id} disabled={missing.length > 0}>
            {role.name}
            {missing.length > 0
              ? ` (needs ${missing[0]}${missing.length > 1 ? ` and ${missing.length - 1} more` : ''})`
              : ''}
          </option>
        );
      })}
    </select>
  );
}

/**
 * The row a confirmation dialog is about. Closing keeps the row (the dialog closes, and the native dialog
 * gives the focus back to the button that opened it) until another is opened; `key` starts each opening
 * afresh.
 */
export function useDialogTarget<T>() {
  const [state, setState] = useState<{ target: T | null; open: boolean; key: number }>({
    target: null,
    open: false,
    key: 0,
  });
  return {
    ...state,
    show: (target: T) => setState((current) => ({ target, open: true, key: current.key + 1 })),
    close: () => setState((current) => ({ ...current, open: false })),
  };
}
