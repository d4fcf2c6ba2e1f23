// What the client-mode authorization judges read, for their unit tests: a recorded conversation
// with the mock OAuth layer, every fact "nothing of that kind happened" unless a test says otherwise.
import type { AuthRequestRecord, AuthSetup } from '../../mocks/index.js';
import type { AuthFacts } from './host-facts.js';

export const TEST_ISSUER = 'http://127.0.0.1:4000';
export const TEST_ENDPOINT = 'http://127.0.0.1:5000/mcp';

/** The facts of `records` (numbered in order) under `setup`, with `overrides` for the rest. */
export function authFactsOf(setup: AuthSetup, records: AuthRequestRecord[], overrides: Partial<AuthFacts> = {}): AuthFacts {
  return {
    setup,
    endpoint: TEST_ENDPOINT,
    issuer: TEST_ISSUER,
    resourceMetadataUrl: undefined,
    serverMetadataPath: undefined,
    requests: records.map((r, i) => ({ seq: i + 1, r })),
    isIssuedToken: () => false,
    clientContext: undefined,
    assertionProblem: () => undefined,
    secondIssuer: undefined,
    isFirstServerClient: () => false,
    identityProviderIssuer: undefined,
    isIssuedIdJag: () => false,
    idJagProblem: () => undefined,
    ...overrides,
  };
}
