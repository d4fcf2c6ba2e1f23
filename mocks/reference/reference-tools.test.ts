// Tools of the reference server at every revision: listing and pagination, calls and their error
// kinds, structured output, progress, cancellation, logging, and asking the client for input.
import { afterEach, describe, expect, it } from 'vitest';
import { isErrorResponse, META } from '../../wire/protocol/index.js';
import { REVISIONS, type Revision } from '../../schema/index.js';
import { createReferenceServer } from './index.js';
import { converse, type Conversation, type ConversationOptions } from './test-conversation.js';

const open: Conversation[] = [];

async function start(revision: Revision, options: ConversationOptions = {}, pageSize?: number) {
  const c = await converse(createReferenceServer(pageSize ? { pageSize } : {}), revision, options);
  open.push(c);
  return c;
}

afterEach(async () => {
  for (const c of open.splice(0)) {
    expect(c.problems()).toEqual([]);
    await c.close();
  }
});

async function allTools(c: Conversation): Promise<Record<string, unknown>[]> {
  const tools: Record<string, unknown>[] = [];
  const cursors = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < 20; page++) {
    const result = await c.result('tools/list', cursor ? { cursor } : {});
    tools.push(...(result.tools as Record<string, unknown>[]));
    cursor = result.nextCursor as string | undefined;
    if (cursor === undefined) return tools;
    expect(cursors.has(cursor)).toBe(false);
    cursors.add(cursor);
  }
  throw new Error('tools/list did not end');
}

const text = (result: Record<string, unknown>) => (result.content as { text?: string }[]).map((c) => c.text).join('');
const later = (revision: Revision, min: Revision) => revision >= min;

describe.each(REVISIONS)('revision %s', (revision) => {
  it('lists at least 12 tools over pages of 5, each page full but the last, with unique names', async () => {
    const c = await start(revision);
    const first = await c.result('tools/list', {});
    expect(first.tools).toHaveLength(5);
    const tools = await allTools(c);
    expect(tools.length).toBeGreaterThanOrEqual(12);
    expect(new Set(tools.map((t) => t.name)).size).toBe(tools.length);
    expect(tools.slice(0, 4).map((t) => t.name)).toEqual(['echo', 'add', 'fail', 'slow']);
    expect(tools.every((t) => /^[A-Za-z0-9_.-]{1,128}$/.test(String(t.name)))).toBe(true);
  });

  it('defines tools with only the members the revision has', async () => {
    const c = await start(revision);
    const tools = await allTools(c);
    const byName = Object.fromEntries(tools.map((t) => [t.name as string, t]));
    expect(tools.every((t) => (t.inputSchema as { type: string }).type === 'object')).toBe(true);
    expect('title' in byName.echo!).toBe(later(revision, '2025-06-18'));
    expect('annotations' in byName.echo!).toBe(later(revision, '2025-03-26'));
    expect('icons' in byName.echo!).toBe(later(revision, '2025-11-25'));
    expect('outputSchema' in byName.structured!).toBe(later(revision, '2025-06-18'));
    expect('elicit' in byName).toBe(later(revision, '2025-06-18'));
    expect('audio' in byName).toBe(later(revision, '2025-03-26'));
    if (later(revision, '2025-03-26')) expect(byName['reset-counter']!.annotations).toMatchObject({ destructiveHint: true });
  });

  it('refuses a cursor it never issued with -32602 and serves a reused cursor the same page', async () => {
    const c = await start(revision);
    expect((await c.error('tools/list', { cursor: 'mcp-conform-invalid-cursor-7f3a' })).code).toBe(-32602);
    const promptsCursor = (await c.result('prompts/list', {})).nextCursor as string;
    expect((await c.error('tools/list', { cursor: promptsCursor })).code).toBe(-32602);
    const cursor = (await c.result('tools/list', {})).nextCursor as string;
    const once = await c.result('tools/list', { cursor });
    const twice = await c.result('tools/list', { cursor });
    expect(twice.tools).toEqual(once.tools);
  });

  it('calls tools: echo, add, content kinds, and fail as an isError result', async () => {
    const c = await start(revision);
    expect(text(await c.result('tools/call', { name: 'echo', arguments: { message: 'héllo wörld ✓ 😀' } }))).toBe('héllo wörld ✓ 😀');
    expect(text(await c.result('tools/call', { name: 'add', arguments: { a: 2, b: 3.5 } }))).toBe('5.5');
    const failed = await c.result('tools/call', { name: 'fail', arguments: {} });
    expect(failed).toMatchObject({ isError: true, content: [{ type: 'text' }] });
    expect((await c.result('tools/call', { name: 'image', arguments: {} })).content).toMatchObject([{ type: 'image', mimeType: 'image/png' }]);
    expect((await c.result('tools/call', { name: 'embedded-resource' })).content).toMatchObject([{ type: 'resource' }]);
    if (later(revision, '2025-03-26')) expect((await c.result('tools/call', { name: 'audio' })).content).toMatchObject([{ type: 'audio' }]);
    if (later(revision, '2025-06-18')) expect((await c.result('tools/call', { name: 'resource-link' })).content).toMatchObject([{ type: 'resource_link' }]);
  });

  it('answers an unknown tool with a -32602 protocol error', async () => {
    const c = await start(revision);
    expect((await c.error('tools/call', { name: 'mcp-conform-no-such-tool-7f3a', arguments: {} })).code).toBe(-32602);
    expect((await c.error('tools/call', { name: 'echo', arguments: 'not an object' })).code).toBe(-32602);
  });

  it(`reports invalid arguments as ${later(revision, '2025-11-25') ? 'an isError result' : 'a -32602 protocol error'}`, async () => {
    const c = await start(revision);
    for (const args of [{}, { message: 42 }]) {
      const response = await c.request('tools/call', { name: 'echo', arguments: args });
      if (later(revision, '2025-11-25')) {
        expect(isErrorResponse(response)).toBe(false);
        expect(response).toMatchObject({ result: { isError: true, content: [{ type: 'text' }] } });
      } else {
        expect(response).toMatchObject({ error: { code: -32602 } });
      }
    }
  });

  it('returns structured content matching the output schema, with a text copy', async () => {
    const c = await start(revision);
    const result = await c.result('tools/call', { name: 'structured', arguments: { text: 'two words' } });
    const stats = { text: 'two words', length: 9, words: 2 };
    expect(JSON.parse(text(result))).toEqual(stats);
    if (later(revision, '2025-06-18')) expect(result.structuredContent).toEqual(stats);
    else expect(result.structuredContent).toBeUndefined();
  });

  it('reports monotonic progress for a call with a progress token, and none without', async () => {
    const c = await start(revision);
    const meta = { progressToken: 'p-1' };
    const result = await c.result('tools/call', { name: 'slow', arguments: { ms: 100, steps: 4 }, _meta: meta }, revision === '2026-07-28' ? { meta } : {});
    expect(text(result)).toBe('Waited 100 ms.');
    const progress = c.notifications('notifications/progress').map((n) => n.params as { progressToken: string; progress: number; total: number });
    expect(progress.map((p) => p.progress)).toEqual([1, 2, 3, 4]);
    expect(progress.every((p) => p.progressToken === 'p-1' && p.total === 4)).toBe(true);
    await c.result('tools/call', { name: 'slow', arguments: { ms: 100 } });
    expect(c.notifications('notifications/progress')).toHaveLength(4);
  });

  it('sends no response for a cancelled call and keeps serving', async () => {
    const c = await start(revision);
    const slow = await c.send('tools/call', { name: 'slow', arguments: {} });
    await c.notify('notifications/cancelled', { requestId: slow.id, reason: 'test' });
    const barrier = await c.request('tools/call', { name: 'slow', arguments: {} });
    expect(isErrorResponse(barrier)).toBe(false);
    expect(slow.response).toBeUndefined();
    expect(c.notifications('notifications/cancelled')).toEqual([]);
    // A cancellation for a request already answered is ignored.
    await c.notify('notifications/cancelled', { requestId: barrier.id });
    await c.result(revision === '2026-07-28' ? 'server/discover' : 'ping', {});
  });

  it('logs only at or above the level the client chose, and nothing without one', async () => {
    const c = await start(revision);
    await c.result('tools/call', { name: 'log', arguments: {} });
    expect(c.notifications('notifications/message')).toEqual([]);
    if (revision === '2026-07-28') await c.result('tools/call', { name: 'log', arguments: {} }, { meta: { logLevel: 'error' } });
    else {
      await c.result('logging/setLevel', { level: 'error' });
      await c.result('tools/call', { name: 'log', arguments: {} });
    }
    const levels = c.notifications('notifications/message').map((n) => (n.params as { level: string }).level);
    expect(levels).toEqual(['error', 'critical', 'alert', 'emergency']);
    if (revision !== '2026-07-28') expect((await c.error('logging/setLevel', { level: 'loud' })).code).toBe(-32602);
  });
});

const STATEFUL = REVISIONS.filter((r) => r !== '2026-07-28');

describe.each(STATEFUL)('asking the client at %s', (revision) => {
  const capabilities = { sampling: {}, roots: {}, ...(revision >= '2025-06-18' ? { elicitation: {} } : {}) };
  const replies = {
    'sampling/createMessage': { result: { role: 'assistant', model: 'test-model', content: { type: 'text', text: 'Paris' } } },
    'roots/list': { result: { roots: [{ uri: 'file:///project' }] } },
    'elicitation/create': { result: { action: 'accept', content: { name: 'Ada' } } },
  };

  it('sends sampling, roots and elicitation requests and uses the answers', async () => {
    const c = await start(revision, { capabilities, replies });
    expect(text(await c.result('tools/call', { name: 'sample', arguments: { prompt: 'Capital of France?' } }))).toBe(
      "The client's model (test-model) answered: Paris",
    );
    expect(text(await c.result('tools/call', { name: 'list-roots', arguments: {} }))).toBe("The client's roots: file:///project");
    if (revision >= '2025-06-18') expect(text(await c.result('tools/call', { name: 'elicit', arguments: {} }))).toBe('Hello, Ada!');
    const asked = c.session.serverRequests.map((r) => r.message.method);
    expect(asked).toEqual(['sampling/createMessage', 'roots/list', ...(revision >= '2025-06-18' ? ['elicitation/create'] : [])]);
  });

  it('asks nothing of a client without the capability and reports it in the tool result', async () => {
    const c = await start(revision);
    for (const name of ['sample', 'list-roots', ...(revision >= '2025-06-18' ? ['elicit'] : [])]) {
      const result = await c.result('tools/call', { name, arguments: { prompt: 'x' } });
      expect(result.isError).toBe(true);
    }
    expect(c.session.serverRequests).toEqual([]);
  });

  it('turns an error answer from the client into an isError result', async () => {
    const c = await start(revision, { capabilities, replies: { 'sampling/createMessage': { error: { code: -1, message: 'user rejected' } } } });
    const result = await c.result('tools/call', { name: 'sample', arguments: { prompt: 'x' } });
    expect(result).toMatchObject({ isError: true });
    expect(text(result)).toMatch(/user rejected/);
  });
});

describe('asking the client at 2026-07-28 (multi round-trip requests)', () => {
  const revision = '2026-07-28';
  const caps = (c: Record<string, unknown>) => ({ [META.clientCapabilities]: c });

  it('returns input_required, then completes the retry that carries the input and the state', async () => {
    const c = await start(revision);
    const first = await c.result('tools/call', { name: 'sample', arguments: { prompt: 'Capital?' } }, { meta: caps({ sampling: {} }) });
    expect(first).toMatchObject({
      resultType: 'input_required',
      inputRequests: { sample: { method: 'sampling/createMessage', params: { maxTokens: 100 } } },
      requestState: expect.any(String),
    });
    expect('ttlMs' in first).toBe(false);
    const retry = await c.result(
      'tools/call',
      {
        name: 'sample',
        arguments: { prompt: 'Capital?' },
        requestState: first.requestState,
        inputResponses: { sample: { role: 'assistant', model: 'm', content: { type: 'text', text: 'Paris' } } },
      },
      { meta: caps({ sampling: {} }) },
    );
    expect(retry.resultType).toBe('complete');
    expect(text(retry)).toBe("The client's model (m) answered: Paris");
    expect(c.session.serverRequests).toEqual([]);
  });

  it('covers elicitation and roots the same way', async () => {
    const c = await start(revision);
    const meta = caps({ elicitation: {}, roots: {} });
    const elicit = await c.result('tools/call', { name: 'elicit', arguments: {} }, { meta });
    expect(elicit).toMatchObject({ resultType: 'input_required', inputRequests: { elicit: { method: 'elicitation/create', params: { mode: 'form' } } } });
    const done = await c.result(
      'tools/call',
      { name: 'elicit', arguments: {}, requestState: elicit.requestState, inputResponses: { elicit: { action: 'decline' } } },
      { meta },
    );
    expect(text(done)).toBe('The user chose to decline.');
    const roots = await c.result('tools/call', { name: 'list-roots', arguments: {} }, { meta });
    const listed = await c.result(
      'tools/call',
      { name: 'list-roots', arguments: {}, requestState: roots.requestState, inputResponses: { roots: { roots: [] } } },
      { meta },
    );
    expect(text(listed)).toBe('The client has no roots.');
  });

  it('asks again when the input is missing, and refuses malformed input or foreign state', async () => {
    const c = await start(revision);
    const meta = caps({ sampling: {} });
    const first = await c.result('tools/call', { name: 'sample', arguments: { prompt: 'x' } }, { meta });
    const again = await c.result('tools/call', { name: 'sample', arguments: { prompt: 'x' }, requestState: first.requestState, inputResponses: {} }, { meta });
    expect(again.resultType).toBe('input_required');
    const malformed = await c.error(
      'tools/call',
      { name: 'sample', arguments: { prompt: 'x' }, requestState: first.requestState, inputResponses: { sample: { nope: 1 } } },
      { meta },
    );
    expect(malformed.code).toBe(-32602);
    const notAMap = await c.error(
      'tools/call',
      { name: 'sample', arguments: { prompt: 'x' }, requestState: first.requestState, inputResponses: 'garbage' },
      { meta },
    );
    expect(notAMap.code).toBe(-32602);
    const foreign = await c.error('tools/call', { name: 'sample', arguments: { prompt: 'x' }, requestState: 'forged', inputResponses: {} }, { meta });
    expect(foreign.code).toBe(-32602);
  });

  it('refuses with -32021 when the client lacks the capability the input needs', async () => {
    const c = await start(revision);
    const error = await c.error('tools/call', { name: 'elicit', arguments: {} }, { meta: caps({ elicitation: { url: {} } }) });
    expect(error).toMatchObject({ code: -32021, data: { requiredCapabilities: { elicitation: { form: {} } } } });
  });
});
