// Issue Credential 3.0 over DIDComm (https://didcomm.org/issue-credential/3.0/): a credential issued with
// `deliver_to` is also sent, from its issuer DID, to the holder's DID in an `issue-credential` message with the
// credential as its attachment. The credential is issued whatever becomes of the message; the issue response
// says what did (credentials.service.ts).
import { actorFrom } from '../audit/audit.repository.js';
import type { Principal } from '../../auth/principal.js';
import { badRequest } from '../../lib/errors.js';
import { MESSAGES } from '../../lib/messages.js';
import { PROTOCOL } from './didcomm.protocols.js';
import { didcommDocument } from './didcomm.resolver.js';
import type { DidcommService } from './didcomm.service.js';

export type CredentialDelivery = {
  /** The stored DIDComm message (GET /v1/didcomm/messages/{id}); null when it could not be sent. */
  messageId: string | null;
  to: string;
  /** inbox (hosted here), delivered/failed (its service endpoint), returned (no endpoint: the envelope is in the message). */
  status: 'inbox' | 'delivered' | 'failed' | 'returned';
  detail: string | null;
};

/** The attachment's media type per format (RFC 7519 JWT; SD-JWT VC's dc+sd-jwt). */
const MEDIA_TYPE = { jwt_vc_json: 'application/jwt', 'vc+sd-jwt': 'application/dc+sd-jwt' } as const;

export function createCredentialDelivery(didcomm: Pick<DidcommService, 'sendFrom'>) {
  /** Refuses, before anything is issued, a holder DID that cannot be resolved (nothing could reach it). */
  async function checkRecipient(to: string): Promise<void> {
    if (!(await didcommDocument(to).catch(() => null))) throw badRequest(MESSAGES.didcommUnresolvableRecipient(to));
  }

  async function deliver(
    principal: Principal,
    credential: { id: string; format: keyof typeof MEDIA_TYPE; credential: string; issuer: string },
    to: string,
  ): Promise<CredentialDelivery> {
    try {
      const sent = await didcomm.sendFrom(
        principal.tenantId,
        credential.issuer,
        to,
        {
          type: PROTOCOL.issueCredential,
          body: {},
          attachments: [
            {
              id: credential.id,
              media_type: MEDIA_TYPE[credential.format],
              format: credential.format,
              data: { base64: Buffer.from(credential.credential, 'utf8').toString('base64url') },
            },
          ],
        },
        actorFrom(principal, null),
      );
      return {
        messageId: sent.id,
        to,
        status: sent.delivery as CredentialDelivery['status'],
        detail: sent.deliveryDetail,
      };
    } catch (error) {
      // Issued already: the answer carries the credential and why it did not travel.
      return { messageId: null, to, status: 'failed', detail: error instanceof Error ? error.message : String(error) };
    }
  }

  return { checkRecipient, deliver };
}

export type CredentialDeliverer = ReturnType<typeof createCredentialDelivery>;
