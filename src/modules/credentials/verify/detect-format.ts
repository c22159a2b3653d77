// Which of our two formats a string is. base64url never contains "~", so the SD-JWT separator alone
// tells them apart (RFC 9901 §4: even an SD-JWT without disclosures ends in "~").
import { MalformedCredentialError, type CredentialFormat } from './verify.types.js';

const DECLARED: Record<string, CredentialFormat> = {
  jwt_vc_json: 'jwt_vc_json',
  'vc+sd-jwt': 'vc+sd-jwt',
  'dc+sd-jwt': 'vc+sd-jwt', // the SD-JWT VC media type since draft-ietf-oauth-sd-jwt-vc-06
};

export function detectFormat(input: string, declaredFormat?: string): CredentialFormat {
  if (input === '') throw new MalformedCredentialError('credential is empty');
  const detected: CredentialFormat = input.includes('~') ? 'vc+sd-jwt' : 'jwt_vc_json';
  if (declaredFormat === undefined || declaredFormat === '') return detected;
  const declared = DECLARED[declaredFormat];
  if (!declared) throw new MalformedCredentialError(`unsupported credential format ${JSON.stringify(declaredFormat)}`);
  if (declared !== detected) {
    throw new MalformedCredentialError(
      declared === 'vc+sd-jwt'
        ? 'declared vc+sd-jwt but the credential has no "~" separators'
        : 'declared jwt_vc_json but the credential has SD-JWT "~" separators',
    );
  }
  return declared;
}
