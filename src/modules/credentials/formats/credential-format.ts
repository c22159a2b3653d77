// What the service needs of a credential format. Each format is one folder behind this interface, selected by
// name from the table in formats/index.ts: how it issues, how it is told apart and verified, and which kind of
// status list its credentials point into and how they carry the entry. The verification steps that formats
// share (compact JWS, issuer signature, validity, key binding, status check) stay in ../verify/.
import type { z } from 'zod';
import type { CredentialFormat as StoredFormat } from '../../../generated/prisma/enums.js';
import type { SigningKey } from '../../dids/signing-keys.js';
import type { StatusListFormat } from '../../status-lists/status-list.codec.js';
import type { IssueInput } from '../credentials.inputs.js';
import type { statusReferenceType } from '../credentials.views.js';
import type {
  PresentationOptions,
  PresentationResult,
  VerificationResult,
  VerifiedContent,
  VerifyOptions,
} from '../verify/verify.types.js';

/** What the issuing service decided for one credential before the format builds and signs it. */
export type IssueContext = {
  credentialId: string;
  issuedAt: Date;
  statusListUrl: string;
  statusIndex: number;
  /** The iss to sign when it is not the issuer DID: the tenant's credential issuer identifier (issuer_identifier url). */
  issuerIdentifier?: string;
  /** The issuer DID's certificate chain for the JWS header (RFC 7515 §4.1.6), for formats whose `x5c` is true. */
  x5c?: string[];
};

/** What a credential's iss names: the issuer DID, or the tenant's credential issuer identifier (an HTTPS URL). */
export const ISSUER_IDENTIFIER_KINDS = ['did', 'url'] as const;
export type IssuerIdentifierKind = (typeof ISSUER_IDENTIFIER_KINDS)[number];

/** A credential's status entry as the API shows it (`status` of spec §3). */
export type CredentialStatusView = { type: z.output<typeof statusReferenceType>; uri: string; index: number };

/** A field of an issuance request, as IssueInput names it. */
export type IssueField = keyof IssueInput;

export interface CredentialFormat<Name extends string = string> {
  /** The contract's name: issue and list `format`, verify's result. */
  readonly name: Name;
  /** What it is, in a few words, for the API's description of the formats. */
  readonly summary: string;
  /** Its value of the credential_format enum, as the Prisma client names it (prisma/schema.prisma). */
  readonly storedAs: StoredFormat;
  /** Other names a verify request may declare it by (older media types). */
  readonly aliases: readonly string[];
  /** The kind of status list its credentials point into (src/modules/status-lists). */
  readonly statusListFormat: StatusListFormat;
  /**
   * Its rules for an issuance request: fields it requires, and fields that belong to it alone (refused with
   * any other format). credentials.inputs.ts applies them, at fixed places among the common rules.
   */
  readonly issueFields: { required: readonly IssueField[]; exclusive: readonly IssueField[] };
  /** What its iss may name (issuer_identifier): the DID always; SD-JWT VC also an HTTPS URL (SD-JWT VC §2.5). */
  readonly issuerIdentifiers: readonly IssuerIdentifierKind[];
  /** Whether its JWS header carries the issuer DID's certificate chain as x5c when the DID has one (HAIP §6.1.1). */
  readonly x5c: boolean;
  /** Builds and signs the credential, its status entry embedded. */
  issue(input: IssueInput, key: SigningKey, context: IssueContext): string | Promise<string>;
  /** The subject's claims (by name) that every verifier sees, whatever the holder discloses. */
  visibleClaims(input: IssueInput): string[];
  /** The type that names the credential in listings. */
  credentialType(input: IssueInput): string;
  statusReference(entry: { uri: string; index: number }): CredentialStatusView;
  /** Null when a presented credential has this format's shape; otherwise what it has instead. */
  detect(credential: string): string | null;
  /** Every problem is a failed check in the result; throws MalformedCredentialError only for non-credentials. */
  verify(credential: string, options: VerifyOptions): Promise<VerificationResult>;
  /**
   * OpenID4VP 1.0 Appendix B: its Credential Format Identifier in a DCQL query and `vp_formats_supported`, and
   * how a presentation of it is verified: this format's `verify` of the credential, plus the holder's proof
   * (KB-JWT, VP JWT) bound to the verifier's client_id and nonce. Throws MalformedCredentialError as verify does.
   */
  readonly presentation: {
    readonly formatIdentifier: string;
    /** Its `vp_formats_supported` entry: the algorithms it verifies (Appendix B.1.3, B.3.4). */
    readonly vpFormatsSupported: Record<string, string[]>;
    verify(presentation: string, options: PresentationOptions): Promise<PresentationResult>;
  };
  /**
   * What a credential this service issued and stored says, in verify's shape, without checking it: for the
   * service's own rows only (a data subject's export), never for a presented credential. An SD-JWT as stored
   * holds every disclosure, so every claim is resolved. Throws MalformedCredentialError for a non-credential.
   */
  read(credential: string): VerifiedContent;
}
