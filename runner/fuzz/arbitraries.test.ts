// fast-check's generic checks for our arbitraries: deterministic for a seed, valid only where they
// claim validity (checked against the tool's inputSchema), and shrinking towards smaller values.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { protocolValidator, validateWithSchema } from '../../schema/index.js';
import { hugeString } from './hostile-strings.js';
import { fuzzInputArbitrary } from './run-fuzz.js';
import { toolCallArbitrary } from './tool-call-arbitrary.js';
import type { RequestInput } from './fuzz-input.js';

const TOOLS = [
  { name: 'add', inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] } },
  { name: 'echo', inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'], additionalProperties: false } },
  { name: 'none', inputSchema: { type: 'object', properties: {} } },
];
const OPTIONS = { revision: '2025-06-18' as const, tools: TOOLS, resourceUris: ['test://a'], promptNames: ['p'], framing: true };
const cheap = (id: string) => JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' });

describe('fuzz arbitraries', () => {
  it('generate the same inputs for the same seed, and others for another seed', () => {
    const arb = fuzzInputArbitrary(OPTIONS, cheap);
    const a = fc.sample(arb, { seed: 42, numRuns: 200 });
    expect(fc.sample(fuzzInputArbitrary(OPTIONS, cheap), { seed: 42, numRuns: 200 })).toEqual(a);
    expect(fc.sample(arb, { seed: 43, numRuns: 200 })).not.toEqual(a);
  });

  it('cover requests, notifications, tool calls and framing', () => {
    const kinds = new Set(fc.sample(fuzzInputArbitrary(OPTIONS, cheap), { seed: 1, numRuns: 500 }).map((i) => (i.kind === 'request' && i.method === 'tools/call' ? 'tool' : i.kind)));
    expect([...kinds].sort()).toEqual(['notification', 'raw', 'request', 'tool']);
  });

  it('only send methods of the revision (plus one unknown method on purpose)', () => {
    const known = new Set([...protocolValidator('2025-06-18').methods('client', 'request'), ...protocolValidator('2025-06-18').methods('client', 'notification')]);
    for (const input of fc.sample(fuzzInputArbitrary(OPTIONS, cheap), { seed: 3, numRuns: 500 })) {
      if (input.kind === 'raw') continue;
      expect(known.has(input.method) || input.method.includes('mcp-conform/fuzz-unknown'), input.method).toBe(true);
      expect(input.method).not.toBe('initialize');
    }
  });

  it("build tool arguments that are valid exactly when they claim to be", () => {
    for (const tool of TOOLS) {
      for (const input of fc.sample(toolCallArbitrary(tool), { seed: 9, numRuns: 300 }) as RequestInput[]) {
        const args = (input.params as { arguments: unknown }).arguments;
        const problems = validateWithSchema(tool.inputSchema, args, '2025-06-18');
        if (input.expect === 'tool-input-error') expect(problems.length, `${input.label}: ${JSON.stringify(args)}`).toBeGreaterThan(0);
        else expect(problems, `${input.label}: ${JSON.stringify(args).slice(0, 200)}`).toEqual([]);
      }
    }
  });

  it('shrink a huge string to the shortest one that still fails', () => {
    const run = fc.check(fc.property(hugeString(), (s) => s.length < 5_000), { seed: 1, numRuns: 1000 });
    expect(run.failed).toBe(true);
    expect((run.counterexample![0] as string).length).toBe(5_000);
  });
});
