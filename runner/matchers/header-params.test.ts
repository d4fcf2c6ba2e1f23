// $headerParams: the first annotated argument of a tool, and arguments that give each annotated one a value.
import { describe, expect, it } from 'vitest';
import { evaluate } from './evaluate.js';

const tool = {
  name: 'sql',
  inputSchema: {
    type: 'object',
    properties: {
      count: { type: 'integer', 'x-mcp-header': 'Count' },
      region: { type: 'string', 'x-mcp-header': 'Region' },
      query: { type: 'string' },
    },
    required: ['query'],
  },
};
const ctx = { vars: { tool, plain: { name: 'p', inputSchema: { type: 'object', properties: { a: { type: 'string' } } } } }, seed: 1 };

describe('$headerParams', () => {
  it('names the first annotated argument, gives it a value even when optional, and the header value that carries it', () => {
    const view = evaluate({ $headerParams: 'tool' }, ctx) as { header: string; value: string; args: Record<string, unknown> };
    expect(view).toMatchObject({ header: 'Mcp-Param-Count', name: 'Count', path: ['count'], type: 'integer' });
    expect(view.args).toMatchObject({ count: expect.any(Number), query: expect.any(String) });
    expect(view.value).toBe(String(view.args.count));
  });
  it('with text, picks the first string argument and gives it the text; with omit, leaves it out', () => {
    const view = evaluate({ $headerParams: { tool: 'tool', text: ' ü ', omit: false } }, ctx) as { header: string; args: Record<string, unknown> };
    expect(view.header).toBe('Mcp-Param-Region');
    expect(view.args.region).toBe(' ü ');
    expect(view).toMatchObject({ value: '=?base64?IMO8IA==?=' });
    const omitted = evaluate({ $headerParams: { tool: 'tool', omit: true } }, ctx) as { args: Record<string, unknown> };
    expect(omitted.args).not.toHaveProperty('count');
  });
  it('is unset for a tool without annotations', () => {
    expect(evaluate({ $headerParams: 'plain' }, ctx)).toBeUndefined();
  });
});
