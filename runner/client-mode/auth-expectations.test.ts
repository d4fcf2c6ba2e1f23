// Judges of authorization duties on recorded requests alone: the 2025-03-26 default endpoints and
// the step-up scope union, including the runs in which the client stopped before the step they
// judge (skipped with the reason, neither passed nor blamed).
import { describe, expect, it } from 'vitest';
import type { AuthRequestRecord, AuthSetup } from '../../mocks/index.js';
import type { AuthFacts } from './auth-host.js';
import { judgeAuthDuty } from './auth-expectations.js';
import { authFactsOf, TEST_ISSUER } from './test-auth-facts.js';

type Step = Partial<AuthRequestRecord> & Pick<AuthRequestRecord, 'method' | 'path'>;

/** Facts of a run whose requests are `steps`, in order; requests name the authorization server unless they say otherwise. */
function factsOf(setup: AuthSetup, steps: Step[]): AuthFacts {
  const records = steps.map((step): AuthRequestRecord => ({ to: 'authorization-server', issuer: TEST_ISSUER, query: {}, headers: {}, status: 200, ...step }));
  return authFactsOf(setup, records, { endpoint: `${TEST_ISSUER}/mcp`, isIssuedToken: () => true });
}

const NO_METADATA: AuthSetup = { resourceMetadata: 'none', serverMetadata: 'defaults' };
const challenged: Step = { to: 'resource', method: 'POST', path: '/mcp', status: 401, rpcMethod: 'initialize' };
const registered: Step = { method: 'POST', path: '/register', status: 201 };
const authorized: Step = { method: 'GET', path: '/authorize', status: 302, query: { client_id: 'c1', scope: 'mcp:tools' } };
const redeemed: Step = { method: 'POST', path: '/token', body: { grant_type: 'authorization_code', code: 'x' } };

describe('default-endpoints (2025-03-26, no metadata)', () => {
  const judge = (steps: Step[]) => judgeAuthDuty('default-endpoints', factsOf(NO_METADATA, steps));

  it('passes a client that authorizes and redeems its code at the default paths', () => {
    expect(judge([challenged, registered, authorized, redeemed])).toMatchObject({ status: 'passed', evidence: [3, 4] });
  });

  it('fails a client that never uses the default /authorize', () => {
    expect(judge([challenged, { method: 'GET', path: '/.well-known/oauth-authorization-server', status: 404 }]).status).toBe('failed');
  });

  it("skips a client that registered at the default /register but never authorized: following the URL is the program's step", () => {
    expect(judge([challenged, { method: 'GET', path: '/.well-known/oauth-authorization-server', status: 404 }, registered])).toMatchObject({
      status: 'skipped',
      message: expect.stringMatching(/fell back to the default \/register/),
    });
  });

  it('fails a client that sends its token request to another path', () => {
    const verdict = judge([challenged, registered, authorized, { method: 'POST', path: '/oauth/token', status: 404 }]);
    expect(verdict).toMatchObject({ status: 'failed', evidence: [3, 4] });
    expect(verdict.actual).toMatch(/\/oauth\/token/);
  });

  it('passes a token request at /token whatever its grant: the rule is the path', () => {
    const odd: Step = { method: 'POST', path: '/token', status: 400, body: { grant_type: 'password' } };
    expect(judge([challenged, registered, authorized, odd])).toMatchObject({ status: 'passed', evidence: [3, 4] });
  });

  it('skips a client that stopped after authorizing: its use of /token shows nothing', () => {
    const verdict = judge([challenged, registered, authorized]);
    expect(verdict).toMatchObject({ status: 'skipped', message: expect.stringMatching(/never asked for a token/) });
  });
});

describe('step-up-scope-union (2026-07-28)', () => {
  const setup: AuthSetup = { refreshTokens: false, challengeScope: 'mcp:tools', stepUp: { methods: ['tools/call'], scope: 'mcp:write' } };
  const refused: Step = { to: 'resource', method: 'POST', path: '/mcp', status: 403, rpcMethod: 'tools/call' };
  const judge = (steps: Step[]) => judgeAuthDuty('step-up-scope-union', factsOf(setup, steps));

  it('passes a re-authorization that keeps the earlier scope beside the challenged one', () => {
    const again: Step = { method: 'GET', path: '/authorize', status: 302, query: { client_id: 'c1', scope: 'mcp:tools mcp:write' } };
    expect(judge([authorized, redeemed, refused, again]).status).toBe('passed');
  });

  it('fails a re-authorization that asks for the challenged scope alone', () => {
    const again: Step = { method: 'GET', path: '/authorize', status: 302, query: { client_id: 'c1', scope: 'mcp:write' } };
    expect(judge([authorized, redeemed, refused, again])).toMatchObject({ status: 'failed', message: expect.stringMatching(/mcp:tools/) });
  });

  it('skips a client that never authorizes again: the missing step-up is client/auth-step-up’s finding', () => {
    const carriedOn: Step = { ...refused, headers: { authorization: 'Bearer old' } };
    const refusedWithToken: Step = { ...refused, headers: { authorization: 'Bearer old' } };
    expect(judge([authorized, redeemed, refusedWithToken, carriedOn])).toMatchObject({
      status: 'skipped',
      message: expect.stringMatching(/client\/auth-step-up/),
    });
    // The step-up duty itself still reports it.
    expect(judgeAuthDuty('step-up', factsOf(setup, [authorized, redeemed, refusedWithToken, carriedOn])).status).toBe('failed');
  });
});

describe('step-up (what the client did after the 403)', () => {
  const setup: AuthSetup = { challengeScope: 'mcp:tools', stepUp: { methods: ['tools/call'], scope: 'mcp:write' } };
  const refused: Step = { to: 'resource', method: 'POST', path: '/mcp', status: 403, rpcMethod: 'tools/call', headers: { authorization: 'Bearer old' } };
  const judge = (steps: Step[]) => judgeAuthDuty('step-up', factsOf(setup, steps));
  const again: Step = { method: 'GET', path: '/authorize', status: 302, query: { client_id: 'c1', scope: 'mcp:tools mcp:write' } };

  it('fails a client that carries on with the refused token, or refreshes it, without asking for a new authorization', () => {
    const later: Step = {
      to: 'resource',
      method: 'POST',
      path: '/mcp',
      status: 403,
      rpcMethod: 'notifications/cancelled',
      headers: { authorization: 'Bearer old' },
    };
    expect(judge([authorized, redeemed, refused, later])).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/carried on with the refused token/),
    });
    const refresh: Step = { method: 'POST', path: '/token', body: { grant_type: 'refresh_token' } };
    expect(judge([authorized, redeemed, refused, refresh])).toMatchObject({ status: 'failed', message: expect.stringMatching(/refreshed its token instead/) });
  });

  it('skips a client that did nothing after the 403, or began a re-authorization its program never took to /authorize', () => {
    expect(judge([authorized, redeemed, refused])).toMatchObject({ status: 'skipped', message: expect.stringMatching(/sent nothing more/) });
    const discovery: Step = { method: 'GET', path: '/.well-known/oauth-authorization-server' };
    expect(judge([authorized, redeemed, refused, discovery])).toMatchObject({ status: 'skipped', message: expect.stringMatching(/began a new authorization/) });
  });

  it('skips a re-authorization whose code the program never redeemed, or after which it never called again', () => {
    expect(judge([authorized, redeemed, refused, again])).toMatchObject({ status: 'skipped', message: expect.stringMatching(/never redeemed its code/) });
    expect(judge([authorized, redeemed, refused, again, redeemed])).toMatchObject({
      status: 'skipped',
      message: expect.stringMatching(/never sent tools\/call again/),
    });
  });
});

describe('iss-absence-accepted (2026-07-28): judged on what the client did after the response', () => {
  const setup: AuthSetup = { issParameter: 'absent', issAdvertised: false };
  const judge = (steps: Step[]) => judgeAuthDuty('iss-absence-accepted', factsOf(setup, steps));

  it('passes any token request after the response, whatever its body or outcome', () => {
    const odd: Step = { method: 'POST', path: '/token', status: 400, body: undefined };
    expect(judge([authorized, odd])).toMatchObject({ status: 'passed', evidence: [1, 2] });
  });

  it('fails a client that asks for a new authorization instead of redeeming; skips one that sent nothing more', () => {
    expect(judge([authorized, authorized])).toMatchObject({ status: 'failed', evidence: [1, 2] });
    expect(judge([authorized])).toMatchObject({ status: 'skipped', message: expect.stringMatching(/sent nothing after the authorization response/) });
  });
});

describe('pre-registered-client: judged once the client presents the credentials', () => {
  const setup: AuthSetup = { preRegistered: { clientId: 'pre', clientSecret: 's' }, registration: false };
  const judge = (steps: Step[]) => judgeAuthDuty('pre-registered-client', factsOf(setup, steps));
  const withPre: Step = { method: 'GET', path: '/authorize', status: 302, query: { client_id: 'pre' } };
  const register: Step = { method: 'POST', path: '/register', status: 404 };

  it('passes a client that uses them, warns one that tries to register first', () => {
    expect(judge([withPre, { ...redeemed, body: { grant_type: 'authorization_code', code: 'x', client_id: 'pre' } }]).status).toBe('passed');
    expect(judge([register, withPre])).toMatchObject({ status: 'failed', message: expect.stringMatching(/tried to register dynamically before using/) });
  });

  it('skips a client that never presented them (its program may never have passed them on)', () => {
    expect(judge([register])).toMatchObject({ status: 'skipped', message: expect.stringMatching(/never presented the pre-registered client pre/) });
  });
});
