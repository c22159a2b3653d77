// Which data subjects a DIDComm message carries credentials about, read from its attachments (DIDComm v2 § 5.1:
// `data` holds `base64` or `json`; `links` point elsewhere and carry nothing here). Stored with each message
// (didcomm_messages.subject_ids), whichever way it went, so that erasing a subject (GDPR Art. 17) finds every
// message that holds one of their credentials. Pure: no verification, only what the credentials say.
//   - a JWT credential (VCDM JWT, RFC 7519) or an SD-JWT VC (RFC 9901; its issuer-signed JWT before the first
//     `~`): the payload's `sub` and `vc.credentialSubject.id`;
//   - a JSON credential (VCDM): `credentialSubject.id`.

type Attachment = { id?: unknown; data?: unknown };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The subject ids a decoded credential (JWT payload or JSON credential) names. */
function subjectsOfClaims(claims: Record<string, unknown>): string[] {
  const found: string[] = [];
  if (typeof claims.sub === 'string') found.push(claims.sub);
  const credential = isObject(claims.vc) ? claims.vc : claims;
  const subjects = credential.credentialSubject;
  for (const subject of Array.isArray(subjects) ? subjects : [subjects]) {
    if (isObject(subject) && typeof subject.id === 'string') found.push(subject.id);
  }
  return found;
}

/** The payload of a compact JWT (or of an SD-JWT's issuer-signed part); null for anything else. */
function jwtPayload(text: string): Record<string, unknown> | null {
  const parts = text.trim().split('~')[0]!.split('.');
  if (parts.length !== 3) return null;
  try {
    const payload: unknown = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
    return isObject(payload) ? payload : null;
  } catch {
    return null;
  }
}

/** The subject ids one attachment carries credentials about. */
export function attachmentSubjects(attachment: unknown): string[] {
  const data = isObject(attachment) ? (attachment as Attachment).data : undefined;
  if (!isObject(data)) return [];
  let content: unknown = data.json;
  // Node decodes base64 and base64url alike; DIDComm § 5.1 names base64url, some agents send base64.
  if (typeof data.base64 === 'string') content = Buffer.from(data.base64, 'base64').toString('utf8');
  if (typeof content === 'string') {
    const payload = jwtPayload(content);
    if (payload) return subjectsOfClaims(payload);
    try {
      content = JSON.parse(content);
    } catch {
      return [];
    }
  }
  return isObject(content) ? subjectsOfClaims(content) : [];
}

/** Every subject id the message's attachments carry credentials about, once each. */
export function messageSubjects(message: { attachments?: unknown }): string[] {
  const attachments = Array.isArray(message.attachments) ? message.attachments : [];
  return [...new Set(attachments.flatMap(attachmentSubjects))];
}
