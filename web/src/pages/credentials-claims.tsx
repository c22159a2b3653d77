// The issue form's claims editor: a row per claim (name, type, value; for vc+sd-jwt whether the holder may
// withhold it), rows added and removed, each row's problems beside it. Its rules are claims.rules.ts.
import { useEffect, useRef } from 'react';
import { CLAIM_TYPE_LABELS, newClaimRow, type ClaimRow, type ClaimType, type RowProblems } from './claims.rules';

export function ClaimsEditor({
  rows,
  onChange,
  problems,
  sdJwt,
}: {
  rows: ClaimRow[];
  onChange: (rows: ClaimRow[]) => void;
  /** Per row key; shown once the form was submitted. */
  problems: Map<string, RowProblems>;
  /** vc+sd-jwt: each claim has its disclosable box. */
  sdJwt: boolean;
}) {
  const list = useRef<HTMLDivElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  // Where the focus goes after a row is added (its name) or removed (the add button).
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    if (target === 'add') addButton.current?.focus();
    else list.current?.querySelector<HTMLInputElement>(`#${CSS.escape(`${target}-name`)}`)?.focus();
  }, [rows]);
  const update = (key: string, change: Partial<ClaimRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  return (
    <fieldset className="claims">
      <legend>Claims</legend>
      <p className="field-hint">
        What the credential says of its subject. A value is text, a number, yes or no, or JSON (for lists and nested
        objects, e.g. {'{"street": "12 Dorset St", "city": "London"}'}).
        {sdJwt && ' A disclosable claim is one the holder may withhold when presenting the credential.'} Rows left empty
        are ignored.
      </p>
      <div ref={list} className="claim-rows">
        {rows.map((row, index) => (
          <ClaimRowEditor
            key={row.key}
            row={row}
            number={index + 1}
            problems={problems.get(row.key)}
            sdJwt={sdJwt}
            onChange={(change) => update(row.key, change)}
            onRemove={() => {
              focusNext.current = 'add';
              onChange(rows.filter((other) => other.key !== row.key));
            }}
          />
        ))}
      </div>
      <button
        ref={addButton}
        type="button"
        className="button-secondary"
        onClick={() => {
          const row = newClaimRow();
          focusNext.current = row.key;
          onChange([...rows, row]);
        }}
      >
        Add a claim
      </button>
    </fieldset>
  );
}

function ClaimRowEditor({
  row,
  number,
  problems,
  sdJwt,
  onChange,
  onRemove,
}: {
  row: ClaimRow;
  number: number;
  problems: RowProblems | undefined;
  sdJwt: boolean;
  onChange: (change: Partial<ClaimRow>) => void;
  onRemove: () => void;
}) {
  const id = row.key;
  const described = (problem: string | undefined, field: string) => (problem ? `${id}-${field}-problem` : undefined);
  return (
    <fieldset className="claim-row">
      <legend>Claim {number}</legend>
      <div className="field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input
          id={`${id}-name`}
          value={row.name}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={problems?.name ? true : undefined}
          aria-describedby={described(problems?.name, 'name')}
          onChange={(event) => onChange({ name: event.target.value })}
        />
        {problems?.name && (
          <p className="field-error" id={`${id}-name-problem`}>
            {problems.name}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-type`}>Type</label>
        <select
          id={`${id}-type`}
          value={row.type}
          onChange={(event) => {
            const type = event.target.value as ClaimType;
            // A yes/no starts as yes; the other types keep what was typed.
            onChange(type === 'boolean' ? { type, value: row.value === 'false' ? 'false' : 'true' } : { type });
          }}
        >
          {Object.entries(CLAIM_TYPE_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="field claim-value">
        <label htmlFor={`${id}-value`}>Value</label>
        <ValueInput
          row={row}
          invalid={Boolean(problems?.value)}
          describedBy={described(problems?.value, 'value')}
          onChange={onChange}
        />
        {problems?.value && (
          <p className="field-error" id={`${id}-value-problem`}>
            {problems.value}
          </p>
        )}
      </div>
      {sdJwt && (
        <label className="choice">
          <input
            type="checkbox"
            checked={row.disclosable}
            onChange={(event) => onChange({ disclosable: event.target.checked })}
          />
          Disclosable
        </label>
      )}
      <button type="button" className="button-secondary" aria-label={`Remove claim ${number}`} onClick={onRemove}>
        Remove
      </button>
    </fieldset>
  );
}

function ValueInput({
  row,
  invalid,
  describedBy,
  onChange,
}: {
  row: ClaimRow;
  invalid: boolean;
  describedBy: string | undefined;
  onChange: (change: Partial<ClaimRow>) => void;
}) {
  const common = {
    id: `${row.key}-value`,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
  };
  switch (row.type) {
    case 'boolean':
      return (
        <select {...common} value={row.value} onChange={(event) => onChange({ value: event.target.value })}>
          <option value="true">Yes (true)</option>
          <option value="false">No (false)</option>
        </select>
      );
    case 'json':
      return (
        <textarea
          {...common}
          rows={3}
          spellCheck={false}
          value={row.value}
          onChange={(event) => onChange({ value: event.target.value })}
        />
      );
    default:
      return (
        <input
          {...common}
          inputMode={row.type === 'number' ? 'decimal' : undefined}
          autoComplete="off"
          value={row.value}
          onChange={(event) => onChange({ value: event.target.value })}
        />
      );
  }
}
