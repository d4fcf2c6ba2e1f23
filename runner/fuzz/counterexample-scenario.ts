// Turns a shrunk counterexample into an ordinary scenario file: the steps write the exact bytes the
// fuzzer wrote, then the cheap barrier request, and the expectations assert the violated properties.
// `mcp-conform --scenario-file F` replays it; the always-on checks judge duplicates, ids and stdout.
import { stringify } from 'yaml';
import type { Revision } from '../../schema/index.js';
import type { WireRecord } from './fuzz-connection.js';
import type { HttpInput } from './fuzz-input.js';
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
      oneOf: [{ error: { code: input.kind === 'request' && input.headerBound ? { $in: [-32602, -32020] } : -32602 } }, { result: { isError: true } }],
      message: 'a protocol error for malformed arguments uses -32602 (invalid params)',
    });
  }
  if (input.kind === 'notification') {
    steps.push({ expectNoResponse: CASE, until: BARRIER, message: 'a notification is never answered' });
  }
  steps.push({ expect: BARRIER, rule: 'jsonrpc.request.answered', message: 'the server stays alive and answers a cheap request after the fuzzed input' });
  return steps;
}

/** The answer pattern of an `http` step that holds exactly when the violated properties hold. */
function httpAnswerPattern(input: HttpInput, failure: FuzzFailure, ids: string[]): Record<string, unknown> {
  const { expect } = input;
  const fourXx = { $gte: 400, $lt: 500 };
  if (expect.answer === 'client-error') {
    return { status: expect.status ?? fourXx, ...(expect.errorCode !== undefined ? { messages: { $contains: { error: { code: expect.errorCode } } } } : {}) };
  }
  const properties = new Set(failure.violations.map((v) => v.property));
  const accepted = {
    status: { $gte: 200, $lt: 300 },
    messages: { $unique: 'id', ...(properties.has('answered') && ids.length > 0 ? { $contains: { id: ids[0] } } : {}) },
  };
  return { $oneOf: [{ status: fourXx }, accepted] };
}

function httpStep(w: WireRecord['writes'][number], failure: FuzzFailure): Record<string, unknown> {
  const input = w.http!;
  // The ids the fuzzer filled in are in the body as sent; the first answered request is the case's.
  const ids = [...w.text.matchAll(/"id":"(fuzz-[0-9]+-[0-9]+)"/g)].map((m) => m[1]!);
  const violation = failure.violations.find((v) => v.property !== 'stays-alive' && v.property !== 'stays-responsive');
  return {
    http: input.method,
    ...(Object.keys(input.headers).length > 0 ? { headers: input.headers } : {}),
    ...(input.body !== undefined ? { text: w.text } : {}),
    answer: httpAnswerPattern(input, failure, ids),
    rule: violation?.ruleId ?? input.expect.ruleId,
    message: `${input.label}: ${input.expect.answer === 'client-error' ? `refused with ${input.expect.status ?? 'a 4xx status'}` : 'answered without a server error (a 2xx answer holds the response)'}`,
  };
}

/** The scenario as a plain object (validated by the suite loader when it is replayed). */
function counterexampleScenario(failure: FuzzFailure, meta: CounterexampleMeta): Record<string, unknown> {
  const rules = [...new Set(['jsonrpc.request.answered', ...failure.violations.map((v) => v.ruleId)])];
  const kind = failure.input.kind;
  const sends = failure.wire.writes.map((w, i) => {
    if (w.http) return httpStep(w, failure);
    // A server may answer bytes it cannot decode with a parse error, whose id is null.
    if (w.bytes) return { send: { hex: w.text }, responseId: null };
    const label = i === 0 && kind !== 'raw' ? { as: CASE } : {};
    // The fuzzer wrote `${` as `\u0024{` (scenarioSafeJson), so the text is used verbatim.
    const body = w.raw ? { text: w.text } : { line: w.text };
    return { send: body, ...label, ...(w.responseId !== undefined ? { responseId: w.responseId } : {}) };
  });
  // HTTP inputs and raw bytes exist on one transport only; the scenario says which.
  const transports = kind === 'http' ? { transports: ['http'] } : kind === 'bytes' || kind === 'raw' ? { transports: ['stdio'] } : {};
  return {
    id: `fuzz/seed-${meta.seed}`,
    title: `A fuzzed input (${failure.input.label.replace(/should/gi, 'shd')}) leaves the server conformant`.slice(0, 200),
    area: 'fuzz',
    role: 'server',
    rules,
    revisions: meta.revision,
    ...transports,
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
