// JSON-RPC behaviour of the reference server at every revision: parse errors, invalid requests,
// unknown methods, exact id echo, notifications never answered, batches only at 2025-03-26.
import { afterEach, describe, expect, it } from 'vitest';
import { REVISIONS, type Revision } from '../../schema/index.js';
import { createReferenceServer } from './index.js';
import { converse, type Conversation } from './test-conversation.js';

const open: Conversation[] = [];

async function start(revision: Revision) {
  const c = await converse(createReferenceServer(), revision);
  open.push(c);
  return c;
}

afterEach(async () => {
  for (const c of open.splice(0)) {
    expect(c.problems()).toEqual([]);
    await c.close();
  }
});

/** The cheapest request each revision has. */
const barrier = (revision: Revision) => (revision === '2026-07-28' ? 'server/discover' : 'ping');

describe.each(REVISIONS)('revision %s', (revision) => {
  it('answers a line that is not JSON with -32700 and a null id', async () => {
    const c = await start(revision);
    const entry = await c.raw('{"jsonrpc": "2.0", "id": 1, "method": "ping"', { responseId: null });
    const response = await c.response(entry!);
    expect(response).toMatchObject({ id: null, error: { code: -32700 } });
  });

  it('answers JSON that is not a valid request with -32600, echoing a usable id', async () => {
    const c = await start(revision);
    const cases: [unknown, string | null][] = [
      [{ jsonrpc: '2.0', id: 'bad-method', method: 1 }, 'bad-method'],
      [{ id: 'no-version', method: 'ping' }, 'no-version'],
      [{ jsonrpc: '2.0', id: null, method: 'ping' }, null],
      ['a string', null],
    ];
    for (const [message, id] of cases) {
      const entry = await c.raw(JSON.stringify(message), { responseId: id });
      expect(await c.response(entry!)).toMatchObject({ id, error: { code: -32600 } });
    }
  });

  it('answers an unknown method with -32601', async () => {
    const c = await start(revision);
    expect((await c.error('mcp-conform/no-such-method', {})).code).toBe(-32601);
  });

  it('echoes string and number ids exactly', async () => {
    const c = await start(revision);
    const asString = await c.request(barrier(revision), {}, { id: '90017' });
    const asNumber = await c.request(barrier(revision), {}, { id: 90018 });
    expect(asString.id).toBe('90017');
    expect(asNumber.id).toBe(90018);
  });

  it('never answers a notification, known or not', async () => {
    const c = await start(revision);
    const unknown = await c.raw(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/mcp-conform/unknown', params: {} }), { responseId: null });
    const cancel = await c.raw(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'never-sent' } }), {
      responseId: null,
    });
    await c.result(barrier(revision), {});
    expect(unknown!.response).toBeUndefined();
    expect(cancel!.response).toBeUndefined();
  });

  it('answers a tools/call without a name with -32602', async () => {
    const c = await start(revision);
    expect((await c.error('tools/call', { arguments: {} })).code).toBe(-32602);
  });

  it(revision === '2025-03-26' ? 'answers a batch with an array of responses' : 'refuses a batch with -32600', async () => {
    const c = await start(revision);
    const message = revision === '2026-07-28' ? c.params({}) : undefined;
    const batch = [
      { jsonrpc: '2.0', id: 'batch-1', method: barrier(revision), ...(message ? { params: message } : {}) },
      { jsonrpc: '2.0', method: 'notifications/mcp-conform/unknown' },
    ];
    const entry = await c.raw(JSON.stringify(batch), { responseId: revision === '2025-03-26' ? 'batch-1' : null });
    const response = await c.response(entry!);
    if (revision === '2025-03-26') {
      expect(response).toMatchObject({ id: 'batch-1', result: {} });
      expect(c.session.inbound.some((m) => Array.isArray(m.message))).toBe(true);
    } else {
      expect(response).toMatchObject({ id: null, error: { code: -32600 } });
    }
  });
});

describe('the test harness', () => {
  it('notices a message that breaks the schema of the revision', async () => {
    const server = createReferenceServer();
    server.intercept({ outgoing: (m, info) => (info.inReplyTo?.method === 'tools/list' ? [{ ...m, result: { tools: 'not a list' } }] : undefined) });
    const c = await converse(server, '2025-06-18');
    await c.request('tools/list');
    expect(c.problems().join('\n')).toMatch(/schema 2025-06-18/);
    await c.close();
  });
});
