// Evaluating a framework against a snapshot (pure), and the issue-time enforcement of adopted frameworks.
import type { TenantCompliance } from '../../auth/principal.js';
import { CHECKS } from './checks/check-library.js';
import type { CheckResult, ComplianceSnapshot, ControlState, IssueFacts } from './checks/check.types.js';
import type { ControlDefinition, FrameworkDefinition } from './framework.types.js';
import { FRAMEWORKS } from './frameworks/index.js';

export type ControlEvaluation = CheckResult & {
  id: string;
  /** The framework's citation: `GDPR Art. 5(1)(c)`. */
  reference: string;
  requirement: string;
  /** How the service evaluates it. */
  evaluation: string;
  /** Whether issuing refuses what breaks it while the framework is adopted. */
  enforceable: boolean;
};

export type StateCounts = Record<ControlState, number>;

export type FrameworkEvaluation = {
  framework: FrameworkDefinition;
  evaluatedAt: Date;
  counts: StateCounts;
  controls: ControlEvaluation[];
};

export const referenceOf = (framework: FrameworkDefinition, control: ControlDefinition) =>
  `${framework.citedAs} ${control.clause}`;

export function isEnforceable(control: ControlDefinition): boolean {
  return control.enforced === true && CHECKS[control.check].enforce !== undefined;
}

export function evaluateFramework(framework: FrameworkDefinition, snapshot: ComplianceSnapshot): FrameworkEvaluation {
  const counts: StateCounts = { met: 0, not_met: 0, partial: 0, attestation: 0 };
  const controls = framework.controls.map((control): ControlEvaluation => {
    const check = CHECKS[control.check];
    const result = check.evaluate(snapshot, control.params ?? {}, { frameworkId: framework.id, controlId: control.id });
    counts[result.state] += 1;
    return {
      id: control.id,
      reference: referenceOf(framework, control),
      requirement: control.requirement,
      evaluation: check.evaluates,
      enforceable: isEnforceable(control),
      ...result,
    };
  });
  return { framework, evaluatedAt: snapshot.now, counts, controls };
}

/**
 * The first enforced control of an adopted framework that this issue would break, as the refusal's text
 * (`refused by gdpr Art. 5(1)(c): …`); null when every one allows it. Frameworks are tried in catalogue order.
 */
export function issueRefusal(compliance: TenantCompliance, issue: IssueFacts, now: Date): string | null {
  if (compliance.adopted.length === 0) return null;
  for (const framework of FRAMEWORKS) {
    if (!compliance.adopted.includes(framework.id)) continue;
    for (const control of framework.controls) {
      if (!isEnforceable(control)) continue;
      const reason = CHECKS[control.check].enforce!(issue, control.params ?? {}, compliance, now);
      if (reason) return `refused by ${framework.id} ${control.clause}: ${reason}`;
    }
  }
  return null;
}
