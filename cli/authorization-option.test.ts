// With --auth-mock the runner reads the target's protected resource metadata to learn the audience
// and scopes to mint tokens for. A target whose metadata cannot be read (no answer within --timeout)
// still gets tokens, for the endpoint and the challenge's scopes, and the run says so; one that has
// no such document (404) is not a failure and says nothing.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthorizationServerHandle, serveMockAuthorizationServer } from '../mocks/auth/index.js';
import { authorizationContext } from './authorization-option.js';

/** Its metadata never answers, is not there (404), or names the endpoint with the scopes `mcp` and `files`. */
type Metadata = 'hangs' | 'missing' | 'served';

/** A protected MCP endpoint at /mcp that refuses every POST with a challenge naming the scope `mcp`, and serves its metadata as told. */
async function protectedServer(metadata: Metadata): Promise<{ endpoint: string; close: () => Promise<void> }> {
  let endpoint = '';
  const server = http.createServer((req, res) => {
    if (req.method === 'POST') {
      res.writeHead(401, { 'www-authenticate': 'Bearer scope="mcp"' }).end();
      return;
    }
    if (metadata === 'hangs') return; // never answers
    if (metadata === 'missing') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ resource: endpoint, scopes_supported: ['mcp', 'files'] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  return {
    endpoint,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function claims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

let mock: AuthorizationServerHandle;
beforeAll(async () => {
  mock = await serveMockAuthorizationServer({ port: 0 });
});
afterAll(() => mock.close());

/** The context --auth-mock builds for a target whose metadata behaves as `metadata`, with what it said. */
async function contextFor(metadata: Metadata, timeoutMs: number): Promise<{ endpoint: string; notices: string[]; claims: Record<string, unknown> }> {
  const target = await protectedServer(metadata);
  try {
    const notices: string[] = [];
    const auth = await authorizationContext({ authMock: 0 }, target.endpoint, mock, timeoutMs, (text) => notices.push(text));
    return { endpoint: target.endpoint, notices, claims: claims(auth!.token) };
  } finally {
    await target.close();
  }
}

describe('authorizationContext with the mock authorization server', () => {
  it('says when the metadata could not be read, and mints for the endpoint and the challenge scopes', { timeout: 15_000 }, async () => {
    // The bound covers the challenge's POST too: on a loaded machine the first fetch of a worker
    // took over 300 ms, and the tokens then carried no scope. The metadata's two reads wait it out.
    const { endpoint, notices, claims } = await contextFor('hangs', 1500);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/^could not read the protected resource metadata \(.*oauth-protected-resource\/mcp: no answer within 1500 ms/);
    expect(notices[0]).toContain(`name ${endpoint} as their audience and carry the scope "mcp"`);
    expect(claims).toMatchObject({ aud: endpoint, scope: 'mcp' });
  });

  it('says nothing for a server that has no metadata document', { timeout: 15_000 }, async () => {
    const { endpoint, notices, claims } = await contextFor('missing', 2000);
    expect(notices).toEqual([]);
    expect(claims).toMatchObject({ aud: endpoint, scope: 'mcp' });
  });

  it('mints for the audience and scopes the metadata names, and says nothing', { timeout: 15_000 }, async () => {
    const { endpoint, notices, claims } = await contextFor('served', 2000);
    expect(notices).toEqual([]);
    expect(claims).toMatchObject({ aud: endpoint, scope: 'mcp files' });
  });
});
