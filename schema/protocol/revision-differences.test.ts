// The differences between revisions, stated as data: each example is valid exactly in the revisions of
// its range and invalid in every other one, so a change file that drifts from the spec fails here.
import { describe, expect, it } from 'vitest';
import { REVISIONS, expandRange } from '../revisions.js';
import { type ProtocolValidator, protocolValidator } from '../protocol-validator.js';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'probe', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
const TEXT = { type: 'text', text: 'ok' };
const TASK = { taskId: 't1', status: 'working', createdAt: '2025-11-25T10:00:00Z', lastUpdatedAt: '2025-11-25T10:00:00Z', ttl: null };

interface Fact {
  fact: string;
  /** Revisions in which the example is valid (range syntax of revisions.ts); invalid in all others. */
  validIn: string;
  check(v: ProtocolValidator): unknown[];
}

const response = (result: unknown) => ({ jsonrpc: '2.0', id: 1, result });
const server = (method: string, result: unknown) => (v: ProtocolValidator) => v.validateMessage(response(result), 'server', method);
const ofType = (type: string, value: unknown) => (v: ProtocolValidator) => (v.hasType(type) ? v.validateType(type, value) : ['no such type']);

const FACTS: Fact[] = [
  // lifecycle and statelessness
  {
    fact: 'initialize exists until 2025-11-25',
    validIn: '<2026-07-28',
    check: (v) => [
      ...v.validateMessage(
        { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: v.revision, capabilities: {}, clientInfo: { name: 'c', version: '1' } } },
        'client',
      ),
      ...(v.resultTypeFor('initialize') ? [] : ['unknown']),
    ],
  },
  { fact: 'ping exists until 2025-11-25', validIn: '<2026-07-28', check: (v) => (v.methods('server', 'request').includes('ping') ? [] : ['no ping']) },
  {
    fact: 'server/discover exists from 2026-07-28',
    validIn: '>=2026-07-28',
    check: (v) => (v.methods('client', 'request').includes('server/discover') && v.resultTypeFor('server/discover') === 'DiscoverResult' ? [] : ['unknown']),
  },
  {
    fact: 'a request without _meta is fine until 2025-11-25; 2026-07-28 requires protocolVersion and clientCapabilities in _meta',
    validIn: '<2026-07-28',
    check: (v) => v.validateMessage({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }, 'client'),
  },
  {
    fact: 'RequestMetaObject requires io.modelcontextprotocol/clientCapabilities',
    validIn: '[]',
    check: (v) =>
      v.revision === '2026-07-28'
        ? v.validateMessage(
            { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } } },
            'client',
          )
        : ['not applicable'],
  },
  {
    fact: 'a stateless request with the full _meta is valid in 2026-07-28',
    validIn: '>=2026-07-28',
    check: (v) =>
      v.revision === '2026-07-28' ? v.validateMessage({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: META } }, 'client') : ['n/a'],
  },
  { fact: 'servers send no requests in 2026-07-28', validIn: '>=2026-07-28', check: (v) => v.methods('server', 'request') },
  // results
  { fact: 'results carry resultType from 2026-07-28 (a tools/list result without it)', validIn: '<2026-07-28', check: server('tools/list', { tools: [] }) },
  {
    fact: 'list results carry ttlMs and cacheScope in 2026-07-28 (one without them)',
    validIn: '<2026-07-28',
    check: server('tools/list', { resultType: 'complete', tools: [] }),
  },
  {
    fact: 'ttlMs is never negative',
    validIn: '[]',
    check: (v) => (v.revision === '2026-07-28' ? server('tools/list', { resultType: 'complete', tools: [], ttlMs: -1, cacheScope: 'private' })(v) : ['n/a']),
  },
  {
    fact: 'cacheScope is public or private',
    validIn: '[]',
    check: (v) =>
      v.revision === '2026-07-28' ? server('resources/list', { resultType: 'complete', resources: [], ttlMs: 5, cacheScope: 'shared' })(v) : ['n/a'],
  },
  {
    fact: 'tools/call may answer input_required in 2026-07-28',
    validIn: '>=2026-07-28',
    check: server('tools/call', { resultType: 'input_required', requestState: 'opaque' }),
  },
  {
    fact: 'tools/list may not answer input_required',
    validIn: '[]',
    check: server('tools/list', { resultType: 'input_required', requestState: 'opaque' }),
  },
  // content and tools
  {
    fact: 'audio content from 2025-03-26',
    validIn: '>=2025-03-26',
    check: server('tools/call', { resultType: 'complete', content: [{ type: 'audio', data: 'AAAA', mimeType: 'audio/wav' }] }),
  },
  {
    fact: 'resource links from 2025-06-18',
    validIn: '>=2025-06-18',
    check: server('tools/call', { resultType: 'complete', content: [{ type: 'resource_link', uri: 'file:///a', name: 'a' }] }),
  },
  {
    fact: 'title is typed from 2025-06-18 (before, an unknown member)',
    validIn: '<2025-06-18',
    check: ofType('Tool', { name: 't', title: 5, inputSchema: { type: 'object' } }),
  },
  {
    fact: 'outputSchema must be an object schema from 2025-06-18 until 2026-07-28, which allows any schema',
    validIn: ['2024-11-05', '2025-03-26', '2026-07-28'].join(' '),
    check: ofType('Tool', { name: 't', inputSchema: { type: 'object' }, outputSchema: { type: 'array' } }),
  },
  {
    fact: 'structuredContent must be an object from 2025-06-18 until 2026-07-28, which allows any JSON value',
    validIn: ['2024-11-05', '2025-03-26', '2026-07-28'].join(' '),
    check: server('tools/call', { resultType: 'complete', content: [TEXT], structuredContent: [1, 2] }),
  },
  {
    fact: 'tool annotations are typed from 2025-03-26',
    validIn: '<2025-03-26',
    check: ofType('Tool', { name: 't', inputSchema: { type: 'object' }, annotations: { readOnlyHint: 'yes' } }),
  },
  { fact: 'tool inputSchema is an object schema in every revision', validIn: '[]', check: ofType('Tool', { name: 't', inputSchema: { type: 'string' } }) },
  { fact: 'icons are typed from 2025-11-25', validIn: '<2025-11-25', check: ofType('Implementation', { name: 'x', version: '1', icons: 'none' }) },
  {
    fact: 'completion values are capped at 100 in 2026-07-28',
    validIn: '<2026-07-28',
    check: server('completion/complete', { resultType: 'complete', completion: { values: Array.from({ length: 101 }, (_, i) => `v${i}`) } }),
  },
  // sampling and elicitation
  { fact: 'elicitation from 2025-06-18', validIn: '>=2025-06-18', check: (v) => (v.hasType('ElicitRequest') && v.hasType('ElicitResult') ? [] : ['absent']) },
  {
    fact: 'elicitation/create is a server request from 2025-06-18 until 2026-07-28 moves it into InputRequiredResult',
    validIn: '>=2025-06-18 <2026-07-28',
    check: (v) => (v.methods('server', 'request').includes('elicitation/create') ? [] : ['absent']),
  },
  {
    fact: 'URL elicitation needs an elicitationId in 2025-11-25 only',
    validIn: '>=2026-07-28',
    check: ofType('ElicitRequestURLParams', { mode: 'url', message: 'Sign in', url: 'https://example.com/login' }),
  },
  {
    fact: 'sampling messages may hold tool_use content from 2025-11-25',
    validIn: '>=2025-11-25',
    check: ofType('SamplingMessage', { role: 'assistant', content: [{ type: 'tool_use', id: 'c1', name: 'f', input: {} }] }),
  },
  // tasks
  {
    fact: 'tasks exist in 2025-11-25 only',
    validIn: '2025-11-25',
    check: (v) => (v.methods('client', 'request').includes('tasks/get') && v.hasType('Task') ? [] : ['absent']),
  },
  { fact: 'tools/call may answer with a task in 2025-11-25 only', validIn: '2025-11-25', check: server('tools/call', { task: TASK }) },
  {
    fact: 'notifications/cancelled may omit requestId in 2025-11-25 only',
    validIn: '2025-11-25',
    check: (v) => v.validateMessage({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { reason: 'x' } }, 'client'),
  },
  // JSON-RPC envelope and errors
  { fact: 'batches exist in 2025-03-26 only', validIn: '2025-03-26', check: (v) => v.validateMessage([{ jsonrpc: '2.0', id: 1, method: 'ping' }], 'client') },
  {
    fact: 'an error response may omit its id from 2025-11-25',
    validIn: '>=2025-11-25',
    check: (v) => v.validateMessage({ jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request' } }, 'server'),
  },
  {
    fact: 'error -32042 carries the URL elicitations in 2025-11-25 only',
    validIn: '<2025-11-25 >2025-11-25',
    check: (v) => v.validateMessage({ jsonrpc: '2.0', id: 1, error: { code: -32042, message: 'needs a URL' } }, 'server'),
  },
  {
    fact: 'error -32022 carries supported and requested versions in 2026-07-28 only',
    validIn: '<2026-07-28',
    check: (v) => v.validateMessage({ jsonrpc: '2.0', id: 1, error: { code: -32022, message: 'Unsupported protocol version' } }, 'server'),
  },
  {
    fact: 'error -32021 carries the required capabilities in 2026-07-28 only',
    validIn: '<2026-07-28',
    check: (v) => v.validateMessage({ jsonrpc: '2.0', id: 1, error: { code: -32021, message: 'Missing capability', data: {} } }, 'server'),
  },
  {
    fact: 'an error code is an integer in every revision',
    validIn: '[]',
    check: (v) => v.validateMessage({ jsonrpc: '2.0', id: 1, error: { code: -32601.5, message: 'x' } }, 'server'),
  },
  { fact: 'jsonrpc is "2.0" in every revision', validIn: '[]', check: (v) => v.validateMessage({ jsonrpc: '1.0', id: 1, method: 'tools/list' }, 'client') },
];

/** `validIn` as a set of revisions; "[]" means none, a space-separated list of exact revisions is accepted too. */
function revisionsOf(range: string) {
  if (range === '[]') return [];
  const parts = range.split(' ');
  if (parts.every((p) => /^\d{4}-\d{2}-\d{2}$/.test(p))) return expandRange(parts);
  // "<a >a" means every revision but a: an OR of the two comparators.
  if (parts.length === 2 && parts[0]!.startsWith('<') && parts[1]!.startsWith('>')) {
    return [...expandRange(parts[0]!), ...expandRange(parts[1]!)];
  }
  return expandRange(range);
}

describe('revision differences', () => {
  it.each(FACTS)('$fact', ({ validIn, check }) => {
    const valid = revisionsOf(validIn);
    const verdicts = Object.fromEntries(REVISIONS.map((r) => [r, check(protocolValidator(r)).length === 0 ? 'valid' : 'invalid']));
    const expected = Object.fromEntries(REVISIONS.map((r) => [r, valid.includes(r) ? 'valid' : 'invalid']));
    expect(verdicts).toEqual(expected);
  });

  it("resultTypeFor follows each revision's method table", () => {
    expect(protocolValidator('2024-11-05').resultTypeFor('tools/list')).toBe('ListToolsResult');
    expect(protocolValidator('2024-11-05').resultTypeFor('ping')).toBe('EmptyResult');
    expect(protocolValidator('2025-06-18').resultTypeFor('elicitation/create')).toBe('ElicitResult');
    expect(protocolValidator('2025-11-25').resultTypeFor('tasks/result')).toBe('GetTaskPayloadResult');
    expect(protocolValidator('2025-11-25').resultTypeFor('tasks/cancel')).toBe('CancelTaskResult');
    expect(protocolValidator('2026-07-28').resultTypeFor('subscriptions/listen')).toBe('SubscriptionsListenResult');
    expect(protocolValidator('2026-07-28').resultTypeFor('sampling/createMessage')).toBeUndefined();
    expect(protocolValidator('2026-07-28').resultTypeFor('ping')).toBeUndefined();
  });

  it('renames ResourceReference to ResourceTemplateReference in 2025-06-18', () => {
    expect(REVISIONS.map((r) => protocolValidator(r).hasType('ResourceReference'))).toEqual([true, true, false, false, false]);
    expect(REVISIONS.map((r) => protocolValidator(r).hasType('ResourceTemplateReference'))).toEqual([false, false, true, true, true]);
  });

  it('lists the notifications each side sends', () => {
    expect(protocolValidator('2024-11-05').methods('client', 'notification')).toEqual([
      'notifications/cancelled',
      'notifications/initialized',
      'notifications/progress',
      'notifications/roots/list_changed',
    ]);
    expect(protocolValidator('2026-07-28').methods('client', 'notification')).toEqual(['notifications/cancelled']);
    expect(protocolValidator('2026-07-28').methods('server', 'notification')).toContain('notifications/subscriptions/acknowledged');
    expect(protocolValidator('2025-11-25').methods('server', 'notification')).toContain('notifications/elicitation/complete');
  });
});
