// The OAuth Client Credentials judges on recorded token requests: what passes, what fails, and
// what is skipped with a reason (nothing to judge, or the overview page's JWT grant form).
import { describe, expect, it } from 'vitest';
import type { AuthRequestRecord, AuthSetup } from '../../mocks/index.js';
import { judgeClientCredentialsDuty } from './auth-client-credentials-expectations.js';
import type { AuthFacts } from './host-facts.js';
import { authFactsOf, TEST_ENDPOINT } from './test-auth-facts.js';

const ENDPOINT = TEST_ENDPOINT;
const SECRET_SETUP: AuthSetup = { clientCredentials: { clientId: 'machine', clientSecret: 's3cret' } };
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

function token(body: Record<string, string>, headers: Record<string, string> = {}, status = 200): AuthRequestRecord {
  return { to: 'authorization-server', method: 'POST', path: '/token', query: {}, headers, body, status };
}

function facts(setup: AuthSetup, records: AuthRequestRecord[], assertionProblem: string | undefined = undefined): AuthFacts {
  return authFactsOf(setup, records, { assertionProblem: () => assertionProblem });
}

describe('judgeClientCredentialsDuty', () => {
  it('passes a client_credentials request with the secret in HTTP Basic or in the body, naming this server', () => {
    for (const request of [
      token({ grant_type: 'client_credentials', resource: ENDPOINT }, { authorization: basic('machine', 's3cret') }),
      token({ grant_type: 'client_credentials', resource: ENDPOINT, client_id: 'machine', client_secret: 's3cret' }),
    ]) {
      const f = facts(SECRET_SETUP, [request]);
      expect(judgeClientCredentialsDuty('client-credentials-grant', f).status).toBe('passed');
      expect(judgeClientCredentialsDuty('client-credentials-authentication', f).status).toBe('passed');
      expect(judgeClientCredentialsDuty('client-credentials-resource', f).status).toBe('passed');
      expect(judgeClientCredentialsDuty('client-credentials-assertion', f)).toMatchObject({
        status: 'skipped',
        message: expect.stringMatching(/no JWT client assertion/),
      });
    }
  });

  it('fails a wrong secret and another client id', () => {
    const wrong = facts(SECRET_SETUP, [token({ grant_type: 'client_credentials' }, { authorization: basic('machine', 'nope') }, 401)]);
    expect(judgeClientCredentialsDuty('client-credentials-authentication', wrong)).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/not the one it was configured with/),
    });
    const other = facts(SECRET_SETUP, [token({ grant_type: 'client_credentials', client_id: 'someone', client_secret: 's3cret' }, {}, 401)]);
    expect(judgeClientCredentialsDuty('client-credentials-authentication', other)).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/named client someone/),
    });
  });

  it("skips a JWT sent as the grant itself (RFC 7523 section 2.1, the overview page's drawing) rather than failing it", () => {
    const f = facts({ clientCredentials: { clientId: 'machine', privateKeyJwt: true } }, [
      token({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: 'a.b.c', resource: ENDPOINT }, {}, 400),
    ]);
    expect(judgeClientCredentialsDuty('client-credentials-grant', f)).toMatchObject({ status: 'skipped', message: expect.stringMatching(/section 2\.1/) });
  });

  it('fails an assertion the authorization server found wrong when it arrived, with its claims shown', () => {
    const jwt = `${Buffer.from('{"alg":"ES256"}').toString('base64url')}.${Buffer.from('{"aud":"x"}').toString('base64url')}.sig`;
    const f = facts(
      { clientCredentials: { clientId: 'machine', privateKeyJwt: true } },
      [
        token(
          { grant_type: 'client_credentials', client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer', client_assertion: jwt },
          {},
          401,
        ),
      ],
      'aud is "x", which does not name this authorization server',
    );
    expect(judgeClientCredentialsDuty('client-credentials-assertion', f)).toMatchObject({ status: 'failed', actual: expect.stringContaining('"aud":"x"') });
  });

  it('skips every duty when the client made no token request, or when the setup has no machine client', () => {
    expect(judgeClientCredentialsDuty('client-credentials-grant', facts(SECRET_SETUP, [])).status).toBe('skipped');
    expect(judgeClientCredentialsDuty('client-credentials-resource', facts({}, [token({ grant_type: 'client_credentials' })])).status).toBe('skipped');
    const noExpiry = facts(SECRET_SETUP, [token({ grant_type: 'client_credentials' }, { authorization: basic('machine', 's3cret') })]);
    expect(judgeClientCredentialsDuty('client-credentials-renewal', noExpiry)).toMatchObject({
      status: 'skipped',
      message: expect.stringMatching(/no token of the client expired/),
    });
  });
});
