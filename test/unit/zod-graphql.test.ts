// The GraphQL input types are derived from the services' zod rules (src/graphql/zod-types.ts): what a rule
// requires is non-null, a closed set is an enum whose values are the contract's, an open object is JSON, a
// preprocessed value is typed as what it becomes. Read off the built schema, so a rule change shows here.
import { isEnumType, isInputObjectType, type GraphQLInputObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/graphql/schema.js';
import { enumValueName } from '../../src/graphql/zod-types.js';

const inputType = (name: string) => {
  const type = schema.getType(name);
  if (!isInputObjectType(type)) throw new Error(`${name} is not an input type`);
  return type;
};
const fieldTypes = (type: GraphQLInputObjectType) =>
  Object.fromEntries(Object.values(type.getFields()).map((field) => [field.name, String(field.type)]));

describe('GraphQL inputs derived from zod', () => {
  it('types the issuance request as its rules do', () => {
    expect(fieldTypes(inputType('IssueCredentialInput'))).toEqual({
      format: 'CredentialFormat!',
      issuer: 'String!',
      subjectId: 'String',
      claims: 'JSON',
      type: '[String!]',
      vct: 'String',
      validFrom: 'String',
      validUntil: 'String',
      disclosable: '[String!]',
      holderJwk: 'JSON',
      sdJwtTyp: 'SdJwtTyp',
      issuerIdentifier: 'IssuerIdentifierKind',
      deliverTo: 'String',
    });
    expect(inputType('IssueCredentialInput').getFields().subjectId!.description).toBe(
      'The subject’s id (a DID or URI); becomes sub.',
    );
  });

  it('makes closed sets enums whose values are the contract’s, named as GraphQL allows', () => {
    const values = (name: string) => {
      const type = schema.getType(name);
      if (!isEnumType(type)) throw new Error(`${name} is not an enum`);
      return type.getValues().map(({ name: valueName, value }) => [valueName, value]);
    };
    expect(values('CredentialFormat')).toEqual([
      ['jwt_vc_json', 'jwt_vc_json'],
      ['vc_sd_jwt', 'vc+sd-jwt'],
    ]);
    expect(values('KeyType')).toEqual([
      ['Ed25519', 'Ed25519'],
      ['P_256', 'P-256'],
    ]);
    expect(values('Plan').map(([, value]) => value).sort()).toEqual(['business', 'developer', 'enterprise', 'startup']);
    expect(enumValueName('dc+sd-jwt')).toBe('dc_sd_jwt');
  });

  it('keeps a DID’s key type an enum although REST accepts it in any case (a preprocessing step)', () => {
    expect(fieldTypes(inputType('CreateDidInput'))).toEqual({
      keyType: 'KeyType',
      method: 'DidMethod',
      domain: 'String',
      path: 'String',
    });
  });

  it('marks exactly the required fields of every input non-null', () => {
    expect(fieldTypes(inputType('RegisterInput'))).toEqual({
      email: 'String!',
      password: 'String!',
      displayName: 'String!',
      tenantName: 'String!',
      tenantSlug: 'String!',
    });
    expect(fieldTypes(inputType('AcceptInvitationInput'))).toEqual({
      token: 'String!',
      password: 'String',
      displayName: 'String',
    });
    expect(fieldTypes(inputType('CreateRoleInput'))).toEqual({
      name: 'String!',
      description: 'String',
      permissions: '[String!]!',
    });
    expect(fieldTypes(inputType('ChangePlanInput'))).toEqual({ plan: 'Plan!' });
  });
});
