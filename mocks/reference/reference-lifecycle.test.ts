// The reference server's handshake, negotiation and per-request `_meta` rules at every revision,
// through the in-memory transport; every message it sends is checked against our schemas.
import { afterEach, describe, expect, it } from 'vitest';
import { META, initializeParams } from '../../wire/protocol/index.js';
import { REVISIONS, type Revision } from '../../schema/index.js';
import { createReferenceServer, REFERENCE_SERVER_NAME } from './index.js';
import { packageVersion } from './package-version.js';
import { converse, TEST_CLIENT, type Conversation } from './test-conversation.js';

const STATEFUL = REVISIONS.filter((r) => r !== '2026-07-28');
const open: Conversation[] = [];

async function start(revision: Revision, options: Parameters<typeof converse>[2] = {}, serverOptions: Parameters<typeof createReferenceServer>[0] = {}) {
  const c = await converse(createReferenceServer(serverOptions), revision, options);
  open.push(c);
  return c;
}

afterEach(async () => {
  for (const c of open.splice(0)) {
    expect(c.problems()).toEqual([]);
    await c.close();
  }
});

describe.each(STATEFUL)('stateful revision %s', (revision) => {
  it('echoes the requested version and names itself, its capabilities and instructions', async () => {
    const c = await start(revision, { handshake: false });
    const result = await c.result('initialize', initializeParams(revision, TEST_CLIENT));
    expect(result.protocolVersion).toBe(revision);
    expect(result.serverInfo).toMatchObject({ name: REFERENCE_SERVER_NAME, version: packageVersion() });
    expect(result.capabilities).toMatchObject({ tools: {}, resources: { subscribe: true }, prompts: {}, logging: {} });
    expect('completions' in (result.capabilities as object)).toBe(revision !== '2024-11-05');
    expect('title' in (result.serverInfo as object)).toBe(revision >= '2025-06-18');
    expect(typeof result.instructions).toBe('string');
  });

  it('does not answer notifications/initialized and then serves requests', async () => {
    const c = await start(revision, { handshake: false });
    await c.result('initialize', initializeParams(revision, TEST_CLIENT));
    const note = await c.raw(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }), { responseId: null });
    expect(await c.result('ping')).toEqual({});
    expect(note!.response).toBeUndefined();
    expect((await c.result('tools/list')).tools).toBeInstanceOf(Array);
  });

  it('answers ping before the handshake and refuses other requests until then', async () => {
    const c = await start(revision, { handshake: false }, { revisions: [revision] });
    expect(await c.result('ping')).toEqual({});
    expect((await c.error('tools/list')).code).toBe(-32600);
    expect((await c.result('initialize', initializeParams(revision, TEST_CLIENT))).protocolVersion).toBe(revision);
  });

  it('refuses a second initialize', async () => {
    const c = await start(revision);
    expect((await c.error('initialize', initializeParams(revision, TEST_CLIENT))).code).toBe(-32600);
  });

  it('answers a version it does not speak with the newest stateful one it supports', async () => {
    for (const requested of ['2099-01-01', 'not-a-version']) {
      const c = await start(revision, { handshake: false });
      const result = await c.result('initialize', { ...initializeParams(revision, TEST_CLIENT), protocolVersion: requested });
      expect(result.protocolVersion).toBe('2025-11-25');
    }
    const older = await start(revision, { handshake: false }, { revisions: ['2024-11-05', '2025-03-26'] });
    expect((await older.result('initialize', { ...initializeParams(revision, TEST_CLIENT), protocolVersion: '2099-01-01' })).protocolVersion).toBe(
      '2025-03-26',
    );
  });

  it('refuses malformed initialize params with -32602', async () => {
    const c = await start(revision, { handshake: false });
    expect((await c.error('initialize', { capabilities: {}, clientInfo: TEST_CLIENT.clientInfo })).code).toBe(-32602);
    expect((await c.error('initialize', { protocolVersion: revision, clientInfo: TEST_CLIENT.clientInfo })).code).toBe(-32602);
    // A refused initialize leaves the door open for a correct one.
    expect((await c.result('initialize', initializeParams(revision, TEST_CLIENT))).protocolVersion).toBe(revision);
  });

  it('has no server/discover and no subscriptions/listen', async () => {
    const c = await start(revision);
    expect((await c.error('server/discover', {})).code).toBe(-32601);
    expect((await c.error('subscriptions/listen', { notifications: {} })).code).toBe(-32601);
  });
});

describe('stateless revision 2026-07-28', () => {
  const revision = '2026-07-28';

  it('answers server/discover with versions, capabilities, cache hints and serverInfo', async () => {
    const c = await start(revision);
    const result = await c.result('server/discover', {});
    expect(result).toMatchObject({
      resultType: 'complete',
      supportedVersions: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'],
      capabilities: { tools: {}, resources: {}, prompts: {}, logging: {}, completions: {} },
      ttlMs: expect.any(Number),
      cacheScope: 'public',
      _meta: { [META.serverInfo]: { name: REFERENCE_SERVER_NAME, version: packageVersion() } },
    });
    expect(typeof result.instructions).toBe('string');
  });

  it('puts resultType and serverInfo on every result', async () => {
    const c = await start(revision);
    for (const method of ['tools/list', 'resources/list', 'prompts/list', 'resources/templates/list']) {
      const result = await c.result(method, {});
      expect(result.resultType).toBe('complete');
      expect((result._meta as Record<string, unknown>)[META.serverInfo]).toMatchObject({ name: REFERENCE_SERVER_NAME });
      expect(result).toMatchObject({ ttlMs: expect.any(Number), cacheScope: 'public' });
    }
    expect((await c.result('tools/call', { name: 'echo', arguments: { message: 'x' } })).resultType).toBe('complete');
  });

  it('refuses requests without the required _meta fields with -32602', async () => {
    const c = await start(revision);
    expect((await c.error('server/discover', {}, { meta: false })).code).toBe(-32602);
    expect(
      (await c.error('server/discover', { _meta: { [META.protocolVersion]: revision, [META.clientInfo]: TEST_CLIENT.clientInfo } }, { meta: false })).code,
    ).toBe(-32602);
    expect((await c.error('server/discover', { _meta: { [META.clientCapabilities]: {} } }, { meta: false })).code).toBe(-32602);
    expect((await c.error('tools/list', undefined, { meta: false })).code).toBe(-32602);
    expect((await c.error('server/discover', {}, { meta: { logLevel: 'loud' } })).code).toBe(-32602);
  });

  it('refuses unsupported versions with -32022 naming the requested and supported ones', async () => {
    const c = await start(revision);
    for (const requested of ['2099-01-01', 'not-a-version', '2025-06-18']) {
      const error = await c.error('server/discover', {}, { meta: { protocolVersion: requested } });
      expect(error).toMatchObject({ code: -32022, data: { requested, supported: expect.arrayContaining(['2026-07-28']) } });
    }
    const old = await start(revision, {}, { revisions: ['2025-06-18'] });
    // A server without the stateless era behaves like a legacy one: the request is refused.
    expect((await old.error('server/discover', {})).code).toBe(-32600);
  });

  it('has no ping, logging/setLevel or resources/subscribe', async () => {
    const c = await start(revision);
    for (const [method, params] of [
      ['ping', {}],
      ['logging/setLevel', { level: 'debug' }],
      ['resources/subscribe', { uri: 'mcp-conform://reference/counter' }],
      ['resources/unsubscribe', { uri: 'mcp-conform://reference/counter' }],
    ] as const) {
      expect((await c.error(method, params)).code).toBe(-32601);
    }
  });

  it('keeps no connection state: capabilities come from each request', async () => {
    const c = await start(revision);
    const withSampling = { [META.clientCapabilities]: { sampling: {} } };
    const first = await c.result('tools/call', { name: 'sample', arguments: { prompt: 'hi' } }, { meta: withSampling });
    expect(first.resultType).toBe('input_required');
    expect((await c.error('tools/call', { name: 'sample', arguments: { prompt: 'hi' } })).code).toBe(-32021);
  });

  it('a modern-only server refuses initialize and names the versions it speaks', async () => {
    const c = await start('2025-06-18', { handshake: false }, { revisions: ['2026-07-28'] });
    const error = await c.error('initialize', initializeParams('2025-06-18', TEST_CLIENT));
    expect(error.message).toContain('2026-07-28');
    expect(error.data).toMatchObject({ supported: ['2026-07-28'] });
  });
});

describe('dual-era connections', () => {
  it('serve a stateless request on a connection that did the stateful handshake', async () => {
    const c = await start('2025-11-25');
    const modern = await c.result('tools/list', {
      _meta: { [META.protocolVersion]: '2026-07-28', [META.clientCapabilities]: {} },
    });
    expect(modern.resultType).toBe('complete');
    const legacy = await c.result('tools/list');
    expect(legacy.resultType).toBeUndefined();
  });
});
