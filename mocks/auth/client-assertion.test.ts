// JWT client assertions (RFC 7523 section 3) as the mock authorization server checks them: a
// correctly signed assertion passes, and each claim or signature the RFC requires, when wrong,
// gives its own reason.
import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { clientAssertionProblem, generateClientKey } from './client-assertion.js';

const key = generateClientKey();
const ISSUER = 'http://127.0.0.1:4000';
const NOW = 1_800_000_000;
const expected = { clientId: 'machine', audiences: [ISSUER, `${ISSUER}/token`], publicKey: key.publicKey, now: NOW };
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function assertion(claims: Record<string, unknown> = {}, options: { alg?: string; privateKey?: string } = {}): string {
  const input = `${encode({ alg: options.alg ?? 'ES256', typ: 'JWT' })}.${encode({ iss: 'machine', sub: 'machine', aud: `${ISSUER}/token`, iat: NOW, exp: NOW + 300, ...claims })}`;
  if (options.alg === 'none') return `${input}.`;
  return `${input}.${sign('sha256', Buffer.from(input), { key: options.privateKey ?? key.privateKeyPem, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
}

describe('clientAssertionProblem', () => {
  it('accepts an ES256 assertion signed with the client key whose aud is the issuer or the token endpoint', () => {
    expect(clientAssertionProblem(assertion(), expected)).toBeUndefined();
    expect(clientAssertionProblem(assertion({ aud: [ISSUER] }), expected)).toBeUndefined();
    expect(clientAssertionProblem(assertion({ aud: `${ISSUER}/` }), expected)).toBeUndefined();
  });

  it.each([
    ['no assertion', undefined, /no client_assertion/],
    ['not a JWS', 'abc.def', /not a compact JWS/],
    ['unsigned (alg none)', assertion({}, { alg: 'none' }), /unsigned/],
    ['another algorithm', assertion({}, { alg: 'RS256' }), /signed with RS256/],
    ['another key', assertion({}, { privateKey: otherKey() }), /does not verify/],
    ['iss not the client', assertion({ iss: 'someone' }), /iss is "someone"/],
    ['sub not the client', assertion({ sub: 'someone' }), /sub is "someone"/],
    ['aud the MCP server', assertion({ aud: 'http://127.0.0.1:5000/mcp' }), /does not name this authorization server/],
    ['no exp', assertion({ exp: undefined }), /no numeric exp/],
    ['expired', assertion({ iat: NOW - 900, exp: NOW - 600 }), /expired/],
    ['not valid yet', assertion({ nbf: NOW + 600 }), /not valid yet/],
  ])('refuses %s', (_name, value, reason) => {
    expect(clientAssertionProblem(value, expected)).toMatch(reason);
  });
});

function otherKey(): string {
  return generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
}
