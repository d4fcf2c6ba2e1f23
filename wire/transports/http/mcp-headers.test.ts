// The 2026-07-28 routing headers of a POST, read from its body: Mcp-Name mirrors a tool or prompt
// name, a resource URI, and (tasks extension) the task a tasks/* request is about.
import { describe, expect, it } from 'vitest';
import { mcpHeaders, messageFacts } from './mcp-headers.js';

const post = (method: string, params: Record<string, unknown>) =>
  messageFacts(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } } }));

describe('Mcp-Name', () => {
  it('names the task of tasks/get, tasks/update and tasks/cancel', () => {
    for (const method of ['tasks/get', 'tasks/update', 'tasks/cancel']) {
      expect(mcpHeaders(post(method, { taskId: 'task-7' }), undefined)).toMatchObject({ 'mcp-method': method, 'mcp-name': 'task-7' });
    }
  });

  it('still names tools and resources, and nothing for a method without a name', () => {
    expect(mcpHeaders(post('tools/call', { name: 'echo' }), undefined)['mcp-name']).toBe('echo');
    expect(mcpHeaders(post('resources/read', { uri: 'file:///a' }), undefined)['mcp-name']).toBe('file:///a');
    expect(mcpHeaders(post('tools/list', {}), undefined)).not.toHaveProperty('mcp-name');
  });
});
