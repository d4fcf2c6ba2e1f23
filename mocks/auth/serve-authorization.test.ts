// The mock OAuth layer on its own: the challenge and metadata each setup serves, the authorization
// code flow with PKCE and the resource parameter, refusals a broken client must meet, and requests
// with a valid token forwarded to the MCP endpoint behind it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { pkceMismatch, s256 } from './pkce.js';
import { serveAuthorization, type AuthorizationHandle } from './serve-authorization.js';
import type { AuthSetup } from './types.js';

const REDIRECT = 'http://127.0.0.1:9/callback';
const VERIFIER = 'v'.repeat(43);
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

/** An upstream "MCP endpoint" that echoes what reached it. */
async function upstream(): Promise<string> {
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ reached: req.url, authorization: req.headers.authorization ?? null }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise<void>((r) => server.close(() => r())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
}

async function serve(setup: AuthSetup): Promise<AuthorizationHandle> {
  const handle = await serveAuthorization({ setup, upstream: await upstream() });
  closers.push(() => handle.close());
  return handle;
}

/** Registers, authorizes (reading the code from the redirect) and exchanges the code; returns the token answer. */
async function flow(handle: AuthorizationHandle, options: { verifier?: string; method?: 'S256' | 'plain' } = {}) {
  const reg = (await (
    await fetch(`${handle.issuer}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }),
    })
  ).json()) as { client_id: string };
  const authorize = new URL(`${handle.issuer}/authorize`);
  const query = {
    response_type: 'code',
    client_id: reg.client_id,
    redirect_uri: REDIRECT,
    state: 's1',
    code_challenge: options.method === 'plain' ? VERIFIER : s256(VERIFIER),
    code_challenge_method: options.method ?? 'S256',
    resource: handle.url,
  };
  for (const [k, v] of Object.entries(query)) authorize.searchParams.set(k, v);
  const redirect = await fetch(authorize, { redirect: 'manual' });
  const location = new URL(redirect.headers.get('location')!);
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code: location.searchParams.get('code')!,
    redirect_uri: REDIRECT,
    client_id: reg.client_id,
    code_verifier: options.verifier ?? VERIFIER,
    resource: handle.url,
  });
  const answer = await fetch(`${handle.issuer}/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
  return { status: answer.status, body: (await answer.json()) as Record<string, string>, location, clientId: reg.client_id };
}

describe('serveAuthorization', () => {
  it('answers 401 with a challenge naming the metadata URL, and serves the metadata only there', async () => {
    const handle = await serve({ challengeScope: 'mcp:tools', scopesSupported: ['mcp:tools', 'mcp:read'] });
    const refused = await fetch(handle.url, { method: 'POST', body: '{}' });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${handle.resourceMetadataUrl!}", scope="mcp:tools"`);
    expect(await (await fetch(handle.resourceMetadataUrl!)).json()).toEqual({
      resource: handle.url,
      authorization_servers: [handle.issuer],
      bearer_methods_supported: ['header'],
      scopes_supported: ['mcp:tools', 'mcp:read'],
    });
    expect((await fetch(new URL('/.well-known/oauth-protected-resource/mcp', handle.url))).status).toBe(404);
    const metadata = (await (await fetch(`${handle.issuer}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({ issuer: handle.issuer, code_challenge_methods_supported: ['S256'], token_endpoint: `${handle.issuer}/token` });
    expect((await fetch(`${handle.issuer}/.well-known/openid-configuration`)).status).toBe(404);
  });

  it.each([
    ['path', '/.well-known/oauth-protected-resource/mcp'],
    ['root', '/.well-known/oauth-protected-resource'],
  ] as const)('with resourceMetadata: %s the challenge is bare and the document is at %s', async (mode, path) => {
    const handle = await serve({ resourceMetadata: mode, serverMetadata: 'openid' });
    expect((await fetch(handle.url)).headers.get('www-authenticate')).toBe('Bearer');
    expect(handle.resourceMetadataUrl).toBe(new URL(path, handle.url).href);
    expect((await fetch(handle.resourceMetadataUrl!)).status).toBe(200);
    expect((await fetch(`${handle.issuer}/.well-known/openid-configuration`)).status).toBe(200);
  });

  it('runs the authorization code flow with PKCE and forwards requests carrying the issued token', async () => {
    const handle = await serve({});
    const { status, body, location } = await flow(handle);
    expect(location.searchParams.get('state')).toBe('s1');
    expect(location.searchParams.get('iss')).toBe(handle.issuer);
    expect(status).toBe(200);
    expect(body).toMatchObject({ token_type: 'Bearer' });
    const through = await fetch(`${handle.url}`, { method: 'POST', headers: { authorization: `Bearer ${body.access_token!}` }, body: '{}' });
    expect(await through.json()).toEqual({ reached: '/mcp', authorization: `Bearer ${body.access_token!}` });
    const stale = await fetch(handle.url, { headers: { authorization: 'Bearer nope' } });
    expect(stale.status).toBe(401);
    expect(stale.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
    expect(handle.authorizationServer.tokens.get(body.access_token!)).toMatchObject({ resource: handle.url });
    expect(handle.requests.map((r) => `${r.to} ${r.method} ${r.path} ${r.status}`)).toContain('authorization-server POST /token 200');
  });

  it('refuses a token request whose verifier does not answer the challenge', async () => {
    const handle = await serve({});
    const { status, body } = await flow(handle, { verifier: 'w'.repeat(43) });
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'invalid_grant', error_description: 'the code_verifier does not match the S256 code_challenge' });
  });

  it('2025-03-26 style: the authorization server lives on the MCP server origin (metadata or default paths)', async () => {
    const withMetadata = await serve({ resourceMetadata: 'none' });
    expect(withMetadata.issuer).toBe(new URL(withMetadata.url).origin);
    expect((await fetch(`${withMetadata.issuer}/.well-known/oauth-authorization-server`)).status).toBe(200);
    const bare = await serve({ resourceMetadata: 'none', serverMetadata: 'defaults' });
    expect((await fetch(`${bare.issuer}/.well-known/oauth-authorization-server`)).status).toBe(404);
    expect((await flow(bare)).status).toBe(200);
  });
});

describe('serveAuthorization knobs', () => {
  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

  it('stepUp: a tools/call whose token lacks the scope gets 403 insufficient_scope; other requests go through', async () => {
    const handle = await serve({ stepUp: { methods: ['tools/call'], scope: 'mcp:write' } });
    const { body } = await flow(handle);
    const send = (method: string) =>
      fetch(handle.url, {
        method: 'POST',
        headers: { authorization: `Bearer ${body.access_token!}`, 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method }),
      });
    const refused = await send('tools/call');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toBe(
      `Bearer error="insufficient_scope", scope="mcp:write", resource_metadata="${handle.resourceMetadataUrl!}"`,
    );
    expect((await send('tools/list')).status).toBe(200);
    expect(handle.requests.find((r) => r.status === 403)?.rpcMethod).toBe('tools/call');
  });

  it('a pre-registered client without registration, authenticating only with client_secret_basic', async () => {
    const handle = await serve({
      preRegistered: { clientId: 'pre', clientSecret: 's3' },
      registration: false,
      tokenEndpointAuthMethods: ['client_secret_basic'],
    });
    const metadata = (await (await fetch(`${handle.issuer}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
    expect(metadata.registration_endpoint).toBeUndefined();
    expect(metadata.token_endpoint_auth_methods_supported).toEqual(['client_secret_basic']);
    expect((await fetch(`${handle.issuer}/register`, { method: 'POST', body: '{}' })).status).toBe(404);
    const code = async () => {
      const redirect = await fetch(`${handle.issuer}/authorize?response_type=code&client_id=pre&redirect_uri=${encodeURIComponent(REDIRECT)}`, {
        redirect: 'manual',
      });
      return new URL(redirect.headers.get('location')!).searchParams.get('code')!;
    };
    const viaPost = await fetch(
      `${handle.issuer}/token`,
      form({ grant_type: 'authorization_code', code: await code(), redirect_uri: REDIRECT, client_id: 'pre', client_secret: 's3' }),
    );
    expect(viaPost.status).toBe(401);
    const viaBasic = await fetch(`${handle.issuer}/token`, {
      ...form({ grant_type: 'authorization_code', code: await code(), redirect_uri: REDIRECT }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic('pre', 's3') },
    });
    expect(viaBasic.status).toBe(200);
  });

  it('a registration asking for a method the token endpoint lacks is given a supported one, with a secret', async () => {
    const handle = await serve({ tokenEndpointAuthMethods: ['client_secret_post'] });
    const answer = (await (
      await fetch(`${handle.issuer}/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }),
      })
    ).json()) as Record<string, unknown>;
    expect(answer).toMatchObject({ token_endpoint_auth_method: 'client_secret_post' });
    expect(typeof answer.client_secret).toBe('string');
  });

  it('clientIdMetadataDocument: advertised, and an https URL client id is accepted for a loopback redirect', async () => {
    const handle = await serve({ clientIdMetadataDocument: true });
    const metadata = (await (await fetch(`${handle.issuer}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
    expect(metadata.client_id_metadata_document_supported).toBe(true);
    const authorize = (id: string) =>
      fetch(`${handle.issuer}/authorize?response_type=code&client_id=${encodeURIComponent(id)}&redirect_uri=${encodeURIComponent(REDIRECT)}`, {
        redirect: 'manual',
      });
    expect((await authorize('https://client.example/meta.json')).status).toBe(302);
    expect((await authorize('http://client.example/meta.json')).status).toBe(400);
  });

  it.each([
    [{ issParameter: 'absent' } as AuthSetup, null],
    [{ issParameter: 'wrong' } as AuthSetup, 'https://other-issuer.example'],
    [{ issParameter: 'trailing-slash' } as AuthSetup, 'slash'],
    // Without metadata the server publishes no issuer identifier a client could compare an iss with.
    [{ resourceMetadata: 'none', serverMetadata: 'defaults' } as AuthSetup, null],
    [{ resourceMetadata: 'none', serverMetadata: 'defaults', issParameter: 'exact' } as AuthSetup, 'exact'],
  ])('issParameter %o shapes the iss of the redirect', async (setup, expected) => {
    const handle = await serve(setup);
    const { location } = await flow(handle);
    const issuer = { slash: `${handle.issuer}/`, exact: handle.issuer }[expected ?? ''];
    expect(location.searchParams.get('iss')).toBe(issuer ?? expected);
  });

  it('metadataIssuer: other names a foreign issuer; issAdvertised: false drops the RFC 9207 flag', async () => {
    const handle = await serve({ metadataIssuer: 'other', issAdvertised: false });
    const metadata = (await (await fetch(`${handle.issuer}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
    expect(metadata.issuer).toBe('https://other-issuer.example');
    expect(metadata.authorization_response_iss_parameter_supported).toBeUndefined();
  });

  it('metadataResource: other names another server as the resource of the protected resource metadata', async () => {
    const handle = await serve({ metadataResource: 'other' });
    const metadata = (await (await fetch(handle.resourceMetadataUrl!)).json()) as Record<string, unknown>;
    expect(metadata.resource).toBe('https://other-resource.example/mcp');
    expect(metadata.authorization_servers).toEqual([handle.issuer]);
  });

  it('migrateAfter moves the MCP server to a second authorization server that knows none of the first one clients', async () => {
    const handle = await serve({ migrateAfter: 1 });
    const second = handle.secondAuthorizationServer!;
    expect(second.issuer).not.toBe(handle.issuer);
    const { body, clientId } = await flow(handle);
    const call = () => fetch(handle.url, { method: 'POST', headers: { authorization: `Bearer ${body.access_token}` }, body: '{}' });
    expect((await call()).status).toBe(200);
    const refused = await call();
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
    expect(((await (await fetch(handle.resourceMetadataUrl!)).json()) as Record<string, unknown>).authorization_servers).toEqual([second.issuer]);
    const reused = await fetch(`${second.issuer}/authorize?response_type=code&client_id=${clientId}&redirect_uri=${encodeURIComponent(REDIRECT)}`, {
      redirect: 'manual',
    });
    expect(reused.status).toBe(400);
    expect(handle.authorizationServer.hasRegistered(clientId)).toBe(true);
    expect(second.hasRegistered(clientId)).toBe(false);
    expect(handle.requests.filter((r) => r.to === 'authorization-server').map((r) => r.issuer)).toEqual([
      handle.issuer,
      handle.issuer,
      handle.issuer,
      second.issuer,
    ]);
  });

  it('migrateAfter 0 names the second server from the start; the pre-registered client, bound to the first, is unknown there', async () => {
    const handle = await serve({ migrateAfter: 0, preRegistered: { clientId: 'pre', clientSecret: 'pre-secret' } });
    const second = handle.secondAuthorizationServer!;
    expect(handle.authorizationServer.clientContext()).toEqual({ client_id: 'pre', client_secret: 'pre-secret', issuer: handle.issuer });
    expect(((await (await fetch(handle.resourceMetadataUrl!)).json()) as Record<string, unknown>).authorization_servers).toEqual([second.issuer]);
    expect(handle.authorizationServer.hasRegistered('pre')).toBe(true);
    expect(second.hasRegistered('pre')).toBe(false);
    const presented = await fetch(`${second.issuer}/authorize?response_type=code&client_id=pre&redirect_uri=${encodeURIComponent(REDIRECT)}`, {
      redirect: 'manual',
    });
    expect(presented.status).toBe(400);
  });
});

describe('serveAuthorization: the OAuth Client Credentials extension', () => {
  const machine = { clientId: 'machine', clientSecret: 'machine-secret' };
  const basic = `Basic ${Buffer.from('machine:machine-secret').toString('base64')}`;
  const tokenRequest = (handle: AuthorizationHandle, form: Record<string, string>, authorization?: string) =>
    fetch(`${handle.issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(authorization ? { authorization } : {}) },
      body: new URLSearchParams(form),
    });

  it('advertises the grant without registration, issues a token for the secret (no refresh token), and the token opens the endpoint', async () => {
    const handle = await serve({ clientCredentials: machine });
    const metadata = (await (await fetch(`${handle.issuer}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      grant_types_supported: ['client_credentials'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    });
    expect(metadata.registration_endpoint).toBeUndefined();
    const answer = await tokenRequest(handle, { grant_type: 'client_credentials', resource: handle.url, scope: 'mcp' }, basic);
    expect(answer.status).toBe(200);
    const issued = (await answer.json()) as { access_token: string; refresh_token?: string; scope?: string };
    expect(issued.refresh_token).toBeUndefined();
    expect(issued.scope).toBe('mcp');
    const reached = await fetch(handle.url, { method: 'POST', headers: { authorization: `Bearer ${issued.access_token}` }, body: '{}' });
    expect(reached.status).toBe(200);
    expect(handle.authorizationServer.clientContext()).toEqual({
      grant_type: 'client_credentials',
      client_id: 'machine',
      issuer: handle.issuer,
      client_secret: 'machine-secret',
    });
  });

  it('refuses a wrong secret, another grant, and the authorization endpoint to the machine client', async () => {
    const handle = await serve({ clientCredentials: machine });
    expect((await tokenRequest(handle, { grant_type: 'client_credentials', client_id: 'machine', client_secret: 'wrong' })).status).toBe(401);
    expect((await tokenRequest(handle, { grant_type: 'password' }, basic)).status).toBe(400);
    const authorize = await fetch(`${handle.issuer}/authorize?response_type=code&client_id=machine&redirect_uri=${encodeURIComponent(REDIRECT)}`, {
      redirect: 'manual',
    });
    expect(authorize.status).toBe(400);
  });

  it('with privateKeyJwt hands out a PKCS#8 key and remembers why an assertion was refused when it arrived', async () => {
    const handle = await serve({ clientCredentials: { clientId: 'machine', privateKeyJwt: true } });
    const context = handle.authorizationServer.clientContext()!;
    expect(context).toMatchObject({ grant_type: 'client_credentials', client_id: 'machine', algorithm: 'ES256' });
    expect(context.private_key).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"iss":"machine"}').toString('base64url')}.`;
    const answer = await tokenRequest(handle, {
      grant_type: 'client_credentials',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: unsigned,
    });
    expect(answer.status).toBe(401);
    expect(handle.authorizationServer.assertionProblem(unsigned)).toMatch(/unsigned/);
  });
});

describe('serveAuthorization: the Enterprise-Managed Authorization extension', () => {
  const enterprise = { clientId: 'app', clientSecret: 'app-secret', idpClientId: 'app-sso' };
  const basic = `Basic ${Buffer.from('app:app-secret').toString('base64')}`;
  const post = (where: string, form: Record<string, string>, authorization?: string) =>
    fetch(where, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(authorization ? { authorization } : {}) },
      body: new URLSearchParams(form),
    });
  const claimsOf = (jwt: string) => jwt.split('.').map((part, i) => (i < 2 ? JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) : part));
  const exchangeForm = (handle: AuthorizationHandle, idToken: string) => ({
    grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
    requested_token_type: 'urn:ietf:params:oauth:token-type:id-jag',
    audience: handle.issuer,
    resource: handle.url,
    subject_token: idToken,
    subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
    client_id: 'app-sso',
  });

  it('hands the client its ID token, exchanges it for an ID-JAG, and the authorization server trades that for a token', async () => {
    const handle = await serve({ enterpriseManaged: enterprise });
    const idp = handle.identityProvider!;
    const context = handle.authorizationServer.clientContext()!;
    expect(context).toMatchObject({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      client_id: 'app',
      client_secret: 'app-secret',
      issuer: handle.issuer,
      idp_issuer: idp.issuer,
      idp_token_endpoint: `${idp.issuer}/token`,
      idp_client_id: 'app-sso',
    });
    expect(claimsOf(context.id_token!)[1]).toMatchObject({ iss: idp.issuer, aud: 'app-sso' });
    const idpMetadata = (await (await fetch(`${idp.issuer}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
    expect(idpMetadata).toMatchObject({ issuer: idp.issuer, token_endpoint: `${idp.issuer}/token` });
    const asMetadata = (await (await fetch(`${handle.issuer}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
    expect(asMetadata.grant_types_supported).toEqual(['urn:ietf:params:oauth:grant-type:jwt-bearer']);
    expect(asMetadata.registration_endpoint).toBeUndefined();

    const exchanged = await post(`${idp.issuer}/token`, { ...exchangeForm(handle, context.id_token!), scope: 'mcp' });
    expect(exchanged.status).toBe(200);
    const answer = (await exchanged.json()) as Record<string, string>;
    expect(answer).toMatchObject({ issued_token_type: 'urn:ietf:params:oauth:token-type:id-jag', token_type: 'N_A', scope: 'mcp' });
    const [header, claims] = claimsOf(answer.access_token!);
    expect(header).toMatchObject({ alg: 'ES256', typ: 'oauth-id-jag+jwt' });
    expect(claims).toMatchObject({ iss: idp.issuer, aud: handle.issuer, resource: handle.url, client_id: 'app', scope: 'mcp' });
    expect(idp.hasIssued(answer.access_token!)).toBe(true);

    const granted = await post(`${handle.issuer}/token`, { grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: answer.access_token! }, basic);
    expect(granted.status).toBe(200);
    const issued = (await granted.json()) as { access_token: string; refresh_token?: string };
    expect(issued.refresh_token).toBeUndefined();
    const reached = await fetch(handle.url, { method: 'POST', headers: { authorization: `Bearer ${issued.access_token}` }, body: '{}' });
    expect(reached.status).toBe(200);
    expect(handle.requests.filter((r) => r.to === 'identity-provider').map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'GET /.well-known/oauth-authorization-server 200',
      'POST /token 200',
    ]);
  });

  it('the identity provider refuses what it cannot honour, the authorization server anything but a valid ID-JAG of its client', async () => {
    const handle = await serve({ enterpriseManaged: enterprise });
    const idp = handle.identityProvider!;
    const idToken = handle.authorizationServer.clientContext()!.id_token!;
    const refusal = async (form: Record<string, string>) => {
      const answer = await post(`${idp.issuer}/token`, form);
      return `${answer.status} ${((await answer.json()) as { error: string }).error}`;
    };
    const good = exchangeForm(handle, idToken);
    expect(await refusal({ ...good, requested_token_type: 'urn:ietf:params:oauth:token-type:access_token' })).toBe('400 invalid_request');
    expect(await refusal({ ...good, audience: handle.url })).toBe('400 invalid_target');
    expect(await refusal({ ...good, resource: 'https://other.example/mcp' })).toBe('400 invalid_target');
    // Another user's claims under the provider's signature: the signature no longer verifies.
    const [head, , signature] = idToken.split('.');
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...claimsOf(idToken)[1], sub: 'someone-else' })).toString('base64url')}.${signature}`;
    expect(await refusal({ ...good, subject_token: forged })).toBe('400 invalid_grant');
    expect(await refusal({ ...good, client_id: 'someone-else' })).toBe('401 invalid_client');

    // The ID token itself is no ID-JAG; why is remembered for the verdict.
    const direct = await post(`${handle.issuer}/token`, { grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: idToken }, basic);
    expect(direct.status).toBe(400);
    expect(handle.authorizationServer.idJagProblem(idToken)).toMatch(/typ is "JWT", not oauth-id-jag\+jwt/);
    const grant = ((await (await post(`${idp.issuer}/token`, good)).json()) as { access_token: string }).access_token;
    const wrongSecret = `Basic ${Buffer.from('app:wrong').toString('base64')}`;
    expect((await post(`${handle.issuer}/token`, { grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: grant }, wrongSecret)).status).toBe(
      401,
    );
    const authorize = await fetch(`${handle.issuer}/authorize?response_type=code&client_id=app&redirect_uri=${encodeURIComponent(REDIRECT)}`, {
      redirect: 'manual',
    });
    expect(authorize.status).toBe(400);
  });
});

describe('pkceMismatch', () => {
  it('accepts the matching S256 and plain verifiers and names every other case', () => {
    expect(pkceMismatch(s256(VERIFIER), 'S256', VERIFIER)).toBeUndefined();
    expect(pkceMismatch(VERIFIER, 'plain', VERIFIER)).toBeUndefined();
    expect(pkceMismatch(undefined, undefined, undefined)).toBeUndefined();
    expect(pkceMismatch(s256(VERIFIER), 'S256', undefined)).toMatch(/no code_verifier/);
    expect(pkceMismatch(undefined, undefined, VERIFIER)).toMatch(/no code_challenge/);
    expect(pkceMismatch(s256(VERIFIER), 'S256', 'short')).toMatch(/43 to 128/);
  });
});
