import type { Principal } from '../auth/principal.js';
import type { Logger } from '../lib/logger.js';
import type { Services } from '../services.js';

/** Built once per request by the HTTP app, for both transports. */
export type RequestContext = {
  principal: Principal | null;
  requestId: string;
  services: Services;
  log: Logger;
};
