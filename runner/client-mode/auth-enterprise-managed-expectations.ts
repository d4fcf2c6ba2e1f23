// Judges the Enterprise-Managed Authorization extension (cross-app access) from the requests a
// client made to the mock identity provider and the mock authorization server: the RFC 8693 token
// exchange for an ID-JAG (its token types and subject token, then its audience and resource), the
// RFC 7523 JWT bearer grant presenting that ID-JAG, and the client's authentication on it. The
// cell is skipped before this when the client tried neither request (run-client-cell.ts): the
// extension is opt-in.
import { ID_JAG_TOKEN_TYPE, ID_TOKEN_TYPE, JWT_BEARER_GRANT, resourceMatches, sameIssuer, TOKEN_EXCHANGE_GRANT, tokenAuthMethodOf } from '../../mocks/index.js';
import type { AuthFacts } from './auth-host.js';
import { showRequest, tokenClientId, viewOf, type Seen } from './auth-request-view.js';
import type { HttpVerdict } from './types.js';

type EnterpriseDuty = 'enterprise-token-exchange' | 'enterprise-exchange-target' | 'enterprise-jwt-grant' | 'enterprise-client-authentication';

export function judgeEnterpriseManagedDuty(duty: EnterpriseDuty, facts: AuthFacts): HttpVerdict {
  const enterprise = facts.setup.enterpriseManaged;
  if (!enterprise) return { status: 'skipped', message: 'this setup has no enterprise identity provider' };
  const exchanges = facts.requests.filter((s) => s.r.to === 'identity-provider' && s.r.method === 'POST' && s.r.path === '/token');
  const grants = viewOf(facts).tokenRequests;
  const idToken = facts.clientContext?.id_token;

  switch (duty) {
    case 'enterprise-token-exchange': {
      if (exchanges.length === 0) {
        const grant = grants[0];
        return grant
          ? {
              status: 'failed',
              message: 'the client asked the authorization server for a token without first exchanging the ID token for an ID-JAG at the identity provider',
              expected: `POST ${facts.identityProviderIssuer ?? 'the identity provider'}/token with grant_type=${TOKEN_EXCHANGE_GRANT}`,
              actual: `no request to the identity provider's token endpoint; ${showRequest(grant)} grant_type=${grant.r.body?.grant_type ?? '(absent)'}`,
              evidence: [grant.seq],
            }
          : { status: 'skipped', message: "the client made no request to the identity provider's token endpoint" };
      }
      for (const s of exchanges) {
        const body = s.r.body ?? {};
        const wrong = [
          body.grant_type !== TOKEN_EXCHANGE_GRANT && `grant_type=${body.grant_type ?? '(absent)'}`,
          body.requested_token_type !== ID_JAG_TOKEN_TYPE && `requested_token_type=${body.requested_token_type ?? '(absent)'}`,
          body.subject_token_type !== ID_TOKEN_TYPE && `subject_token_type=${body.subject_token_type ?? '(absent)'}`,
          body.subject_token !== idToken && `subject_token ${body.subject_token === undefined ? '(absent)' : 'is not the ID token the user signed in with'}`,
        ].filter((w): w is string => typeof w === 'string');
        if (wrong.length > 0)
          return {
            status: 'failed',
            message: "a token exchange request to the identity provider did not ask for an ID-JAG in exchange for the user's ID token",
            expected: `grant_type=${TOKEN_EXCHANGE_GRANT}, requested_token_type=${ID_JAG_TOKEN_TYPE}, subject_token the ID token, subject_token_type=${ID_TOKEN_TYPE}`,
            actual: `${showRequest(s)}: ${wrong.join(', ')}`,
            evidence: [s.seq],
          };
      }
      return {
        status: 'passed',
        message: `all ${exchanges.length} token exchange requests asked for an ID-JAG in exchange for the user's ID token`,
        evidence: [exchanges[0]!.seq],
      };
    }
    case 'enterprise-exchange-target': {
      if (exchanges.length === 0) return { status: 'skipped', message: "the client made no request to the identity provider's token endpoint" };
      for (const s of exchanges) {
        const { audience, resource } = s.r.body ?? {};
        const wrong = [
          !sameIssuer(audience, facts.issuer) && `audience=${audience ?? '(absent)'}`,
          (resource === undefined || !resourceMatches(resource, facts.endpoint)) && `resource=${resource ?? '(absent)'}`,
        ].filter((w): w is string => typeof w === 'string');
        if (wrong.length > 0)
          return {
            status: 'failed',
            message: "a token exchange request did not name the MCP server's authorization server as audience and the MCP server as resource",
            expected: `audience=${facts.issuer} (the authorization server's issuer), resource=${facts.endpoint}`,
            actual: `${showRequest(s)}: ${wrong.join(', ')}`,
            evidence: [s.seq],
          };
      }
      return {
        status: 'passed',
        message: `all ${exchanges.length} token exchange requests named the authorization server's issuer as audience and this MCP server as resource`,
        evidence: [exchanges[0]!.seq],
      };
    }
    case 'enterprise-jwt-grant': {
      if (grants.length === 0) {
        const obtained = exchanges.find((s) => s.r.status === 200);
        return obtained
          ? {
              status: 'failed',
              message: 'the client obtained an ID-JAG but never presented it to the authorization server',
              expected: `POST ${facts.issuer}/token with grant_type=${JWT_BEARER_GRANT} and the ID-JAG as assertion`,
              actual: 'no token request to the authorization server',
              evidence: [obtained.seq],
            }
          : { status: 'skipped', message: 'the client obtained no ID-JAG and asked the authorization server for no token' };
      }
      for (const s of grants) {
        const body = s.r.body ?? {};
        const problem =
          body.grant_type !== JWT_BEARER_GRANT
            ? `grant_type=${body.grant_type ?? '(absent)'}`
            : body.assertion === undefined
              ? 'no assertion'
              : facts.isIssuedIdJag(body.assertion)
                ? undefined
                : body.assertion === idToken
                  ? "the assertion is the user's ID token itself, not the ID-JAG the identity provider issues for it"
                  : `the assertion is not an ID-JAG the identity provider issued${facts.idJagProblem(body.assertion) ? ` (${facts.idJagProblem(body.assertion)})` : ''}`;
        if (problem)
          return {
            status: 'failed',
            message: 'a token request to the authorization server did not present the ID-JAG as a JWT bearer grant',
            expected: `grant_type=${JWT_BEARER_GRANT}, assertion the ID-JAG from the token exchange`,
            actual: `${showRequest(s)}: ${problem}`,
            evidence: [s.seq],
          };
      }
      return {
        status: 'passed',
        message: `all ${grants.length} token requests to the authorization server presented an ID-JAG of the identity provider as a JWT bearer grant`,
        evidence: [grants[0]!.seq],
      };
    }
    case 'enterprise-client-authentication': {
      const presented = grants.filter((s) => s.r.body?.grant_type === JWT_BEARER_GRANT);
      if (presented.length === 0) return { status: 'skipped', message: 'the client sent no JWT bearer grant request' };
      for (const s of presented) {
        const problem = authenticationProblem(s, enterprise.clientId, enterprise.clientSecret);
        if (problem)
          return {
            status: 'failed',
            message: `a JWT bearer grant request did not authenticate the client with its credentials at the authorization server: ${problem}`,
            expected: `client ${enterprise.clientId} with its secret (HTTP Basic or client_secret in the body)`,
            actual: `${showRequest(s)}${s.r.outcome ? `: ${s.r.outcome}` : ''}`,
            evidence: [s.seq],
          };
      }
      return {
        status: 'passed',
        message: `all ${presented.length} JWT bearer grant requests authenticated the client with its secret`,
        evidence: [presented[0]!.seq],
      };
    }
  }
}

/** Why a request does not authenticate `clientId` with `secret` (HTTP Basic or in the body), or undefined. */
function authenticationProblem(s: Seen, clientId: string, secret: string): string | undefined {
  const method = tokenAuthMethodOf(s.r);
  if (method !== 'client_secret_basic' && method !== 'client_secret_post')
    return `it authenticated with ${method === 'none' ? 'nothing' : method}${s.r.body?.client_id === undefined ? '' : ` (client_id ${s.r.body.client_id} alone)`}`;
  const id = tokenClientId(s);
  if (id !== clientId) return `it named client ${id ?? '(none)'}, not ${clientId}`;
  let sent = s.r.body?.client_secret;
  const basic = /^Basic\s+(.+)$/i.exec(s.r.headers.authorization ?? '');
  if (basic) {
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    sent = decoded.slice(decoded.indexOf(':') + 1);
    try {
      sent = decodeURIComponent(sent);
    } catch {
      // kept as sent
    }
  }
  return sent === secret ? undefined : 'its client secret is not the one it was configured with';
}
