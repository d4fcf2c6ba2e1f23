// JWT client assertions (RFC 7523 section 2.2, "private_key_jwt") for the OAuth Client Credentials
// extension: the key pair of a machine client the mock authorization server knows (the runner hands
// the private half to the client under test), and the check of an assertion the client sent
// against RFC 7523 section 3: signed with that key, `iss` and `sub` the client id, an `aud` naming
// the authorization server, an `exp` not passed. Node's crypto only, no JOSE library.
import { createPublicKey, generateKeyPairSync, verify, type KeyObject } from 'node:crypto';
import { decodeJwtPart, JWT_CLOCK_SKEW_SECONDS, showClaim } from './jwt-json.js';
import { sameIssuer } from './resource-uri.js';

/** The `client_assertion_type` of RFC 7523 section 2.2. */
export const JWT_BEARER_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
/** The one signing algorithm the mock advertises and accepts (ECDSA P-256, SHA-256). */
export const CLIENT_ASSERTION_ALG = 'ES256';

/** A machine client's signing key: the private half as PKCS#8 PEM for the client, the public half for checks. */
export interface ClientKey {
  privateKeyPem: string;
  publicKey: KeyObject;
}

export function generateClientKey(): ClientKey {
  const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { privateKeyPem: pair.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), publicKey: createPublicKey(pair.privateKey) };
}

export interface AssertionExpectations {
  clientId: string;
  /** Values of `aud` that identify the authorization server (its issuer, its token endpoint URL). */
  audiences: string[];
  publicKey: KeyObject;
  /** Seconds since the epoch; defaults to now. */
  now?: number;
}

/** Why `assertion` is not a valid client assertion for `expected`, or undefined when it is. */
export function clientAssertionProblem(assertion: string | undefined, expected: AssertionExpectations): string | undefined {
  if (assertion === undefined || assertion === '') return 'no client_assertion';
  const parts = assertion.split('.');
  if (parts.length !== 3) return `the client_assertion is not a compact JWS (${parts.length} parts)`;
  const [head, body, signature] = parts as [string, string, string];
  const header = decodeJwtPart(head);
  const claims = decodeJwtPart(body);
  if (!header || !claims) return 'the client_assertion header or payload is not base64url-encoded JSON';
  if (header.alg !== CLIENT_ASSERTION_ALG || signature === '')
    return `the client_assertion is ${header.alg === 'none' || signature === '' ? 'unsigned' : `signed with ${String(header.alg)}`}, not ${CLIENT_ASSERTION_ALG} with the client's key`;
  const signed = verify('sha256', Buffer.from(`${head}.${body}`), { key: expected.publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) return "the client_assertion's signature does not verify with the client's registered public key";
  if (claims.iss !== expected.clientId) return `iss is ${showClaim(claims.iss)}, not the client id ${expected.clientId}`;
  if (claims.sub !== expected.clientId) return `sub is ${showClaim(claims.sub)}, not the client id ${expected.clientId}`;
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.some((a) => expected.audiences.some((issuer) => sameIssuer(a, issuer))))
    return `aud is ${showClaim(claims.aud)}, which does not name this authorization server (${expected.audiences.join(' or ')})`;
  const now = expected.now ?? Math.floor(Date.now() / 1000);
  if (typeof claims.exp !== 'number') return 'the client_assertion has no numeric exp';
  if (claims.exp + JWT_CLOCK_SKEW_SECONDS < now) return `the client_assertion expired (exp ${claims.exp}, now ${now})`;
  if (typeof claims.nbf === 'number' && claims.nbf - JWT_CLOCK_SKEW_SECONDS > now)
    return `the client_assertion is not valid yet (nbf ${claims.nbf}, now ${now})`;
  return undefined;
}
