// The tokens of the Enterprise-Managed Authorization extension (ext-auth,
// enterprise-managed-authorization.mdx): the identity provider's ID token handed to the client as
// the user's identity assertion, and the Identity Assertion JWT Authorization Grant (ID-JAG, section
// 4.3) the provider issues in a token exchange. Both are ES256 JWTs signed with the provider's key;
// idJagProblem is the check the MCP server's authorization server makes of an ID-JAG presented to
// it (section 5.1). Node's crypto only, no JOSE library.
import { randomUUID, sign, verify, type KeyObject } from 'node:crypto';
import { decodeJwtPart, encodeJwtPart, JWT_CLOCK_SKEW_SECONDS, showClaim } from './jwt-json.js';
import { resourceMatches, sameIssuer } from './resource-uri.js';

/** RFC 8693 section 2.1: the token exchange grant. */
export const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
/** The `requested_token_type` and `issued_token_type` of an ID-JAG (section 4). */
export const ID_JAG_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:id-jag';
/** The `subject_token_type` of an OpenID Connect ID token (RFC 8693 section 3). */
export const ID_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:id_token';
/** RFC 7523 section 2.1: a JWT used as an authorization grant. */
export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** The `typ` header an ID-JAG carries (section 4.3). */
export const ID_JAG_TYP = 'oauth-id-jag+jwt';
/** Clock skew allowed on `exp` (seconds). */

/** A compact ES256 JWS of `claims` with `header` (alg added). */
export function signEs256(header: Record<string, unknown>, claims: Record<string, unknown>, privateKey: KeyObject): string {
  const input = `${encodeJwtPart({ alg: 'ES256', ...header })}.${encodeJwtPart(claims)}`;
  return `${input}.${sign('sha256', Buffer.from(input), { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
}

/** The header and claims of a compact JWS signed with `publicKey` (ES256), or why it is not one. */
export function verifiedJwt(
  jwt: string | undefined,
  publicKey: KeyObject,
): { header: Record<string, unknown>; claims: Record<string, unknown> } | { problem: string } {
  if (jwt === undefined || jwt === '') return { problem: 'no JWT' };
  const parts = jwt.split('.');
  if (parts.length !== 3) return { problem: `not a compact JWS (${parts.length} parts)` };
  const [head, body, signature] = parts as [string, string, string];
  const header = decodeJwtPart(head);
  const claims = decodeJwtPart(body);
  if (!header || !claims) return { problem: 'its header or payload is not base64url-encoded JSON' };
  const signed =
    header.alg === 'ES256' &&
    signature !== '' &&
    verify('sha256', Buffer.from(`${head}.${body}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) return { problem: "it is not signed with the identity provider's key" };
  return { header, claims };
}

export interface IdJagExpectations {
  /** The identity provider's key, which signed every ID-JAG it issued. */
  publicKey: KeyObject;
  /** The identity provider's issuer. */
  idpIssuer: string;
  /** The issuer of the authorization server the ID-JAG is presented to (its `aud`). */
  audience: string;
  /** The client that authenticated the JWT grant request (the ID-JAG's `client_id` must name it). */
  clientId: string | undefined;
  /** The MCP server's endpoint (the ID-JAG's `resource` must name it, see resourceMatches). */
  resource: string;
  /** Seconds since the epoch; defaults to now. */
  now?: number;
}

/** Why `assertion` is not an ID-JAG the authorization server may accept (section 5.1), or undefined. */
export function idJagProblem(assertion: string | undefined, expected: IdJagExpectations): string | undefined {
  const jwt = verifiedJwt(assertion, expected.publicKey);
  if ('problem' in jwt) return `the assertion is not an ID-JAG of the identity provider: ${jwt.problem}`;
  const { header, claims } = jwt;
  if (header.typ !== ID_JAG_TYP) return `the assertion's typ is ${showClaim(header.typ)}, not ${ID_JAG_TYP}: it is not an ID-JAG`;
  if (claims.iss !== expected.idpIssuer) return `iss is ${showClaim(claims.iss)}, not the identity provider ${expected.idpIssuer}`;
  if (!sameIssuer(claims.aud, expected.audience)) return `aud is ${showClaim(claims.aud)}, not this authorization server's issuer ${expected.audience}`;
  if (typeof claims.resource !== 'string' || !resourceMatches(claims.resource, expected.resource))
    return `the ID-JAG's resource ${showClaim(claims.resource)} is not this MCP server (${expected.resource})`;
  if (claims.client_id !== expected.clientId)
    return `the ID-JAG's client_id ${showClaim(claims.client_id)} is not the client that authenticated (${expected.clientId ?? 'none'})`;
  const now = expected.now ?? Math.floor(Date.now() / 1000);
  if (typeof claims.exp !== 'number' || claims.exp + JWT_CLOCK_SKEW_SECONDS < now) return `the ID-JAG expired (exp ${showClaim(claims.exp)}, now ${now})`;
  return undefined;
}

/** A fresh JWT id. */
export const jwtId = (): string => randomUUID();
