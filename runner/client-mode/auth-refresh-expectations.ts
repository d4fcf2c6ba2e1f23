// Judges a client's refresh-token duties (2026-07-28, basic/authorization, "Refresh Tokens"): it does
// not assume a refresh token will be issued (when none was and its access token expires, it gets a
// new one by authorizing again, never by a refresh grant), a client that wants refresh tokens
// registers the `refresh_token` grant type, and `offline_access` is asked for only when the
// authorization server's metadata lists it.
import type { AuthFacts } from './auth-host.js';
import { list, noFlow, scopeWords, showRequest, viewOf, type Seen } from './auth-request-view.js';
import type { HttpVerdict } from './types.js';

type RefreshDuty = 'refresh-not-assumed' | 'refresh-grant-type' | 'offline-access-when-advertised';

const OFFLINE_ACCESS = 'offline_access';

/** The grant types a registration asks for; RFC 7591 section 2: absent means authorization_code only. */
function grantTypesOf(registration: Seen): string[] {
  const raw = registration.r.body?.grant_types;
  if (raw === undefined) return ['authorization_code'];
  try {
    const parsed = JSON.parse(raw) as unknown;
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [raw];
  }
}

/** The scope an authorization or token request asks for. */
const askedScope = (s: Seen): string | undefined => s.r.query.scope ?? s.r.body?.scope;

export function judgeRefreshDuty(duty: RefreshDuty, facts: AuthFacts): HttpVerdict {
  const { mcp, authorizations, tokenRequests, codeExchanges, registrations } = viewOf(facts);
  const setup = facts.setup;
  const refreshGrants = tokenRequests.filter((s) => s.r.body?.grant_type === 'refresh_token');
  const askingOffline = [...authorizations, ...tokenRequests].filter((s) => scopeWords(askedScope(s)).has(OFFLINE_ACCESS));

  switch (duty) {
    case 'refresh-not-assumed': {
      if (setup.refreshTokens !== false) return { status: 'skipped', message: 'this setup issues refresh tokens' };
      // A 401 to a request that carried a bearer token: with `tokenUses`, the token expired.
      const expiry = mcp.find((s) => s.r.status === 401 && /^Bearer\s/i.test(s.r.headers.authorization ?? ''));
      if (!expiry)
        return {
          status: 'skipped',
          message: `no access token expired: the client made at most ${setup.tokenUses ?? 'unlimited'} request(s) with each token`,
        };
      const refresh = refreshGrants[0];
      if (refresh)
        return {
          status: 'failed',
          message: 'the authorization server issued no refresh token, yet the client sent a refresh_token grant',
          expected: 'a new authorization (authorization_code grant) once the access token expired',
          actual: `${showRequest(refresh)} with refresh_token ${refresh.r.body?.refresh_token === undefined ? '(absent)' : `"${refresh.r.body.refresh_token}"`}`,
          evidence: [expiry.seq, refresh.seq],
        };
      const exchange = codeExchanges.find((s) => s.seq > expiry.seq && s.r.status === 200);
      const resumed = exchange && mcp.find((s) => s.seq > exchange.seq && s.r.status >= 200 && s.r.status < 300);
      if (exchange && resumed)
        return {
          status: 'passed',
          message: 'with no refresh token issued, the client authorized again when its token expired and carried on with the new token',
          evidence: [expiry.seq, exchange.seq, resumed.seq],
        };
      // Ending a session whose token expired is not itself a violation: nothing shows an assumption.
      return {
        status: 'skipped',
        message: `after its token expired the client neither refreshed nor carried on with a new token (token requests after the expiry: ${list(tokenRequests.filter((s) => s.seq > expiry.seq))}), so whether it assumed a refresh token cannot be judged`,
      };
    }
    case 'refresh-grant-type': {
      if (registrations.length === 0) return { status: 'skipped', message: 'the client did not register dynamically' };
      const wants = refreshGrants[0] ?? askingOffline[0];
      if (!wants)
        return {
          status: 'skipped',
          message: 'nothing shows that the client wants refresh tokens (it asked for no offline_access and sent no refresh_token grant)',
        };
      const lacking = registrations.find((s) => !grantTypesOf(s).includes('refresh_token'));
      if (lacking)
        return {
          status: 'failed',
          message: `the client wants refresh tokens (${wants.r.body?.grant_type === 'refresh_token' ? 'it sent a refresh_token grant' : 'it asked for offline_access'}) but did not register the refresh_token grant type`,
          expected: 'grant_types including "refresh_token" in the registration request',
          actual: `grant_types ${JSON.stringify(grantTypesOf(lacking))}${lacking.r.body?.grant_types === undefined ? ' (absent, which means authorization_code only)' : ''}`,
          evidence: [lacking.seq, wants.seq],
        };
      return {
        status: 'passed',
        message: 'the client registered the refresh_token grant type, as a client that wants refresh tokens should',
        evidence: [registrations[0]!.seq],
      };
    }
    case 'offline-access-when-advertised': {
      if (authorizations.length === 0) return noFlow;
      if (setup.serverScopesSupported?.includes(OFFLINE_ACCESS))
        return { status: 'skipped', message: 'this authorization server lists offline_access, so the client may ask for it' };
      const asked = askingOffline[0];
      if (asked)
        return {
          status: 'failed',
          message: 'the client asked for offline_access although the authorization server metadata does not list it in scopes_supported',
          expected: 'no offline_access in the scope of authorization and token requests',
          actual: `${showRequest(asked)} with scope "${askedScope(asked)}"; scopes_supported: ${setup.serverScopesSupported ? JSON.stringify(setup.serverScopesSupported) : '(not listed)'}`,
          evidence: [asked.seq],
        };
      return {
        status: 'passed',
        message: 'the client did not ask for offline_access, which this authorization server does not list',
        evidence: [authorizations[0]!.seq],
      };
    }
  }
}
