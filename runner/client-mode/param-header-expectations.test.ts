// The client's Mcp-Param-* duty judged from recorded requests: headers for annotated arguments with
// values, none for null or absent ones, skipped when no annotated tool was called.
import { describe, expect, it } from 'vitest';
import type { HttpRequestRecord } from './host-facts.js';
import { listedToolSchemas, paramHeaders } from './param-header-expectations.js';

const tools = [
  {
    name: 'sql',
    inputSchema: { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' }, note: { type: 'string', 'x-mcp-header': 'Note' } } },
  },
  { name: 'plain', inputSchema: { type: 'object' } },
];
const schemas = listedToolSchemas([{ message: { jsonrpc: '2.0', id: 1, result: { tools } } }]);

function call(name: string, args: Record<string, unknown>, headers: Record<string, string>, seq = 3): HttpRequestRecord {
  return {
    seq,
    t: 0,
    method: 'POST',
    headers,
    body: { jsonrpc: '2.0', id: seq, method: 'tools/call', params: { name, arguments: args } },
    status: 200,
    issuedSession: undefined,
  };
}

describe('paramHeaders', () => {
  it('passes a call whose annotated value travels encoded and whose null one has no header', () => {
    expect(paramHeaders([call('sql', { region: 'Köln', note: null }, { 'mcp-param-region': '=?base64?S8O2bG4=?=' })], schemas).status).toBe('passed');
  });
  it('fails a missing header, and a header sent for a null value', () => {
    expect(paramHeaders([call('sql', { region: 'eu' }, {})], schemas)).toMatchObject({ status: 'failed', evidence: [3] });
    expect(paramHeaders([call('sql', { region: 'eu', note: null }, { 'mcp-param-region': 'eu', 'mcp-param-note': 'null' })], schemas)).toMatchObject({
      status: 'failed',
      expected: 'no Mcp-Param-Note header',
    });
  });
  it('skips a call with no value at any annotated path (no header is due), and fails a header sent for one', () => {
    expect(paramHeaders([call('sql', {}, {})], schemas)).toMatchObject({ status: 'skipped', message: expect.stringMatching(/no Mcp-Param-\* header was due/) });
    expect(paramHeaders([call('sql', {}, { 'mcp-param-region': 'eu' })], schemas)).toMatchObject({ status: 'failed', expected: 'no Mcp-Param-Region header' });
  });
  it('skips when no tool with annotated arguments was called', () => {
    expect(paramHeaders([call('plain', {}, {})], schemas).status).toBe('skipped');
  });
});
