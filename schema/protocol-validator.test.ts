// The validator's public behaviour: how a message picks its schema (sender, method, request method,
// error code), what a violation reports, batches, and the lookups by type and method.
import { describe, expect, it } from 'vitest';
import { isStateless, REVISIONS, type Revision } from './revisions.js';
import { protocolValidator } from './protocol-validator.js';

const v = protocolValidator('2025-06-18');

describe('protocolValidator', () => {
  it('returns one shared validator per revision and refuses unknown revisions', () => {
    expect(protocolValidator('2025-06-18')).toBe(v);
    expect(v.revision).toBe('2025-06-18');
    expect(() => protocolValidator('2025-13-01' as Revision)).toThrow(/not a known revision/);
  });

  it('prepares the opening handshake ahead of time, and judges it after as it would have', () => {
    for (const revision of REVISIONS.filter((r) => !isStateless(r))) {
      const validator = protocolValidator(revision);
      validator.prepare();
      validator.prepare(); // once prepared, again is free
      const initialize = {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: revision, capabilities: {}, clientInfo: { name: 'c', version: '1' } },
      };
      const answer = { jsonrpc: '2.0', id: 1, result: { protocolVersion: revision, capabilities: {}, serverInfo: { name: 's', version: '1' } } };
      expect(validator.validateMessage(initialize, 'client')).toEqual([]);
      expect(validator.validateMessage(answer, 'server', 'initialize')).toEqual([]);
      expect(validator.validateMessage({ jsonrpc: '2.0', method: 'notifications/initialized' }, 'client')).toEqual([]);
    }
    const broken = { jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-06-18', capabilities: {} } };
    expect(v.validateMessage(broken, 'server', 'initialize').map((x) => x.message)).toEqual(["must have required property 'serverInfo'"]);
    // A stateless revision opens with server/discover instead, whose request carries _meta.
    const stateless = protocolValidator(REVISIONS.find(isStateless)!);
    stateless.prepare();
    const discover = stateless.validateMessage({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: {} }, 'client');
    expect(discover.map((x) => x.message)).toEqual(["must have required property '_meta'"]);
  });

  it('checks a response against the result type of the request it answers', () => {
    const message = { jsonrpc: '2.0', id: 7, result: { tools: [{ name: 'a', inputSchema: { type: 'object' } }, { name: 5 }] } };
    expect(v.validateMessage(message, 'server', 'tools/list')).toEqual([
      {
        pointer: '/result/tools/1',
        keyword: 'required',
        message: "must have required property 'inputSchema'",
        schemaPath: '#/$defs/Tool/required',
        value: { name: 5 },
      },
      { pointer: '/result/tools/1/name', keyword: 'type', message: 'must be string', schemaPath: '#/$defs/Tool/properties/name/type', value: 5 },
    ]);
    // Without the request's method only the envelope and the union of results apply.
    expect(v.validateMessage(message, 'server')).toEqual([]);
  });

  it('reports a broken content block against the block its type selects, not every alternative', () => {
    const message = { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'image', data: 'AAAA' }] } };
    expect(v.validateMessage(message, 'server', 'tools/call').map((x) => [x.pointer, x.message])).toEqual([
      ['/result/content/0', "must have required property 'mimeType'"],
    ]);
    const unknownBlock = { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'video', data: 'AAAA' }] } };
    expect(v.validateMessage(unknownBlock, 'server', 'tools/call')[0]).toMatchObject({
      pointer: '/result/content/0/type',
      keyword: 'enum',
      message: 'must be one of "text", "image", "audio", "resource_link", "resource"',
    });
  });

  it('checks requests and notifications against the type of their method, for the side that sends them', () => {
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { arguments: {} } };
    expect(v.validateMessage(call, 'client').map((x) => x.message)).toEqual(["must have required property 'name'"]);
    // A server does not send tools/call: only the envelope applies (who sends what is a behaviour check).
    expect(v.validateMessage(call, 'server')).toEqual([]);
    expect(v.validateMessage({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'loud', data: 1 } }, 'server')[0]).toMatchObject({
      pointer: '/params/level',
      keyword: 'enum',
    });
  });

  it('checks unknown methods against the envelope only', () => {
    expect(v.validateMessage({ jsonrpc: '2.0', id: 'a', method: 'com.example/anything', params: { x: [1] } }, 'client')).toEqual([]);
    expect(v.validateMessage({ jsonrpc: '2.0', id: { no: 1 }, method: 'com.example/anything' }, 'client')[0]).toMatchObject({ pointer: '/id' });
    expect(v.validateMessage({ jsonrpc: '2.0', method: 'com.example/event', params: 'text' }, 'server')[0]).toMatchObject({
      pointer: '/params',
      keyword: 'type',
    });
  });

  it('rejects what is not a message, and responses with both result and error', () => {
    expect(v.validateMessage('hello', 'server').length).toBeGreaterThan(0);
    expect(v.validateMessage({ jsonrpc: '2.0', id: 1 }, 'server').map((x) => x.message)).toContain("must have required property 'result'");
    const both = { jsonrpc: '2.0', id: 1, result: {}, error: { code: 1, message: 'x' } };
    expect(v.validateMessage(both, 'server')).toEqual([
      expect.objectContaining({ pointer: '', keyword: 'not', message: "must not have member 'error'", schemaPath: '#/$defs/JSONRPCResponse/not' }),
    ]);
  });

  it('checks an error with a code of defined shape against that shape', () => {
    const v26 = protocolValidator('2026-07-28');
    const unsupported = { jsonrpc: '2.0', id: 1, error: { code: -32022, message: 'no', data: { supported: '2026-07-28', requested: 'x' } } };
    expect(v26.validateMessage(unsupported, 'server')).toEqual([
      expect.objectContaining({ pointer: '/error/data/supported', keyword: 'type', value: '2026-07-28' }),
    ]);
    expect(v26.validateMessage({ jsonrpc: '2.0', id: 1, error: { code: '-32601', message: 'no' } }, 'server')[0]).toMatchObject({
      pointer: '/error/code',
      keyword: 'type',
    });
  });

  it('validates batches element by element where they exist, and refuses them elsewhere', () => {
    const v0326 = protocolValidator('2025-03-26');
    expect(
      v0326.validateMessage(
        [
          { jsonrpc: '2.0', id: 1, method: 'ping' },
          { jsonrpc: '2.0', method: 'notifications/initialized' },
        ],
        'client',
      ),
    ).toEqual([]);
    expect(v0326.validateMessage([{ jsonrpc: '2.0', id: 1, method: 'tools/call', params: {} }], 'client')[0]).toMatchObject({ pointer: '/0/params' });
    expect(v0326.validateMessage([], 'client')[0]).toMatchObject({ keyword: 'minItems' });
    expect(
      v0326.validateMessage(
        [
          { jsonrpc: '2.0', id: 1, method: 'ping' },
          { jsonrpc: '2.0', id: 2, result: {} },
        ],
        'client',
      )[0],
    ).toMatchObject({
      keyword: 'anyOf',
      message: expect.stringMatching(/not both/),
    });
    expect(v.validateMessage([{ jsonrpc: '2.0', id: 1, method: 'ping' }], 'client')).toEqual([
      expect.objectContaining({ pointer: '', keyword: 'type', message: expect.stringMatching(/batches are not part of revision 2025-06-18/) }),
    ]);
  });

  it('validates named types and throws for names the revision does not have', () => {
    expect(v.validateType('Implementation', { name: 'x', version: '1' })).toEqual([]);
    expect(v.validateType('Implementation', { name: 'x' })[0]).toMatchObject({ keyword: 'required', schemaPath: '#/$defs/Implementation/required' });
    expect(() => v.validateType('DiscoverResult', {})).toThrow(/2025-06-18 has no such type/);
    expect(v.hasType('ElicitRequest')).toBe(true);
    expect(v.hasType('toString')).toBe(false);
    expect(v.typeNames()).toContain('ListToolsResult');
    expect(v.typeNames()).toEqual([...v.typeNames()].sort());
  });

  it("answers result types and method lists from the revision's tables", () => {
    expect(v.resultTypeFor('tools/call')).toBe('CallToolResult');
    expect(v.resultTypeFor('com.example/nope')).toBeUndefined();
    expect(v.resultTypeFor('constructor')).toBeUndefined();
    expect(v.methods('server', 'request')).toEqual(['elicitation/create', 'ping', 'roots/list', 'sampling/createMessage']);
    expect(v.methods('client', 'request')).toContain('initialize');
    for (const revision of REVISIONS) {
      const p = protocolValidator(revision);
      for (const method of [...p.methods('client', 'request'), ...p.methods('server', 'request')]) {
        expect(p.hasType(p.resultTypeFor(method)!), `${revision} ${method}`).toBe(true);
      }
    }
  });
});

describe('results of the tasks extension (2026-07-28)', () => {
  const response = (result: Record<string, unknown>) => ({ jsonrpc: '2.0', id: 1, result });

  it('checks a resultType "task" answer to tools/call as a generic result, not as a CallToolResult', () => {
    const v = protocolValidator('2026-07-28');
    const task = {
      resultType: 'task',
      taskId: 't-1',
      status: 'working',
      createdAt: '2026-01-01T00:00:00Z',
      lastUpdatedAt: '2026-01-01T00:00:00Z',
      ttlMs: null,
    };
    expect(v.validateMessage(response(task), 'server', 'tools/call')).toEqual([]);
    // Any other resultType is still the method's own result type.
    expect(v.validateMessage(response({ ...task, resultType: 'complete' }), 'server', 'tools/call')).not.toEqual([]);
  });
});
