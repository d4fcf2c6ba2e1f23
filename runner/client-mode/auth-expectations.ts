// Judges a client's authorization duties (basic/authorization) from the requests the mock OAuth
// layer saw (AuthFacts), in arrival order: discovery of the protected resource metadata and of the
// authorization server, PKCE, the `resource` parameter, the bearer token on every MCP request and
// never in a query string, and the scopes it asked for. Step-up, client identity and issuer duties
// have judges of their own (auth-step-up-, auth-registration-, auth-issuer-, auth-refresh-,
// auth-migration-expectations.ts), and so has the OAuth Client Credentials extension
// (auth-client-credentials-expectations.ts), and so has the Enterprise-Managed Authorization extension
// (auth-enterprise-managed-expectations.ts).
import { canonicalResourceForms, pkceMismatch, RESOURCE_METADATA_PATH } from '../../mocks/index.js';
import type { AuthFacts } from './auth-host.js';
import type { HttpVerdict } from './types.js';
import { judgeIssuerDuty } from './auth-issuer-expectations.js';
import { judgeMigrationDuty, judgePreRegisteredBinding } from './auth-migration-expectations.js';
import { judgeRefreshDuty } from './auth-refresh-expectations.js';
import { judgeRegistrationDuty } from './auth-registration-expectations.js';
import { list, noFlow, showRequest, type Seen } from './auth-request-view.js';
import { judgeClientCredentialsDuty } from './auth-client-credentials-expectations.js';
import { judgeEnterpriseManagedDuty } from './auth-enterprise-managed-expectations.js';
import { judgeStepUpDuty } from './auth-step-up-expectations.js';
import type { AuthCheckName } from './types.js';

export function judgeAuthDuty(duty: AuthCheckName, facts: AuthFacts): HttpVerdict {
  const all = facts.requests;
  const endpointPath = new URL(facts.endpoint).pathname;
  const toServer = all.filter((s) => s.r.to === 'authorization-server');
  const authorizations = toServer.filter((s) => s.r.method === 'GET' && s.r.path === '/authorize');
  const codeExchanges = toServer.filter((s) => s.r.method === 'POST' && s.r.path === '/token' && s.r.body?.grant_type === 'authorization_code');
  const firstAuthorize = authorizations[0];
  const beforeAuthorize = (s: Seen) => firstAuthorize === undefined || s.seq < firstAuthorize.seq;
  const mcp = all.filter((s) => s.r.to === 'resource' && s.r.path === endpointPath);
  const firstIssue = toServer.find((s) => s.r.path === '/token' && s.r.status === 200);

  switch (duty) {
    case 'step-up':
    case 'step-up-scope-union':
    case 'retry-limit':
      return judgeStepUpDuty(duty, facts);
    case 'pre-registered-client':
    case 'token-endpoint-auth-method':
    case 'cimd-client-id':
    case 'cimd-url-form':
    case 'application-type':
      return judgeRegistrationDuty(duty, facts);
    case 'iss-validated':
    case 'metadata-issuer-validated':
    case 'iss-absence-accepted':
    case 'metadata-resource-validated':
      return judgeIssuerDuty(duty, facts);
    case 'authorization-server-binding':
      return judgeMigrationDuty(facts);
    case 'pre-registered-binding':
      return judgePreRegisteredBinding(facts);
    case 'client-credentials-grant':
    case 'client-credentials-authentication':
    case 'client-credentials-assertion':
    case 'client-credentials-resource':
    case 'client-credentials-renewal':
      return judgeClientCredentialsDuty(duty, facts);
    case 'enterprise-token-exchange':
    case 'enterprise-exchange-target':
    case 'enterprise-jwt-grant':
    case 'enterprise-client-authentication':
      return judgeEnterpriseManagedDuty(duty, facts);
    case 'refresh-not-assumed':
    case 'refresh-grant-type':
    case 'offline-access-when-advertised':
      return judgeRefreshDuty(duty, facts);
    case 'resource-metadata-from-header':
    case 'resource-metadata-well-known': {
      const challenged = mcp.find((s) => s.r.status === 401);
      if (!challenged) return { status: 'skipped', message: 'the client never met a 401 from the MCP endpoint' };
      const url = facts.resourceMetadataUrl;
      if (url === undefined) return { status: 'skipped', message: 'this setup serves no protected resource metadata' };
      const path = new URL(url).pathname;
      const lookups = all.filter((s) => s.r.to === 'resource' && s.r.method === 'GET' && s.seq > challenged.seq && s.r.path !== endpointPath);
      const found = lookups.find((s) => s.r.path === path && beforeAuthorize(s));
      const how =
        duty === 'resource-metadata-from-header' ? `the resource_metadata URL of the WWW-Authenticate challenge (${url})` : `the well-known URI ${url}`;
      if (!found) {
        return {
          status: 'failed',
          message: `after the 401 the client did not fetch the protected resource metadata from ${how}${firstAuthorize ? ' before authorizing' : ''}`,
          expected: `GET ${path}`,
          actual: `metadata requests: ${list(lookups)}`,
          evidence: [challenged.seq],
        };
      }
      if (duty === 'resource-metadata-well-known' && path === RESOURCE_METADATA_PATH) {
        // The path-inserted URI comes first in the order the specification lists.
        const pathInserted = `${RESOURCE_METADATA_PATH}${endpointPath}`;
        if (!lookups.some((s) => s.r.path === pathInserted && s.seq < found.seq)) {
          return {
            status: 'failed',
            message: 'the client asked for the root well-known URI without first trying the one with the endpoint path inserted',
            expected: `GET ${pathInserted}, then GET ${path}`,
            actual: list(lookups),
            evidence: [found.seq],
          };
        }
      }
      return { status: 'passed', message: `the client fetched the protected resource metadata from ${how}`, evidence: [challenged.seq, found.seq] };
    }
    case 'server-metadata': {
      const path = facts.serverMetadataPath;
      if (path === undefined) return { status: 'skipped', message: 'this setup serves no authorization server metadata' };
      const fetched = toServer.find((s) => s.r.method === 'GET' && s.r.path === path && beforeAuthorize(s));
      if (fetched)
        return {
          status: 'passed',
          message: `the client read the authorization server metadata at ${path}${firstAuthorize ? ' before authorizing' : ''}`,
          evidence: [fetched.seq],
        };
      const tried = toServer.filter((s) => s.r.method === 'GET' && s.r.path.includes('/.well-known/'));
      // A client that never reached the authorization server (it stopped after the protected
      // resource metadata, say) did not skip its metadata: it did not get that far.
      if (toServer.length === 0)
        return {
          status: 'skipped',
          message: 'the client sent no request to the authorization server at all, so how it learns its endpoints cannot be judged',
        };
      return {
        status: 'failed',
        message: `the client did not read the authorization server metadata at ${facts.issuer}${path}${firstAuthorize ? ' before authorizing' : ''}`,
        expected: `GET ${path}`,
        actual: `metadata requests to the authorization server: ${list(tried)}`,
        ...(firstAuthorize ? { evidence: [firstAuthorize.seq] } : {}),
      };
    }
    case 'default-endpoints': {
      // Registered at the default /register, the library did fall back to the defaults; only the
      // authorization URL it then hands the program was never followed, which is the program's step.
      const registeredAtDefault = toServer.find((s) => s.r.method === 'POST' && s.r.path === '/register');
      if (!firstAuthorize && registeredAtDefault)
        return {
          status: 'skipped',
          message: `the client fell back to the default /register (${showRequest(registeredAtDefault)}) but never sent an authorization request: the program must follow the authorization URL its library hands it, so the use of /authorize cannot be judged`,
        };
      if (!firstAuthorize)
        return {
          status: 'failed',
          message: 'the client never used the default /authorize endpoint of the authorization base URL',
          expected: `GET ${facts.issuer}/authorize`,
          actual: `requests: ${list(all.filter((s) => s.r.path !== endpointPath))}`,
        };
      // The rule is the path: a request at /token whatever its grant or body format uses it.
      const atToken = codeExchanges[0] ?? toServer.find((s) => s.r.method === 'POST' && s.r.path === '/token' && s.seq > firstAuthorize.seq);
      if (!atToken) {
        // A token request sent elsewhere broke the rule; none at all leaves the token endpoint
        // unjudged (the client stopped after authorizing, for a reason another rule may name).
        const elsewhere = toServer.filter((s) => s.r.method === 'POST' && s.seq > firstAuthorize.seq && s.r.path !== '/token' && s.r.path !== '/register');
        if (elsewhere.length > 0)
          return {
            status: 'failed',
            message: 'the client sent its token request to another path than the default /token of the authorization base URL',
            expected: `POST ${facts.issuer}/token`,
            actual: list(elsewhere),
            evidence: [firstAuthorize.seq, elsewhere[0]!.seq],
          };
        return {
          status: 'skipped',
          message: `the client used the default /authorize endpoint but never asked for a token, so its use of /token cannot be judged (requests to the authorization server: ${list(toServer)})`,
        };
      }
      return {
        status: 'passed',
        message: 'without metadata the client used the default /authorize and /token endpoints of the authorization base URL',
        evidence: [firstAuthorize.seq, atToken.seq],
      };
    }
    case 'pkce': {
      if (!firstAuthorize) return noFlow;
      const q = firstAuthorize.r.query;
      if (q.code_challenge === undefined)
        return {
          status: 'failed',
          message: 'the authorization request carried no code_challenge (PKCE)',
          expected: 'code_challenge and code_challenge_method=S256',
          actual: showRequest(firstAuthorize),
          evidence: [firstAuthorize.seq],
        };
      const exchange = codeExchanges[0];
      if (!exchange) return { status: 'skipped', message: 'the client never exchanged its code, so its code_verifier cannot be judged' };
      const mismatch = pkceMismatch(q.code_challenge, q.code_challenge_method, exchange.r.body?.code_verifier);
      if (mismatch)
        return {
          status: 'failed',
          message: `the token request's PKCE verifier does not answer the challenge: ${mismatch}`,
          expected: `code_verifier whose ${q.code_challenge_method ?? 'plain'} is ${q.code_challenge}`,
          actual: `code_verifier: ${exchange.r.body?.code_verifier ?? '(absent)'}`,
          evidence: [firstAuthorize.seq, exchange.seq],
        };
      return {
        status: 'passed',
        message: 'the authorization request carried a code_challenge and the token request the verifier that answers it',
        evidence: [firstAuthorize.seq, exchange.seq],
      };
    }
    case 'pkce-s256': {
      if (!firstAuthorize) return noFlow;
      const method = firstAuthorize.r.query.code_challenge_method;
      if (method === 'S256') return { status: 'passed', message: 'the code challenge method was S256', evidence: [firstAuthorize.seq] };
      return {
        status: 'failed',
        message: 'the authorization request did not use the S256 code challenge method, which the server advertised',
        expected: 'code_challenge_method=S256',
        actual: `code_challenge_method=${method ?? '(absent: plain)'}`,
        evidence: [firstAuthorize.seq],
      };
    }
    case 'resource-parameter': {
      if (!firstAuthorize) return noFlow;
      const canonical = canonicalResourceForms(facts.endpoint);
      for (const s of [...authorizations, ...codeExchanges]) {
        const value = s.r.path === '/authorize' ? s.r.query.resource : s.r.body?.resource;
        if (value === undefined || !canonical.has(value.toLowerCase())) {
          return {
            status: 'failed',
            message: `the ${s.r.path === '/authorize' ? 'authorization' : 'token'} request ${value === undefined ? 'had no resource parameter' : 'named another resource than this MCP server'}`,
            expected: `resource=${facts.endpoint}`,
            actual: `resource=${value ?? '(absent)'}`,
            evidence: [s.seq],
          };
        }
      }
      return {
        status: 'passed',
        message: `all ${authorizations.length + codeExchanges.length} authorization and token requests named this MCP server as the resource`,
        evidence: [firstAuthorize.seq],
      };
    }
    case 'bearer-on-every-request': {
      if (!firstIssue) return { status: 'skipped', message: 'the client obtained no access token' };
      const later = mcp.filter((s) => s.seq > firstIssue.seq);
      if (later.length === 0) return { status: 'skipped', message: 'the client sent no MCP request after it obtained a token' };
      const bad = later.find((s) => {
        const token = /^Bearer\s+(\S+)$/i.exec(s.r.headers.authorization ?? '')?.[1];
        return token === undefined || !facts.isIssuedToken(token);
      });
      if (bad)
        return {
          status: 'failed',
          message: 'an MCP request after the client obtained its token did not carry it as Authorization: Bearer',
          expected: 'authorization: Bearer <the issued access token>',
          actual: `${showRequest(bad)} with authorization: ${bad.r.headers.authorization ?? '(absent)'}`,
          evidence: [firstIssue.seq, bad.seq],
        };
      return {
        status: 'passed',
        message: `all ${later.length} MCP requests after the token was issued carried it as Authorization: Bearer`,
        evidence: [firstIssue.seq],
      };
    }
    case 'token-not-in-query': {
      if (!firstIssue) return { status: 'skipped', message: 'the client obtained no access token' };
      const leaked = all.find(
        (s) => s.r.to === 'resource' && (Object.hasOwn(s.r.query, 'access_token') || Object.values(s.r.query).some((v) => facts.isIssuedToken(v))),
      );
      if (leaked)
        return {
          status: 'failed',
          message: 'a request to the MCP server carried the access token in its query string',
          expected: 'no token in any URI',
          actual: showRequest(leaked),
          evidence: [leaked.seq],
        };
      return { status: 'passed', message: 'no request to the MCP server carried a token in its query string' };
    }
    case 'scope-selection': {
      if (!firstAuthorize) return noFlow;
      const { challengeScope, scopesSupported } = facts.setup;
      const expected = challengeScope ?? scopesSupported?.join(' ');
      const source =
        challengeScope !== undefined
          ? 'the scope of the WWW-Authenticate challenge'
          : scopesSupported !== undefined
            ? 'every scope of scopes_supported'
            : 'no scope parameter (neither the challenge nor the metadata names scopes)';
      const asked = firstAuthorize.r.query.scope;
      const same = (a: string | undefined, b: string | undefined) => a === b || (a !== undefined && b !== undefined && sameSet(a, b));
      if (same(asked, expected)) return { status: 'passed', message: `the client asked for ${source}`, evidence: [firstAuthorize.seq] };
      return {
        status: 'failed',
        message: `the client should have asked for ${source}`,
        expected: expected === undefined ? 'no scope parameter' : `scope=${expected}`,
        actual: asked === undefined ? 'no scope parameter' : `scope=${asked}`,
        evidence: [firstAuthorize.seq],
      };
    }
  }
}

const sameSet = (a: string, b: string) => {
  const x = new Set(a.split(' ').filter(Boolean));
  const y = new Set(b.split(' ').filter(Boolean));
  return x.size === y.size && [...x].every((s) => y.has(s));
};
