// Resources, prompts and completion of the reference server at every revision: pagination to the
// end, reading text and blobs, error codes per revision, subscriptions, prompt arguments.
import { afterEach, describe, expect, it } from 'vitest';
import { META } from '../../wire/protocol/index.js';
import { REVISIONS, type Revision } from '../../schema/index.js';
import { createReferenceServer } from './index.js';
import { converse, type Conversation } from './test-conversation.js';

const open: Conversation[] = [];
const BASE = 'mcp-conform://reference';

async function start(revision: Revision, server = createReferenceServer()) {
  const c = await converse(server, revision);
  open.push(c);
  return c;
}

afterEach(async () => {
  for (const c of open.splice(0)) {
    expect(c.problems()).toEqual([]);
    await c.close();
  }
});

async function everything(c: Conversation, method: string, key: string): Promise<{ items: Record<string, unknown>[]; pages: number }> {
  const items: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let pages = 1; pages <= 20; pages++) {
    const result = await c.result(method, cursor ? { cursor } : {});
    items.push(...(result[key] as Record<string, unknown>[]));
    cursor = result.nextCursor as string | undefined;
    if (cursor === undefined) return { items, pages };
    expect(seen.has(cursor)).toBe(false);
    seen.add(cursor);
  }
  throw new Error(`${method} did not end`);
}

describe.each(REVISIONS)('revision %s', (revision) => {
  const stateless = revision === '2026-07-28';

  it('pages through resources, templates and prompts to the end, and refuses foreign cursors', async () => {
    const c = await start(revision);
    const resources = await everything(c, 'resources/list', 'resources');
    const templates = await everything(c, 'resources/templates/list', 'resourceTemplates');
    const prompts = await everything(c, 'prompts/list', 'prompts');
    expect([resources.items.length, resources.pages]).toEqual([12, 3]);
    expect([templates.items.length, templates.pages]).toEqual([7, 2]);
    expect([prompts.items.length, prompts.pages]).toEqual([7, 2]);
    expect(new Set(resources.items.map((r) => r.uri)).size).toBe(12);
    expect('title' in resources.items[0]!).toBe(revision >= '2025-06-18');
    for (const method of ['resources/list', 'resources/templates/list', 'prompts/list']) {
      expect((await c.error(method, { cursor: 'mcp-conform-invalid-cursor-7f3a' })).code).toBe(-32602);
    }
  });

  it('reads text, blob and templated resources', async () => {
    const c = await start(revision);
    const readme = await c.result('resources/read', { uri: `${BASE}/readme` });
    expect(readme.contents).toMatchObject([{ uri: `${BASE}/readme`, mimeType: 'text/markdown', text: expect.stringContaining('reference server') }]);
    const blob = await c.result('resources/read', { uri: `${BASE}/blob/bytes` });
    const bytes = Buffer.from((blob.contents as { blob: string }[])[0]!.blob, 'base64');
    expect([...bytes]).toEqual(Array.from({ length: 16 }, (_, i) => i));
    expect((await c.result('resources/read', { uri: `${BASE}/greeting/Ada%20L` })).contents).toMatchObject([{ text: 'Hello, Ada L!' }]);
    expect((await c.result('resources/read', { uri: `${BASE}/item/42` })).contents).toMatchObject([{ text: '{"id":42,"name":"Item 42"}' }]);
    if (stateless) expect(readme).toMatchObject({ ttlMs: expect.any(Number), cacheScope: 'public' });
  });

  it(`answers an unknown resource with ${stateless ? '-32602 (-32002 is retired)' : '-32002'}`, async () => {
    const c = await start(revision);
    for (const uri of ['mcp-conform://no-such-resource/7f3a', `${BASE}/color/purple`, `${BASE}/item/999`]) {
      const error = await c.error('resources/read', { uri });
      expect(error).toMatchObject({ code: stateless ? -32602 : -32002, data: { uri } });
    }
    expect((await c.error('resources/read', {})).code).toBe(-32602);
  });

  it('renders prompts with their arguments and refuses missing or unknown ones with -32602', async () => {
    const c = await start(revision);
    const greeting = await c.result('prompts/get', { name: 'greeting', arguments: { name: 'Ada' } });
    expect(greeting.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Please greet Ada warmly.' } }]);
    expect((await c.result('prompts/get', { name: 'simple' })).messages).toHaveLength(1);
    expect((await c.result('prompts/get', { name: 'with-resource' })).messages).toMatchObject([{ content: { type: 'resource' } }, {}]);
    expect((await c.error('prompts/get', { name: 'greeting', arguments: {} })).code).toBe(-32602);
    expect((await c.error('prompts/get', { name: 'greeting', arguments: { name: 7 } })).code).toBe(-32602);
    expect((await c.error('prompts/get', { name: 'mcp-conform-no-such-prompt' })).code).toBe(-32602);
  });

  it('completes a prompt argument and a resource template variable', async () => {
    const c = await start(revision);
    const language = await c.result('completion/complete', { ref: { type: 'ref/prompt', name: 'code-review' }, argument: { name: 'language', value: 'ja' } });
    expect(language.completion).toEqual({ values: ['java', 'javascript'], total: 2, hasMore: false });
    const color = await c.result('completion/complete', {
      ref: { type: 'ref/resource', uri: `${BASE}/color/{color}` },
      argument: { name: 'color', value: 'b' },
    });
    expect((color.completion as { values: string[] }).values).toEqual(['black', 'blue']);
    const items = await c.result('completion/complete', { ref: { type: 'ref/resource', uri: `${BASE}/item/{id}` }, argument: { name: 'id', value: '' } });
    expect(items.completion).toMatchObject({ total: 150, hasMore: true });
    expect((items.completion as { values: string[] }).values).toHaveLength(100);
    expect((await c.error('completion/complete', { ref: { type: 'ref/prompt', name: 'nope' }, argument: { name: 'x', value: '' } })).code).toBe(-32602);
  });
});

describe.each(REVISIONS.filter((r) => r !== '2026-07-28'))('resource subscriptions at %s', (revision) => {
  it('notify subscribers of the counter when it changes, and stop after unsubscribe', async () => {
    const server = createReferenceServer();
    const c = await start(revision, server);
    const other = await start(revision, server);
    await c.result('resources/subscribe', { uri: `${BASE}/counter` });
    await other.result('tools/call', { name: 'bump', arguments: {} });
    await c.waitUntil(() => c.notifications('notifications/resources/updated').length === 1);
    expect(c.notifications('notifications/resources/updated')).toEqual([
      { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: `${BASE}/counter` } },
    ]);
    expect(other.notifications()).toEqual([]);
    expect((await c.result('resources/read', { uri: `${BASE}/counter` })).contents).toMatchObject([{ text: '{"count":1}' }]);
    await c.result('resources/unsubscribe', { uri: `${BASE}/counter` });
    await c.result('tools/call', { name: 'bump', arguments: {} });
    expect(c.notifications('notifications/resources/updated')).toHaveLength(1);
  });
});

describe('subscriptions/listen at 2026-07-28', () => {
  it('acknowledges the honoured filter, delivers updates tagged with the subscription id, and ends on cancel', async () => {
    const server = createReferenceServer();
    const c = await start('2026-07-28', server);
    const listen = await c.send('subscriptions/listen', {
      notifications: { toolsListChanged: true, resourceSubscriptions: [`${BASE}/counter`] },
    });
    await c.waitUntil(() => c.notifications('notifications/subscriptions/acknowledged').length === 1);
    expect(c.notifications('notifications/subscriptions/acknowledged')[0]!.params).toEqual({
      _meta: { 'io.modelcontextprotocol/subscriptionId': listen.id },
      // tools.listChanged is false, so that part of the filter is not honoured.
      notifications: { resourceSubscriptions: [`${BASE}/counter`] },
    });
    await c.result('tools/call', { name: 'bump', arguments: {} });
    await c.waitUntil(() => c.notifications('notifications/resources/updated').length === 1);
    expect(c.notifications('notifications/resources/updated')[0]!.params).toEqual({
      _meta: { 'io.modelcontextprotocol/subscriptionId': listen.id },
      uri: `${BASE}/counter`,
    });
    await c.notify('notifications/cancelled', { requestId: listen.id });
    await c.result('tools/call', { name: 'bump', arguments: {} });
    expect(c.notifications('notifications/resources/updated')).toHaveLength(1);
    expect(listen.response).toBeUndefined();
    expect((await c.error('subscriptions/listen', {})).code).toBe(-32602);
  });

  it('counter reads are never cached, static reads are', async () => {
    const c = await start('2026-07-28');
    expect(await c.result('resources/read', { uri: `${BASE}/counter` })).toMatchObject({ ttlMs: 0 });
    expect(await c.result('resources/read', { uri: `${BASE}/text/1` }, { meta: { [META.clientInfo]: { name: 'x', version: '1' } } })).toMatchObject({
      ttlMs: 300000,
    });
  });
});
