// The authorization server binding judge on recorded requests alone: each way a client can meet a
// move to a new authorization server, and the cases with nothing to judge, which are skipped.
import { describe, expect, it } from 'vitest';
import type { AuthRequestRecord } from '../../mocks/index.js';
import type { AuthFacts } from './auth-host.js';
import { judgeMigrationDuty } from './auth-migration-expectations.js';

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
