// Judges the OAuth Client Credentials extension (machine to machine, no user) from the token
// requests a client made to the mock authorization server: the grant type, how the client
// authenticated itself (its secret, or a JWT assertion checked against RFC 7523 section 3 when it
// arrived), the baseline `resource` parameter on those requests, and a new token once one expires. The cell is skipped before
// this when the client never used the grant (run-client-cell.ts): the extension is opt-in.
import { canonicalResourceForms, tokenAuthMethodOf } from '../../mocks/index.js';
import type { AuthFacts } from './auth-host.js';
import { showRequest, viewOf, type Seen } from './auth-request-view.js';
import type { HttpVerdict } from './types.js';

type ClientCredentialsDuty =
  | 'client-credentials-grant'
  | 'client-credentials-authentication'
  | 'client-credentials-assertion'
  | 'client-credentials-resource'
  | 'client-credentials-renewal';

/** RFC 7523 section 2.1: a JWT used as the grant itself, as the extension's overview page draws the JWT flow. */
const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

export function judgeClientCredentialsDuty(duty: ClientCredentialsDuty, facts: AuthFacts): HttpVerdict {
  const machine = facts.setup.clientCredentials;
  if (!machine) return { status: 'skipped', message: 'this setup has no client credentials client' };
  const { tokenRequests, authorizations, mcp } = viewOf(facts);
  // The machine flow's token requests: those made before any authorization request (which has no place in it).
  const direct = tokenRequests.filter((s) => authorizations.length === 0 || s.seq < authorizations[0]!.seq);
  if (direct.length === 0) return { status: 'skipped', message: 'the client made no token request without an authorization request' };
  const first = direct[0]!;
  const granted = direct.filter((s) => s.r.body?.grant_type === 'client_credentials');

  switch (duty) {
    case 'client-credentials-grant': {
      const other = direct.find((s) => s.r.body?.grant_type !== 'client_credentials');
      if (other?.r.body?.grant_type === JWT_BEARER_GRANT)
        return {
          status: 'skipped',
          message: `the client sent its JWT as an authorization grant (RFC 7523 section 2.1, grant_type ${JWT_BEARER_GRANT}), as the extension's overview page draws it; the specification asks for grant_type=client_credentials with the JWT as client authentication (section 2.2), a difference not judged here`,
          evidence: [other.seq],
        };
      if (other)
        return {
          status: 'failed',
          message: 'a token request of the machine flow did not use the client credentials grant',
          expected: 'grant_type=client_credentials',
          actual: `${showRequest(other)} with grant_type=${other.r.body?.grant_type ?? '(absent)'}`,
          evidence: [other.seq],
        };
      return { status: 'passed', message: `all ${direct.length} token requests used grant_type=client_credentials`, evidence: [first.seq] };
    }
    case 'client-credentials-authentication': {
      if (granted.length === 0) return { status: 'skipped', message: 'the client sent no client credentials token request' };
      const allowed = machine.privateKeyJwt ? ['private_key_jwt'] : ['client_secret_basic', 'client_secret_post'];
      const holds = machine.privateKeyJwt ? 'a private key (a JWT assertion)' : 'a client secret (HTTP Basic or in the body)';
      for (const s of granted) {
        const used = tokenAuthMethodOf(s.r);
        const problem = !allowed.includes(used)
          ? `it authenticated with ${used === 'none' ? 'nothing (client_id alone)' : used}`
          : used === 'private_key_jwt' && s.r.body?.client_assertion_type !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer'
            ? `client_assertion_type is ${s.r.body?.client_assertion_type ?? '(absent)'}`
            : used === 'private_key_jwt' && !s.r.body?.client_assertion
              ? 'it sent no client_assertion'
              : secretProblem(s, machine.clientId, machine.clientSecret);
        if (problem)
          return {
            status: 'failed',
            message: `a client credentials token request did not authenticate the client as the extension requires: ${problem}`,
            expected: `client authentication with ${holds}, as the client was configured`,
            actual: `${showRequest(s)}${s.r.outcome ? `: ${s.r.outcome}` : ''}`,
            evidence: [s.seq],
          };
      }
      return {
        status: 'passed',
        message: `all ${granted.length} client credentials token requests authenticated the client with ${holds}`,
        evidence: [granted[0]!.seq],
      };
    }
    case 'client-credentials-assertion': {
      const asserted = direct.filter((s) => tokenAuthMethodOf(s.r) === 'private_key_jwt');
      if (asserted.length === 0) return { status: 'skipped', message: 'the client sent no JWT client assertion' };
      for (const s of asserted) {
        const problem = facts.assertionProblem(s.r.body?.client_assertion);
        if (problem)
          return {
            status: 'failed',
            message: `a JWT client assertion is not one RFC 7523 section 3 allows the authorization server to accept: ${problem}`,
            expected: `a JWT signed with the client's key (ES256), iss and sub ${machine.clientId}, aud ${facts.issuer} or its token endpoint, exp not passed`,
            actual: `client_assertion ${describeJwt(s.r.body?.client_assertion)}`,
            evidence: [s.seq],
          };
      }
      return {
        status: 'passed',
        message: `all ${asserted.length} JWT client assertions were signed with the client's key and carried the claims RFC 7523 requires`,
        evidence: [asserted[0]!.seq],
      };
    }
    case 'client-credentials-renewal': {
      // The mock answers 401 invalid_token to a token it issued once its uses are spent (`tokenUses`).
      const expired = mcp.find((s) => {
        const bearer = /^Bearer\s+(\S+)$/i.exec(s.r.headers.authorization ?? '')?.[1];
        return s.r.status === 401 && bearer !== undefined && facts.isIssuedToken(bearer);
      });
      if (!expired)
        return { status: 'skipped', message: 'no token of the client expired during the run (it sent too few requests, or the setup sets no tokenUses)' };
      const renewal = granted.find((s) => s.seq > expired.seq && s.r.status === 200);
      if (!renewal) {
        const after = tokenRequests.filter((s) => s.seq > expired.seq);
        return {
          status: 'failed',
          message: 'after its token stopped working the client did not obtain a new one with the client credentials grant',
          expected: 'POST /token with grant_type=client_credentials after the 401 invalid_token',
          actual:
            after.length === 0
              ? 'no token request after the 401'
              : after.map((s) => `${showRequest(s)} grant_type=${s.r.body?.grant_type ?? '(absent)'}`).join('; '),
          evidence: [expired.seq],
        };
      }
      const resumed = mcp.some((s) => s.seq > renewal.seq && s.r.status !== 401 && s.r.status !== 0);
      return {
        status: 'passed',
        message: `after its token stopped working the client asked for a new one with the client credentials grant${resumed ? ' and carried on' : ''}`,
        evidence: [expired.seq, renewal.seq],
      };
    }
    case 'client-credentials-resource': {
      const canonical = canonicalResourceForms(facts.endpoint);
      for (const s of direct) {
        const value = s.r.body?.resource;
        if (value === undefined || !canonical.has(value.toLowerCase()))
          return {
            status: 'failed',
            message: `the client credentials token request ${value === undefined ? 'had no resource parameter' : 'named another resource than this MCP server'}`,
            expected: `resource=${facts.endpoint}`,
            actual: `resource=${value ?? '(absent)'}`,
            evidence: [s.seq],
          };
      }
      return { status: 'passed', message: `all ${direct.length} token requests named this MCP server as the resource`, evidence: [first.seq] };
    }
  }
}

/** Why a secret-authenticated request does not carry the configured secret, or undefined. */
function secretProblem(s: Seen, clientId: string, clientSecret: string | undefined): string | undefined {
  if (clientSecret === undefined) return undefined;
  const basic = /^Basic\s+(.+)$/i.exec(s.r.headers.authorization ?? '');
  let id = s.r.body?.client_id;
  let secret = s.r.body?.client_secret;
  if (basic) {
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    id = safeDecode(decoded.slice(0, Math.max(0, colon)));
    secret = safeDecode(decoded.slice(colon + 1));
  }
  if (id !== clientId) return `it named client ${id ?? '(none)'}, not ${clientId}`;
  return secret === clientSecret ? undefined : 'its client secret is not the one it was configured with';
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The header and claims of a JWT, for a verdict's `actual` (the signature left out). */
function describeJwt(jwt: string | undefined): string {
  if (jwt === undefined) return '(absent)';
  const [head, body] = jwt.split('.');
  const decode = (part: string | undefined) => {
    try {
      return Buffer.from(part ?? '', 'base64url').toString('utf8');
    } catch {
      return '?';
    }
  };
  return `header ${decode(head)}, claims ${decode(body)}`.slice(0, 500);
}
