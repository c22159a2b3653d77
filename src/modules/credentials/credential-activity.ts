// What the credential services report as they work, for the operator's metrics
// (src/observability/metrics.ts): the services know formats and outcomes, and stay free of any metrics library.
import type { CredentialFormatName } from './formats/index.js';

export type CredentialActivity = {
  issued(format: CredentialFormatName): void;
  verified(format: CredentialFormatName, verified: boolean): void;
};

export const NO_ACTIVITY: CredentialActivity = { issued: () => {}, verified: () => {} };
