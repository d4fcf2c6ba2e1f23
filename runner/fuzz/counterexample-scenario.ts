// Turns a shrunk counterexample into an ordinary scenario file: the steps write the exact bytes the
// fuzzer wrote, then the cheap barrier request, and the expectations assert the violated properties.
// `mcp-conform --scenario-file F` replays it; the always-on checks judge duplicates, ids and stdout.
import { stringify } from 'yaml';
import type { Revision } from '../../schema/index.js';
import type { FuzzFailure } from './run-fuzz.js';

export interface CounterexampleMeta {
  seed: number;
  revision: Revision;
  /** The command that found it, for the file's header comment. */
  command?: string;
}

const CASE = 'fuzzed';
const BARRIER = 'barrier';

function expectations(failure: FuzzFailure): Record<string, unknown>[] {
  const steps: Record<string, unknown>[] = [];
  const properties = new Set(failure.violations.map((v) => v.property));
  const input = failure.input;
  const hasCase = input.kind === 'request';
  if (hasCase && properties.has('answered')) {
    steps.push({ expect: CASE, rule: 'jsonrpc.request.answered', message: 'every request gets a response' });
  }
  if (hasCase && properties.has('input-rejected')) {
    steps.push({
      expect: CASE,
      rule: 'tools.call.validate-inputs',
      oneOf: [{ error: { code: { $type: 'integer' } } }, { result: { isError: true } }],
      message: "arguments that break the tool's inputSchema never produce a successful result",
    });
  }
  if (hasCase && properties.has('invalid-params-code')) {
    steps.push({
      expect: CASE,
      rule: 'jsonrpc.error.invalid-params',
      oneOf: [{ error: { code: -32602 } }, { result: { isError: true } }],
      message: 'a protocol error for malformed arguments uses -32602 (invalid params)',
    });
  }
  if (input.kind === 'notification') {
    steps.push({ expectNoResponse: CASE, until: BARRIER, message: 'a notification is never answered' });
  }
  steps.push({ expect: BARRIER, rule: 'jsonrpc.request.answered', message: 'the server stays alive and answers a cheap request after the fuzzed input' });
  return steps;
}

/** The scenario as a plain object (validated by the suite loader when it is replayed). */
export function counterexampleScenario(failure: FuzzFailure, meta: CounterexampleMeta): Record<string, unknown> {
  const rules = [...new Set(['jsonrpc.request.answered', ...failure.violations.map((v) => v.ruleId)])];
  const sends = failure.wire.writes.map((w, i) => {
    const label = i === 0 && failure.input.kind !== 'raw' ? { as: CASE } : {};
    // The fuzzer wrote `${` as `\u0024{` (scenarioSafeJson), so the text is used verbatim.
    const body = w.raw ? { text: w.text } : { line: w.text };
    return { send: body, ...label, ...(w.responseId !== undefined ? { responseId: w.responseId } : {}) };
  });
  return {
    id: `fuzz/seed-${meta.seed}`,
    title: `A fuzzed input (${failure.input.label.replace(/should/gi, 'shd')}) leaves the server conformant`.slice(0, 200),
    area: 'fuzz',
    role: 'server',
    rules,
    revisions: meta.revision,
    tags: ['robustness'],
    steps: [...sends, { send: { line: failure.wire.barrier.line }, as: BARRIER }, ...expectations(failure)],
  };
}

export function counterexampleYaml(failure: FuzzFailure, meta: CounterexampleMeta): string {
  const header = [
    '# yaml-language-server: $schema=https://unpkg.com/mcp-conform/schema/scenario/scenario.schema.json',
    `# Counterexample found by \`mcp-conform fuzz\` (seed ${meta.seed}, path ${failure.path}, ${failure.shrinks} shrinks).`,
    ...failure.violations.map((v) => `# Violated ${v.ruleId}: ${v.detail.slice(0, 300).replace(/\s+/g, ' ')}`),
    ...(meta.command ? [`# Found with: ${meta.command}`] : []),
  ];
  return `${header.join('\n')}\n${stringify(counterexampleScenario(failure, meta), { lineWidth: 0 })}`;
}
