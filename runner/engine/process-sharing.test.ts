import { describe, expect, it } from 'vitest';
import type { InboundRecord, OutboundRecord } from '../../wire/protocol/index.js';
import type { Scenario, Step } from '../suite-loader/types.js';
import { answersOnlyRequests, issuedCursors, likelyChangesState, sendsCursors, sharingClass, stateEffect } from './process-sharing.js';
import { BARRIER_ID_BASE } from './shared-process.js';

const at = { sourceLine: 1, path: '0' };
function scenario(steps: Step[], extra: Partial<Scenario> = {}): Scenario {
  return {
    id: 'x/y',
    title: 't',
    area: 'x',
    role: 'server',
    revisions: '*',
    rules: ['r'],
    tags: [],
    session: 'initialized',
    requires: [],
    steps,
    file: 'f',
    ...extra,
  };
}
const request = (method: string): Step => ({ kind: 'request', method, as: 'a', ...at });

describe('sharingClass', () => {
  it('lets plain request and expect steps share a process', () => {
    const s = scenario([request('tools/call'), { kind: 'expect', label: 'a', ...at }]);
    expect(sharingClass(s, '2025-06-18')).toBe('neutral');
    expect(sharingClass(s, '2026-07-28')).toBe('neutral');
  });

  it('gives a process of its own to a scenario that says isolate: true', () => {
    expect(sharingClass(scenario([request('ping')], { isolate: true }), '2026-07-28')).toBe('own');
  });

  it('gives a process of its own to stateful scenarios that open the conversation themselves, not to stateless ones', () => {
    const s = scenario([request('ping')], { session: 'fresh' });
    expect(sharingClass(s, '2025-11-25')).toBe('own');
    expect(sharingClass(s, '2026-07-28')).toBe('neutral');
  });

  it('gives a process of its own to steps that end or replace the connection, also inside loops', () => {
    expect(sharingClass(scenario([{ kind: 'closeInput', ...at }]), '2025-06-18')).toBe('own');
    expect(sharingClass(scenario([{ kind: 'handshake', ...at }]), '2025-06-18')).toBe('own');
    const loop: Step = { kind: 'loop', steps: [{ kind: 'closeInput', ...at }], max: 2, onExhausted: 'pass', ...at };
    expect(sharingClass(scenario([loop]), '2026-07-28')).toBe('own');
  });

  it('gives a process of its own to a stateless request that leaves out or names its own protocol version', () => {
    const versioned: Step = { kind: 'request', method: 'server/discover', meta: { protocolVersion: '2099-01-01' }, ...at };
    const bare: Step = { kind: 'request', method: 'server/discover', meta: false, ...at };
    const logLevel: Step = { kind: 'request', method: 'tools/list', meta: { logLevel: 'debug' }, ...at };
    expect(sharingClass(scenario([versioned]), '2026-07-28')).toBe('own');
    expect(sharingClass(scenario([bare]), '2026-07-28')).toBe('own');
    expect(sharingClass(scenario([logLevel]), '2026-07-28')).toBe('neutral');
    expect(sharingClass(scenario([versioned]), '2025-11-25')).toBe('neutral');
  });

  it('ends the process after partial lines, raw bytes and cancellations', () => {
    expect(sharingClass(scenario([{ kind: 'send', text: '{"jsonrpc":', ...at }]), '2025-06-18')).toBe('last');
    expect(sharingClass(scenario([{ kind: 'send', hex: 'c0af', ...at }]), '2025-06-18')).toBe('last');
    expect(sharingClass(scenario([{ kind: 'cancel', label: 'a', ...at }]), '2025-06-18')).toBe('last');
    expect(sharingClass(scenario([{ kind: 'send', line: 'not json', ...at }]), '2025-06-18')).toBe('neutral');
  });

  it("places a stateful scenario that opens the conversation with the runner's initialize first on a process it may hand on", () => {
    const fresh = (steps: Step[]) => scenario(steps, { session: 'fresh' });
    const handshake: Step = { kind: 'handshake', as: 'init', ...at };
    const initialize = (protocolVersion: string): Step => ({ kind: 'request', method: 'initialize', params: { protocolVersion }, ...at });
    expect(sharingClass(fresh([handshake, request('ping')]), '2025-06-18')).toBe('opener');
    expect(sharingClass(fresh([initialize('${revision}'), request('ping')]), '2024-11-05')).toBe('opener');
    // Another version, a request before initialize, or a step that needs its own process or ends it.
    expect(sharingClass(fresh([{ ...handshake, protocolVersion: '2099-01-01' } as Step]), '2025-06-18')).toBe('own');
    expect(sharingClass(fresh([initialize('2099-01-01')]), '2025-06-18')).toBe('own');
    expect(sharingClass(fresh([request('ping'), handshake]), '2025-06-18')).toBe('own');
    expect(sharingClass(fresh([handshake, { kind: 'closeInput', ...at }]), '2025-06-18')).toBe('own');
    expect(sharingClass(fresh([handshake, { kind: 'cancel', label: 'a', ...at }]), '2025-06-18')).toBe('own');
    expect(sharingClass(fresh([handshake]), '2025-06-18')).toBe('opener');
    expect(sharingClass(scenario([handshake], { session: 'fresh', isolate: true }), '2025-06-18')).toBe('own');
  });

  it('ends the process after a line written as is at a stateless revision (it carries no _meta of the runner)', () => {
    expect(sharingClass(scenario([{ kind: 'send', line: 'not json', ...at }]), '2026-07-28')).toBe('last');
    expect(sharingClass(scenario([{ kind: 'send', json: { jsonrpc: '2.0', id: 'x', method: 1 }, ...at }]), '2026-07-28')).toBe('last');
  });
});

describe('stateEffect', () => {
  let seq = 0;
  const sent = (message: unknown, author: OutboundRecord['author'] = 'scenario'): OutboundRecord => ({
    seq: ++seq,
    message,
    text: JSON.stringify(message),
    author,
  });
  const req = (method: string, params?: Record<string, unknown>) => sent({ jsonrpc: '2.0', id: ++seq, method, ...(params ? { params } : {}) });
  const tools = [{ name: 'reader', annotations: { readOnlyHint: true } }, { name: 'writer', annotations: { readOnlyHint: false } }, { name: 'unannotated' }];

  it('accepts reads, unknown methods, unparseable lines and the runner handshake', () => {
    const records = [
      sent({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }, 'runner'),
      sent({ jsonrpc: '2.0', method: 'notifications/initialized' }, 'runner'),
      req('tools/list'),
      req('resources/read', { uri: 'a://b' }),
      req('no/such-method'),
      sent(undefined),
      sent([{ jsonrpc: '2.0', id: 9, method: 'ping' }]),
      sent({ jsonrpc: '2.0', id: 'srv-1', result: {} }, 'runner'),
    ];
    expect(stateEffect(records, [], tools)).toBe('none');
  });

  it('accepts tool calls only of tools listed as read-only', () => {
    expect(stateEffect([req('tools/call', { name: 'reader', arguments: {} })], [], tools)).toBe('none');
    expect(stateEffect([req('tools/call', { name: 'writer', arguments: {} })], [], tools)).toBe('changed');
    expect(stateEffect([req('tools/call', { name: 'unannotated', arguments: {} })], [], tools)).toBe('changed');
    expect(stateEffect([req('tools/call', { name: 'not-listed', arguments: {} })], [], tools)).toBe('changed');
  });

  it('accepts a call of a tool the target does not list only when it was refused with an error', () => {
    const call = req('tools/call', { name: 'not-listed', arguments: {} });
    const id = (call.message as { id: number }).id;
    const refused: InboundRecord = { seq: 1, kind: 'response', message: { jsonrpc: '2.0', id, error: { code: -32602, message: 'no' } } };
    const ran: InboundRecord = { seq: 1, kind: 'response', message: { jsonrpc: '2.0', id, result: { content: [], isError: true } } };
    expect(stateEffect([call], [refused], tools)).toBe('none');
    expect(stateEffect([call], [ran], tools)).toBe('changed');
    const nameless = req('tools/call', { arguments: {} });
    const refusedNameless: InboundRecord = {
      seq: 2,
      kind: 'response',
      message: { jsonrpc: '2.0', id: (nameless.message as { id: number }).id, error: { code: -32602, message: 'no' } },
    };
    expect(stateEffect([nameless], [refusedNameless], tools)).toBe('none');
    // A listed tool that refused the call may have run part of it.
    const writer = req('tools/call', { name: 'writer', arguments: {} });
    const refusedWriter: InboundRecord = {
      seq: 3,
      kind: 'response',
      message: { jsonrpc: '2.0', id: (writer.message as { id: number }).id, error: { code: -32602, message: 'no' } },
    };
    expect(stateEffect([writer], [refusedWriter], tools)).toBe('changed');
  });

  it('accepts a cancellation only of a string id that no request carried (barriers have integer ids)', () => {
    const cancel = (requestId: unknown) => sent({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId } });
    expect(stateEffect([cancel('never-sent')], [], tools)).toBe('none');
    expect(stateEffect([cancel(7)], [], tools)).toBe('changed');
    expect(stateEffect([cancel(BARRIER_ID_BASE + 3)], [], tools)).toBe('changed');
    expect(stateEffect([sent({ jsonrpc: '2.0', id: 'mine', method: 'tools/list' }), cancel('mine')], [], tools)).toBe('changed');
  });

  it('tells following a cursor the target issued apart, not a made-up one', () => {
    const answered: InboundRecord = { seq: 1, kind: 'response', message: { jsonrpc: '2.0', id: 1, result: { tools: [], nextCursor: 'page-2' } } };
    const issued = issuedCursors([answered, { seq: 2, kind: 'notification', message: { jsonrpc: '2.0', method: 'x', params: { nextCursor: 'n' } } }]);
    expect([...issued]).toEqual(['page-2']);
    expect(stateEffect([req('tools/list', { cursor: 'page-2' })], [answered], tools)).toBe('cursors');
    expect(stateEffect([req('tools/list', { cursor: 'made-up' })], [answered], tools)).toBe('none');
    expect(stateEffect([req('tools/list', { cursor: 'page-2' }), req('logging/setLevel', {})], [answered], tools)).toBe('changed');
  });

  it('refuses methods that change session state, task-augmented requests and a scenario-sent initialize', () => {
    for (const method of ['logging/setLevel', 'resources/subscribe', 'resources/unsubscribe', 'subscriptions/listen', 'tasks/cancel', 'tasks/update']) {
      expect(stateEffect([req(method, {})], [], tools), method).toBe('changed');
    }
    expect(stateEffect([sent({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } })], [], tools)).toBe('changed');
    expect(stateEffect([req('tools/call', { name: 'reader', arguments: {}, task: { ttl: 1000 } })], [], tools)).toBe('changed');
    // Opting into the tasks extension (2026-07-28) lets the server answer with a task that outlives the cell.
    const optIn = { 'io.modelcontextprotocol/clientCapabilities': { extensions: { 'io.modelcontextprotocol/tasks': {} } } };
    expect(stateEffect([req('tools/call', { name: 'reader', arguments: {}, _meta: optIn })], [], tools)).toBe('changed');
    expect(stateEffect([req('tools/call', { name: 'reader', arguments: {}, _meta: {} })], [], tools)).toBe('none');
    expect(stateEffect([req('initialize', {})], [], tools)).toBe('changed');
    expect(stateEffect([sent([{ jsonrpc: '2.0', id: 3, method: 'logging/setLevel', params: { level: 'debug' } }])], [], tools)).toBe('changed');
  });
});

describe('likelyChangesState', () => {
  const tools = [{ name: 'reader', annotations: { readOnlyHint: true } }, { name: 'writer' }];
  const call = (name: unknown): Step => ({ kind: 'request', method: 'tools/call', params: { name, arguments: {} }, ...at });

  it('expects calls of listed tools that are not read-only, by literal name or by variable, to change state', () => {
    expect(likelyChangesState([call('writer')], {}, tools)).toBe(true);
    expect(likelyChangesState([call({ $var: 'tool.name' })], { tool: { name: 'writer' } }, tools)).toBe(true);
    expect(likelyChangesState([call({ $var: 'tool.name' })], { tool: { name: 'reader' } }, tools)).toBe(false);
    expect(likelyChangesState([call({ $var: 'missing.name' })], {}, tools)).toBe(true);
    // A literal name the target does not list is expected to be refused.
    expect(likelyChangesState([call('no-such-tool')], {}, tools)).toBe(false);
    expect(likelyChangesState([{ kind: 'request', method: 'tools/call', params: { arguments: {} }, ...at }], {}, tools)).toBe(false);
  });

  it('expects state-changing methods, also inside loops and raw sends, to change state', () => {
    expect(likelyChangesState([request('logging/setLevel')], {}, tools)).toBe(true);
    const loop: Step = { kind: 'loop', steps: [request('resources/subscribe')], max: 2, onExhausted: 'pass', ...at };
    expect(likelyChangesState([loop], {}, tools)).toBe(true);
    const rawCancel = (requestId: unknown): Step => ({
      kind: 'send',
      json: { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId } },
      ...at,
    });
    expect(likelyChangesState([rawCancel(3)], {}, tools)).toBe(true);
    expect(likelyChangesState([rawCancel('never-sent')], {}, tools)).toBe(false);
    expect(likelyChangesState([request('tools/list')], {}, tools)).toBe(false);
  });
});

describe('sendsCursors', () => {
  it('finds a cursor in request params, loops and raw sends', () => {
    const follow: Step = { kind: 'request', method: 'tools/list', params: { cursor: { $var: 'cursor' } }, ...at };
    expect(sendsCursors([follow])).toBe(true);
    expect(sendsCursors([{ kind: 'loop', steps: [follow], max: 2, onExhausted: 'pass', ...at }])).toBe(true);
    expect(sendsCursors([{ kind: 'send', json: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { cursor: 'x' } }, ...at }])).toBe(true);
    expect(sendsCursors([request('tools/list')])).toBe(false);
  });
});

describe('answersOnlyRequests', () => {
  const out = (message: unknown, seq: number): OutboundRecord => ({ seq, message, text: JSON.stringify(message), author: 'scenario' });
  const answer = (id: unknown): InboundRecord => ({ seq: 9, kind: 'response', message: { jsonrpc: '2.0', id, result: {} } });
  const opening = [
    out({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }, 1),
    out({ jsonrpc: '2.0', method: 'notifications/initialized' }, 2),
    out({ jsonrpc: '2.0', id: 2, method: 'ping' }, 3),
  ];

  it('is true when every answer carries the id of a request the cell wrote', () => {
    expect(answersOnlyRequests(opening, [answer(1), answer(2)])).toBe(true);
    expect(answersOnlyRequests(opening, [])).toBe(true);
  });

  it('is false for an answer to a notification (a null id) or to an id no request carried', () => {
    expect(answersOnlyRequests(opening, [answer(1), answer(null)])).toBe(false);
    expect(answersOnlyRequests(opening, [answer('2')])).toBe(false);
  });
});
