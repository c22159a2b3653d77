// The REST layer's mappings between the contract's JSON and the GraphQL operations it runs (src/rest): built once
// per endpoint from the schema, they must give what the contract says for every request after that.
import { parse, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/graphql/schema.js';
import { compileVariables, createBodyMapper } from '../../src/rest/body-mapping.js';
import { compileResultMapping } from '../../src/rest/result-mapping.js';
import { snakeKeys } from '../../src/rest/endpoint.js';
import { AppError } from '../../src/lib/errors.js';

const operation = (text: string) => parse(text).definitions[0] as OperationDefinitionNode;

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('body mapping', () => {
  const mapIssue = createBodyMapper(schema, 'IssueCredentialInput');

  it('maps snake_case fields onto the input type and closed sets onto the values the rules read', () => {
    const body = { format: 'vc+sd-jwt', issuer: 'did:key:z6Mk', vct: 'https://example.com/d', sd_jwt_typ: 'vc+sd-jwt' };
    expect(mapIssue(body)).toEqual({ ...body, sd_jwt_typ: undefined, sdJwtTyp: 'vc+sd-jwt' });
  });

  it('names the first unknown field, and every JSON type problem with its index in a list', () => {
    expect(refusal(() => mapIssue({ format: 'jwt_vc_json', colour: 'red', shade: 1 })).message).toBe(
      'unknown field: colour',
    );
    const wrong = refusal(() => mapIssue({ format: 'vc+sd-jwt', issuer: 7, disclosable: ['a', 2, 'c', false] }));
    expect(wrong.status).toBe(400);
    expect(wrong.message).toBe('issuer must be a string');
    expect(wrong.details).toEqual([
      { field: 'issuer', message: 'issuer must be a string' },
      { field: 'disclosable[1]', message: 'disclosable[1] must be a string' },
      { field: 'disclosable[3]', message: 'disclosable[3] must be a string' },
    ]);
  });
});

describe('variables', () => {
  const toVariables = compileVariables(
    schema,
    operation('mutation ($input: IssueCredentialInput!, $limit: Int) { issueCredential(input: $input) { id } }'),
  );

  it('gives closed-set values as GraphQL enum names, inside input objects too, and leaves the rest alone', () => {
    const claims = { degree: 'BSc' };
    const variables = toVariables({ input: { format: 'vc+sd-jwt', sdJwtTyp: 'dc+sd-jwt', claims }, limit: null });
    expect(variables).toEqual({ input: { format: 'vc_sd_jwt', sdJwtTyp: 'dc_sd_jwt', claims }, limit: null });
    expect((variables.input as { claims: unknown }).claims).toBe(claims);
    expect(toVariables({})).toEqual({});
  });

  it("answers a value outside a closed set with the service's own message", () => {
    expect(refusal(() => toVariables({ input: { format: 'mdoc' } })).status).toBe(400);
  });
});

describe('result mapping', () => {
  it('gives enum names back as the contract values, through lists', () => {
    const fromData = compileResultMapping(
      schema,
      operation('{ credentials(limit: 2) { credentials { id format } nextCursor } }'),
    );
    const data = {
      credentials: {
        credentials: [
          { id: 'a', format: 'vc_sd_jwt' },
          { id: 'b', format: 'jwt_vc_json' },
        ],
        nextCursor: null,
      },
    };
    expect(fromData(data)).toEqual({
      credentials: {
        credentials: [
          { id: 'a', format: 'vc+sd-jwt' },
          { id: 'b', format: 'jwt_vc_json' },
        ],
        nextCursor: null,
      },
    });
  });

  it('passes data without closed sets through untouched', () => {
    const fromData = compileResultMapping(schema, operation('{ me { userId email } }'));
    const data = { me: { userId: 'u', email: 'e@example.com' } };
    expect(fromData(data)).toBe(data);
  });
});

describe('snakeKeys', () => {
  it('renames keys at every depth and keeps a "__proto__" key a key', () => {
    const value = JSON.parse('{"issuedAt":1,"status":{"statusListUrl":"u"},"claims":[{"__proto__":{"isAdmin":true}}]}');
    const mapped = snakeKeys(value) as { claims: Record<string, unknown>[] };
    expect(JSON.stringify(mapped)).toBe(
      '{"issued_at":1,"status":{"status_list_url":"u"},"claims":[{"__proto__":{"is_admin":true}}]}',
    );
    expect(Object.getPrototypeOf(mapped.claims[0])).toBe(Object.prototype);
    expect((mapped.claims[0] as { isAdmin?: unknown }).isAdmin).toBeUndefined();
  });
});
