// The shape of a compliance framework (frameworks/*.ts): data only. Each control names the framework's own
// clause, says in one line what it requires, and points at a check of the library in checks/ that evaluates it
// from the tenant's live state (with the control's parameters). Adding a framework is adding a data file.
import type { CheckId } from './checks/check-library.js';

export type ControlDefinition = {
  /** Stable within its framework, kebab-case; attestations name it. */
  id: string;
  /** The framework's own clause, without the framework's name: `Art. 5(1)(c)`, `A.8.24`, `CC6.1`. */
  clause: string;
  /** What the clause requires of an issuer, in one line. */
  requirement: string;
  check: CheckId;
  /** The check's parameters (thresholds, allowed lists); each check documents its own. */
  params?: Record<string, unknown>;
  /** While the framework is adopted, issuing refuses what would break this control (checks that can). */
  enforced?: boolean;
};

export type FrameworkDefinition = {
  /** Fixed: eidas2, gdpr, soc2, iso27001, nist-800-63, uk-diatf, hipaa. */
  id: string;
  name: string;
  /** The edition the controls are taken from. */
  version: string;
  /** How its clauses are cited: `GDPR` + ` Art. 5(1)(c)`. */
  citedAs: string;
  description: string;
  controls: readonly ControlDefinition[];
};
