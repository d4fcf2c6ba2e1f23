// The mock authorization server alone, as a protected MCP server under test sees it: minted tokens
// verify against its JWKS with the claims asked for, and introspection tells live from expired.
import { createPublicKey, createVerify } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { serveMockAuthorizationServer, type AuthorizationServerHandle } from './index.js';

let handle: AuthorizationServerHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

const introspect = async (issuer: string, token: string) =>
  (await (
    await fetch(`${issuer}/introspect`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }),
    })
  ).json()) as Record<string, unknown>;

describe('serveMockAuthorizationServer', () => {
  it('mints RS256 tokens that verify against its JWKS and carry the audience and scope asked for', async () => {
    handle = await serveMockAuthorizationServer();
    const metadata = (await (await fetch(`${handle.issuer}/.well-known/oauth-authorization-server`)).json()) as Record<string, string>;
    expect(metadata).toMatchObject({ issuer: handle.issuer, jwks_uri: `${handle.issuer}/jwks`, introspection_endpoint: `${handle.issuer}/introspect` });
    const token = handle.authorizationServer.mint({ audience: 'http://127.0.0.1:9/mcp', scope: 'mcp', lifetimeSeconds: 600 });
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const jwks = (await (await fetch(metadata.jwks_uri!)).json()) as { keys: (Record<string, unknown> & { kid: string })[] };
    const jwk = jwks.keys.find((k) => k.kid === JSON.parse(Buffer.from(header, 'base64url').toString()).kid);
    expect(jwk).toBeDefined();
    const key = createPublicKey({ key: jwk as never, format: 'jwk' });
    expect(createVerify('RSA-SHA256').update(`${header}.${payload}`).verify(key, Buffer.from(signature, 'base64url'))).toBe(true);
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toMatchObject({ iss: handle.issuer, aud: 'http://127.0.0.1:9/mcp', scope: 'mcp' });
  });

  it('answers introspection: active with claims for a live token, inactive for an expired or unknown one', async () => {
    handle = await serveMockAuthorizationServer();
    const live = handle.authorizationServer.mint({ audience: 'urn:a', scope: 'x y', lifetimeSeconds: 600 });
    const expired = handle.authorizationServer.mint({ audience: 'urn:a', lifetimeSeconds: -600 });
    expect(await introspect(handle.issuer, live)).toMatchObject({ active: true, aud: 'urn:a', scope: 'x y', iss: handle.issuer });
    expect(await introspect(handle.issuer, expired)).toEqual({ active: false });
    expect(await introspect(handle.issuer, 'not-a-token')).toEqual({ active: false });
    expect(handle.requests.map((r) => r.outcome)).toEqual(['introspection: active token', 'introspection: inactive token', 'introspection: inactive token']);
  });
});
