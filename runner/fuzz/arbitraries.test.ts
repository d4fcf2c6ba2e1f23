// fast-check's generic checks for our arbitraries: deterministic for a seed, valid only where they
// claim validity (checked against the tool's inputSchema), and shrinking towards smaller values.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { protocolValidator, validateWithSchema } from '../../schema/index.js';
import { hugeString } from './hostile-strings.js';
import { fuzzInputArbitrary } from './run-fuzz.js';
import { INVALID_UTF8, invalidUtf8Arbitrary } from './invalid-utf8-arbitrary.js';
import { toolCallArbitrary } from './tool-call-arbitrary.js';
import type { RequestInput } from './fuzz-input.js';

// Declared read-only: the fuzzer calls only tools declared harmless unless told otherwise.
const readOnly = { readOnlyHint: true };
const TOOLS = [
  { name: 'add', annotations: readOnly, inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] } },
  {
    name: 'echo',
    annotations: readOnly,
    inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'], additionalProperties: false },
  },
  { name: 'none', annotations: readOnly, inputSchema: { type: 'object', properties: {} } },
];
const OPTIONS = { revision: '2025-06-18' as const, tools: TOOLS, resourceUris: ['test://a'], promptNames: ['p'], framing: 'stdio' as const };
const cheap = (id: string) => JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' });

describe('fuzz arbitraries', () => {
  it('generate the same inputs for the same seed, and others for another seed', () => {
    const arb = fuzzInputArbitrary(OPTIONS, cheap);
    const a = fc.sample(arb, { seed: 42, numRuns: 200 });
    expect(fc.sample(fuzzInputArbitrary(OPTIONS, cheap), { seed: 42, numRuns: 200 })).toEqual(a);
    expect(fc.sample(arb, { seed: 43, numRuns: 200 })).not.toEqual(a);
  });

  it('cover requests, notifications, tool calls and framing', () => {
    const kinds = new Set(
      fc
        .sample(fuzzInputArbitrary(OPTIONS, cheap), { seed: 1, numRuns: 500 })
        .map((i) => (i.kind === 'request' && i.method === 'tools/call' ? 'tool' : i.kind)),
    );
    expect([...kinds].sort()).toEqual(['bytes', 'notification', 'raw', 'request', 'tool']);
  });

  it('call only tools declared harmless, unless widened or named, and start from the arguments the user gave', () => {
    const tools = [{ name: 'wipe', inputSchema: { type: 'object', properties: {} } }, ...TOOLS];
    const options = { ...OPTIONS, tools, promptNames: ['wipe', 'p'] };
    const called = (extra: object) =>
      fc
        .sample(fuzzInputArbitrary({ ...options, ...extra }, cheap), { seed: 5, numRuns: 2000 })
        .flatMap((i) => (i.kind === 'request' && i.method === 'tools/call' ? [i.params?.name] : []));
    // Not even through a generated tools/call naming a prompt called like the tool.
    expect(called({})).not.toContain('wipe');
    expect(called({})).toContain('echo');
    expect(called({ toolChoice: { scope: 'all', preferred: [], arguments: {} } })).toContain('wipe');
    const given = { message: 'from --tool-args' };
    const named = fc
      .sample(fuzzInputArbitrary({ ...options, toolChoice: { scope: 'declared-safe', preferred: [], arguments: { wipe: [given] } } }, cheap), {
        seed: 5,
        numRuns: 2000,
      })
      .flatMap((i) => (i.kind === 'request' && i.method === 'tools/call' && i.params?.name === 'wipe' ? [i] : []));
    expect(named.some((i) => i.label === 'wipe: the arguments given in --tool-args' && JSON.stringify(i.params?.arguments) === JSON.stringify(given))).toBe(
      true,
    );
  });

  it('only send methods of the revision (plus one unknown method on purpose)', () => {
    const known = new Set([
      ...protocolValidator('2025-06-18').methods('client', 'request'),
      ...protocolValidator('2025-06-18').methods('client', 'notification'),
    ]);
    for (const input of fc.sample(fuzzInputArbitrary(OPTIONS, cheap), { seed: 3, numRuns: 500 })) {
      if (input.kind !== 'request' && input.kind !== 'notification') continue;
      expect(known.has(input.method) || input.method.includes('mcp-conform/fuzz-unknown'), input.method).toBe(true);
      expect(input.method).not.toBe('initialize');
    }
  });

  it('build tool arguments that are valid exactly when they claim to be', () => {
    for (const tool of TOOLS) {
      for (const input of fc.sample(toolCallArbitrary(tool), { seed: 9, numRuns: 300 }) as RequestInput[]) {
        const args = (input.params as { arguments: unknown }).arguments;
        const problems = validateWithSchema(tool.inputSchema, args, '2025-06-18');
        if (input.expect === 'tool-input-error' || input.expect === 'undeclared-member-error')
          expect(problems.length, `${input.label}: ${JSON.stringify(args)}`).toBeGreaterThan(0);
        else expect(problems, `${input.label}: ${JSON.stringify(args).slice(0, 200)}`).toEqual([]);
      }
    }
  });

  it('mark broken arguments that carry an Mcp-Param header, and only those', () => {
    const tool = {
      name: 'regional',
      inputSchema: {
        type: 'object',
        properties: { region: { type: 'string', 'x-mcp-header': 'Region' }, text: { type: 'string' } },
        required: ['region', 'text'],
      },
    };
    const broken = (fc.sample(toolCallArbitrary(tool), { seed: 9, numRuns: 300 }) as RequestInput[]).filter((i) => i.expect === 'tool-input-error');
    const bound = broken.filter((i) => i.headerBound);
    expect(bound.length).toBeGreaterThan(0);
    for (const input of bound) expect(input.label).toContain('`region`');
    for (const input of broken.filter((i) => i.label.includes('`text`'))) expect(input.headerBound).toBeUndefined();
  });

  it('write bytes that are never valid UTF-8', () => {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    for (const { hex, what } of INVALID_UTF8) expect(() => decoder.decode(Buffer.from(hex, 'hex')), what).toThrow();
    for (const input of fc.sample(invalidUtf8Arbitrary(), { seed: 5, numRuns: 100 })) {
      expect(() => decoder.decode(Buffer.from(input.hex, 'hex')), input.label).toThrow();
      expect(input.hex.endsWith('0a'), 'each input is one line').toBe(true);
    }
  });

  it('over HTTP, cover headers, bodies and methods, and claim a 4xx only for input the spec refuses', () => {
    const http = fc
      .sample(fuzzInputArbitrary({ ...OPTIONS, framing: 'http' }, cheap, { hasSession: true, cheapMethod: 'ping' }), { seed: 2, numRuns: 2000 })
      .filter((i) => i.kind === 'http');
    const rules = new Set(http.map((i) => i.expect.ruleId));
    expect([...rules].sort()).toEqual([
      'transport.http.protocol-version-header-400',
      'transport.http.session-required-400',
      'transport.http.session-unknown-404',
      'transport.http.unaccepted-input-error-status',
    ]);
    expect(fc.sample(fuzzInputArbitrary({ ...OPTIONS, framing: 'stdio' }, cheap), { seed: 2, numRuns: 500 }).some((i) => i.kind === 'http')).toBe(false);
    for (const input of http) {
      const parses =
        input.body !== undefined &&
        (() => {
          try {
            JSON.parse(input.body!);
            return true;
          } catch {
            return false;
          }
        })();
      const headerSaysWrong = Object.keys(input.headers).some((h) => h === 'mcp-session-id' || h === 'mcp-protocol-version');
      // A 4xx is demanded only for a body that is not JSON or a header the spec names.
      if (input.expect.answer === 'client-error') expect(!parses || headerSaysWrong, input.label).toBe(true);
      // Requests the answer must hold are only claimed for an untouched cheap request body.
      if (input.requestIds.length > 0) expect(input.body).toBe(cheap('__ID0__'));
    }
  });

  it('at 2026-07-28 over HTTP, send Mcp-Method headers that contradict the body and demand -32020', () => {
    const inputs = fc.sample(fuzzInputArbitrary({ ...OPTIONS, revision: '2026-07-28', framing: 'http' }, cheap, { hasSession: false, cheapMethod: 'ping' }), {
      seed: 4,
      numRuns: 2000,
    });
    const mismatches = inputs.filter((i) => i.kind === 'http' && i.headers['mcp-method'] !== undefined);
    expect(mismatches.length).toBeGreaterThan(0);
    for (const i of mismatches)
      expect(i).toMatchObject({ expect: { answer: 'client-error', status: 400, errorCode: -32020, ruleId: 'transport.http.header-mismatch-400' } });
    expect(inputs.some((i) => i.kind === 'http' && i.headers['mcp-session-id'] !== undefined)).toBe(false);
  });

  it('shrink a huge string to the shortest one that still fails', () => {
    const run = fc.check(
      fc.property(hugeString(), (s) => s.length < 5_000),
      { seed: 1, numRuns: 1000 },
    );
    expect(run.failed).toBe(true);
    expect((run.counterexample![0] as string).length).toBe(5_000);
  });
});
