// The authorization server binding judge on recorded requests alone: each way a client can meet a
// move to a new authorization server, and the cases with nothing to judge, which are skipped.
import { describe, expect, it } from 'vitest';
import type { AuthRequestRecord } from '../../mocks/index.js';
import type { AuthFacts } from './auth-host.js';
import { judgeMigrationDuty, judgePreRegisteredBinding } from './auth-migration-expectations.js';

const FIRST = 'http://127.0.0.1:1001';
const SECOND = 'http://127.0.0.1:1002';
const CIMD = 'https://client.example/oauth/client.json';

type Step = [issuer: string, method: string, path: string, clientId?: string];

/** Facts of a run whose requests to the authorization servers are `steps`; the first server registered `old`. */
function factsOf(steps: Step[], options: { moved?: boolean } = {}): AuthFacts {
  const requests = steps.map(([issuer, method, path, clientId], i) => {
    const r: AuthRequestRecord = {
      to: 'authorization-server',
      issuer,
      method,
      path,
      query: path === '/authorize' && clientId ? { client_id: clientId } : {},
      headers: {},
      ...(path === '/token' && clientId ? { body: { grant_type: 'authorization_code', client_id: clientId } } : {}),
      status: 200,
    };
    return { seq: i + 1, r };
  });
  return {
    setup: { migrateAfter: 1 },
    endpoint: 'http://127.0.0.1:1000/mcp',
    issuer: FIRST,
    resourceMetadataUrl: 'http://127.0.0.1:1000/oauth-resource-metadata/mcp',
    serverMetadataPath: '/.well-known/oauth-authorization-server',
    requests,
    isIssuedToken: () => true,
    secondIssuer: options.moved === false ? undefined : SECOND,
    isFirstServerClient: (id) => id === 'old',
    clientContext: undefined,
    assertionProblem: () => undefined,
    identityProviderIssuer: undefined,
    isIssuedIdJag: () => false,
    idJagProblem: () => undefined,
  };
}

const firstFlow: Step[] = [
  [FIRST, 'POST', '/register'],
  [FIRST, 'GET', '/authorize', 'old'],
  [FIRST, 'POST', '/token', 'old'],
];

describe('judgeMigrationDuty', () => {
  it('passes a client that registers with the new server and uses its new client id', () => {
    const verdict = judgeMigrationDuty(
      factsOf([...firstFlow, [SECOND, 'POST', '/register'], [SECOND, 'GET', '/authorize', 'new'], [SECOND, 'POST', '/token', 'new']]),
    );
    expect(verdict).toMatchObject({ status: 'passed', evidence: [4, 5] });
  });

  it("fails a client that presents the first server's client id to the new one", () => {
    const verdict = judgeMigrationDuty(factsOf([...firstFlow, [SECOND, 'GET', '/authorize', 'old']]));
    expect(verdict).toMatchObject({ status: 'failed', evidence: [4] });
    expect(verdict.actual).toMatch(/client_id old/);
  });

  it('fails a client that authorizes with the new server under an id it never registered there', () => {
    const verdict = judgeMigrationDuty(factsOf([...firstFlow, [SECOND, 'GET', '/authorize', 'made-up']]));
    expect(verdict).toMatchObject({ status: 'failed', message: expect.stringMatching(/without registering there/) });
  });

  it('accepts a Client ID Metadata Document URL at the new server without a registration (it is portable)', () => {
    expect(judgeMigrationDuty(factsOf([...firstFlow, [SECOND, 'GET', '/authorize', CIMD]])).status).toBe('passed');
  });

  it.each([
    ['the setup never moves', factsOf(firstFlow, { moved: false }), /one authorization server/],
    ['the client did not register with the first server', factsOf([[FIRST, 'GET', '/authorize', CIMD]]), /did not register dynamically/],
    ['the client never authorized with the new server', factsOf([...firstFlow, [FIRST, 'GET', '/authorize', 'old']]), /never authorized with/],
  ])('skips when %s', (_, facts, reason) => {
    expect(judgeMigrationDuty(facts)).toMatchObject({ status: 'skipped', message: expect.stringMatching(reason) });
  });
});

describe('judgePreRegisteredBinding', () => {
  const PRE = { clientId: 'pre', clientSecret: 'pre-secret' };
  const METADATA = '/oauth-resource-metadata/mcp';
  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
  type Request = Partial<AuthRequestRecord> & Pick<AuthRequestRecord, 'method' | 'path'>;
  const resourceMetadata: Request = { to: 'resource', method: 'GET', path: METADATA };
  const at = (issuer: string, method: string, path: string, extra: Partial<AuthRequestRecord> = {}): Request => ({
    to: 'authorization-server',
    issuer,
    method,
    path,
    ...extra,
  });

  /** Facts of a run where the client holds FIRST's pre-registered client and the metadata names SECOND. */
  function preFacts(steps: Request[], setup: AuthFacts['setup'] = { migrateAfter: 0, preRegistered: PRE }): AuthFacts {
    const base = factsOf([]);
    const requests = steps.map((step, i) => ({
      seq: i + 1,
      r: { to: 'authorization-server' as const, query: {}, headers: {}, status: 200, ...step },
    }));
    return { ...base, setup, requests };
  }

  it.each([
    ['the client id at /authorize', at(SECOND, 'GET', '/authorize', { query: { client_id: 'pre' } }), /client id/],
    [
      'the id and secret in HTTP Basic at /token',
      at(SECOND, 'POST', '/token', { headers: { authorization: basic('pre', 'pre-secret') } }),
      /client id and secret/,
    ],
    ['the secret alone in the body', at(SECOND, 'POST', '/token', { body: { client_id: 'other', client_secret: 'pre-secret' } }), /secret/],
  ])('fails a client that presents %s to the server the metadata names', (_, leak, what) => {
    const verdict = judgePreRegisteredBinding(preFacts([resourceMetadata, at(SECOND, 'GET', '/.well-known/oauth-authorization-server'), leak]));
    expect(verdict).toMatchObject({ status: 'failed', evidence: [3] });
    expect(verdict.message).toMatch(what);
  });

  it('passes a client that registers with the new server instead', () => {
    const verdict = judgePreRegisteredBinding(
      preFacts([resourceMetadata, at(SECOND, 'POST', '/register'), at(SECOND, 'GET', '/authorize', { query: { client_id: 'new' } })]),
    );
    expect(verdict).toMatchObject({ status: 'passed', evidence: [2], message: expect.stringMatching(/registered anew/) });
  });

  it('passes a client that reads the metadata and stops without presenting anything', () => {
    const verdict = judgePreRegisteredBinding(preFacts([resourceMetadata, at(SECOND, 'GET', '/.well-known/oauth-authorization-server')]));
    expect(verdict).toMatchObject({ status: 'passed', evidence: [1], message: expect.stringMatching(/presented nothing/) });
  });

  it.each([
    ['the setup has no pre-registered client', preFacts([resourceMetadata], { migrateAfter: 0 }), /no pre-registered credentials/],
    [
      'the client never read the metadata',
      preFacts([{ to: 'resource', method: 'POST', path: '/mcp', status: 401 }]),
      /never read the protected resource metadata/,
    ],
    [
      'the client used its credentials at their own server only',
      preFacts([resourceMetadata, at(FIRST, 'GET', '/authorize', { query: { client_id: 'pre' } })]),
      /went to the authorization server of its credentials/,
    ],
  ])('skips when %s', (_, facts, reason) => {
    expect(judgePreRegisteredBinding(facts)).toMatchObject({ status: 'skipped', message: expect.stringMatching(reason) });
  });
});
