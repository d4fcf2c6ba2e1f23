// The Enterprise-Managed Authorization judges on recorded requests: what passes, what fails (and
// why), and what is skipped with a reason when there is nothing to judge.
import { describe, expect, it } from 'vitest';
import type { AuthRequestRecord, AuthSetup } from '../../mocks/index.js';
import { judgeEnterpriseManagedDuty } from './auth-enterprise-managed-expectations.js';
import type { AuthFacts } from './host-facts.js';
import { authFactsOf, TEST_ENDPOINT, TEST_ISSUER } from './test-auth-facts.js';

const ISSUER = TEST_ISSUER;
const IDP = 'http://127.0.0.1:4100';
const ENDPOINT = TEST_ENDPOINT;
const SETUP: AuthSetup = { enterpriseManaged: { clientId: 'app', clientSecret: 's3cret' } };
const ID_TOKEN = 'id.token.sig';
const ID_JAG = 'id.jag.sig';
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

const exchange = (overrides: Record<string, string> = {}, status = 200): AuthRequestRecord => ({
  to: 'identity-provider',
  method: 'POST',
  path: '/token',
  query: {},
  headers: {},
  body: {
    grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
    requested_token_type: 'urn:ietf:params:oauth:token-type:id-jag',
    audience: ISSUER,
    resource: ENDPOINT,
    subject_token: ID_TOKEN,
    subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
    client_id: 'app-idp',
    ...overrides,
  },
  status,
});

const grant = (assertion: string, headers: Record<string, string> = { authorization: basic('app', 's3cret') }, status = 200): AuthRequestRecord => ({
  to: 'authorization-server',
  method: 'POST',
  path: '/token',
  query: {},
  headers,
  body: { grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion },
  status,
});

function facts(records: AuthRequestRecord[], setup: AuthSetup = SETUP): AuthFacts {
  return authFactsOf(setup, records, {
    clientContext: { id_token: ID_TOKEN },
    identityProviderIssuer: IDP,
    isIssuedIdJag: (value) => value === ID_JAG,
    idJagProblem: (assertion) => (assertion === ID_JAG ? undefined : 'the assertion is not an ID-JAG of the identity provider'),
  });
}

describe('judgeEnterpriseManagedDuty', () => {
  it('passes the exchange of the ID token for an ID-JAG naming this server, then the ID-JAG as a JWT grant with the secret (Basic or body)', () => {
    for (const presented of [grant(ID_JAG), grant(ID_JAG, {})]) {
      if (presented.headers.authorization === undefined) Object.assign(presented.body!, { client_id: 'app', client_secret: 's3cret' });
      const f = facts([exchange(), presented]);
      for (const duty of ['enterprise-token-exchange', 'enterprise-exchange-target', 'enterprise-jwt-grant', 'enterprise-client-authentication'] as const)
        expect(judgeEnterpriseManagedDuty(duty, f).status).toBe('passed');
    }
    // The issuer with a trailing slash and the server's origin are accepted forms.
    expect(
      judgeEnterpriseManagedDuty('enterprise-exchange-target', facts([exchange({ audience: `${ISSUER}/`, resource: 'http://127.0.0.1:5000' })])).status,
    ).toBe('passed');
  });

  it('fails a wrong token type or subject token, a wrong audience or missing resource, and names what was sent', () => {
    const wrongType = judgeEnterpriseManagedDuty(
      'enterprise-token-exchange',
      facts([exchange({ requested_token_type: 'urn:ietf:params:oauth:token-type:access_token' })]),
    );
    expect(wrongType).toMatchObject({
      status: 'failed',
      actual: expect.stringContaining('requested_token_type=urn:ietf:params:oauth:token-type:access_token'),
    });
    const otherSubject = judgeEnterpriseManagedDuty('enterprise-token-exchange', facts([exchange({ subject_token: 'other' })]));
    expect(otherSubject).toMatchObject({ status: 'failed', actual: expect.stringContaining('not the ID token') });
    const audience = judgeEnterpriseManagedDuty('enterprise-exchange-target', facts([exchange({ audience: ENDPOINT })]));
    expect(audience).toMatchObject({ status: 'failed', actual: expect.stringContaining(`audience=${ENDPOINT}`) });
    const noResource = exchange();
    delete noResource.body!.resource;
    expect(judgeEnterpriseManagedDuty('enterprise-exchange-target', facts([noResource]))).toMatchObject({
      status: 'failed',
      actual: expect.stringContaining('resource=(absent)'),
    });
  });

  it('fails the ID token presented as the grant without an exchange, and an ID-JAG never presented', () => {
    const direct = facts([grant(ID_TOKEN)]);
    expect(judgeEnterpriseManagedDuty('enterprise-token-exchange', direct)).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/without first exchanging/),
    });
    expect(judgeEnterpriseManagedDuty('enterprise-jwt-grant', direct)).toMatchObject({
      status: 'failed',
      actual: expect.stringContaining("the user's ID token itself"),
    });
    const kept = facts([exchange()]);
    expect(judgeEnterpriseManagedDuty('enterprise-jwt-grant', kept)).toMatchObject({ status: 'failed', message: expect.stringMatching(/never presented it/) });
  });

  it('fails client authentication that is missing or carries another secret', () => {
    const none = grant(ID_JAG, {});
    Object.assign(none.body!, { client_id: 'app' });
    expect(judgeEnterpriseManagedDuty('enterprise-client-authentication', facts([exchange(), none]))).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/authenticated with nothing \(client_id app alone\)/),
    });
    expect(
      judgeEnterpriseManagedDuty('enterprise-client-authentication', facts([exchange(), grant(ID_JAG, { authorization: basic('app', 'nope') })])).status,
    ).toBe('failed');
  });

  it('skips with a reason when there is nothing to judge', () => {
    expect(judgeEnterpriseManagedDuty('enterprise-token-exchange', facts([]))).toMatchObject({ status: 'skipped' });
    expect(judgeEnterpriseManagedDuty('enterprise-exchange-target', facts([]))).toMatchObject({ status: 'skipped' });
    // The exchange was refused: no ID-JAG to present.
    expect(judgeEnterpriseManagedDuty('enterprise-jwt-grant', facts([exchange({}, 400)]))).toMatchObject({ status: 'skipped' });
    expect(judgeEnterpriseManagedDuty('enterprise-client-authentication', facts([exchange()]))).toMatchObject({ status: 'skipped' });
    expect(judgeEnterpriseManagedDuty('enterprise-token-exchange', facts([exchange()], {}))).toMatchObject({
      status: 'skipped',
      message: 'this setup has no enterprise identity provider',
    });
  });
});
