// The frameworks, in the order the API lists them. Each is a data file; adding one is adding its file here.
import type { FrameworkDefinition } from '../framework.types.js';
import eidas2 from './eidas2.js';
import gdpr from './gdpr.js';
import hipaa from './hipaa.js';
import iso27001 from './iso27001.js';
import nist80063 from './nist-800-63.js';
import soc2 from './soc2.js';
import ukDiatf from './uk-diatf.js';

export const FRAMEWORKS: readonly FrameworkDefinition[] = [eidas2, gdpr, soc2, iso27001, nist80063, ukDiatf, hipaa];

const BY_ID = new Map(FRAMEWORKS.map((framework) => [framework.id, framework]));

export function frameworkById(id: string): FrameworkDefinition | undefined {
  return BY_ID.get(id);
}
