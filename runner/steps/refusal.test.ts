// A refused request is not a violation of a rule about its result: an expect that wants a result
// and gets an error is skipped with the error observed, unless the step says the rule needs a
// result; steps that would use what the refused answer was to give are skipped with it.
import { describe, expect, it } from 'vitest';
import { stepContext } from './test-step-context.js';
import { Session, type CloseReport, type Transport, type TransportEvent } from '../../wire/protocol/index.js';
import type { Step } from '../suite-loader/types.js';
import type { StepContext } from './context.js';
import { runStep, type ExecutionContext } from './index.js';
import { referencedVariables } from './preconditions.js';

/** A peer that answers every request with one JSON-RPC error, and records what it was sent. */
class RefusingPeer implements Transport {
  readonly kind = 'in-memory' as const;
  readonly description = 'refuses everything';
  readonly sent: { method?: string; params?: unknown }[] = [];
  private listener: ((e: TransportEvent) => void) | undefined;
  constructor(private readonly error: { code: number; message: string }) {}
  async start(): Promise<void> {}
  async send(text: string): Promise<void> {
    const message = JSON.parse(text) as { id?: unknown; method?: string; params?: unknown };
    this.sent.push(message);
    if (message.id === undefined) return;
    const answer = { jsonrpc: '2.0', id: message.id, error: this.error };
    queueMicrotask(() => this.listener?.({ kind: 'message', message: answer, text: JSON.stringify(answer) }));
  }
  onEvent(listener: (e: TransportEvent) => void): void {
    this.listener = listener;
  }
  async close(): Promise<CloseReport> {
    return { exitedGracefully: true, escalation: 'none', ms: 0 };
  }
}

function context(peer: Transport): ExecutionContext {
  const ctx = stepContext({
    scenario: { id: 'tools/x', rules: ['tools.call.result-content'], file: 'x.yaml' },
    session: new Session(peer),
    level: 'MUST',
    vars: { tool: { name: 'weather', inputSchema: { type: 'object' } } },
  });
  return { ...ctx, holds: () => true } as unknown as ExecutionContext;
}

const NETWORK = { code: -32603, message: 'getaddrinfo ENOTFOUND api.example.com' };

async function run(ctx: StepContext, steps: Step[]): Promise<void> {
  for (const step of steps) await runStep(ctx as ExecutionContext, step);
}

const call: Step = { kind: 'request', path: '0', sourceLine: 1, method: 'tools/call', params: { name: { $var: 'tool.name' }, arguments: {} }, as: 'call' };

describe('an error answer to an expect of a result', () => {
  it('is skipped with the error observed, not failed (the precondition of the check did not hold)', async () => {
    const ctx = context(new RefusingPeer(NETWORK));
    await run(ctx, [call, { kind: 'expect', path: '1', sourceLine: 2, label: 'call', result: { content: { $type: 'array' } } }]);
    expect(ctx.checks).toMatchObject([{ status: 'skipped', rule: { id: 'tools.call.result-content' } }]);
    expect(ctx.checks[0]!.message).toContain('`tools/call` was refused with error -32603 "getaddrinfo ENOTFOUND api.example.com"');
    expect(ctx.checks[0]!.message).toContain('--tool-args');
  });

  it('is skipped when every alternative of a oneOf is a result', async () => {
    const ctx = context(new RefusingPeer(NETWORK));
    await run(ctx, [call, { kind: 'expect', path: '1', sourceLine: 2, label: 'call', oneOf: [{ result: { isError: true } }, { result: { content: [] } }] }]);
    expect(ctx.checks).toMatchObject([{ status: 'skipped' }]);
  });

  it('is judged when an alternative expects an error', async () => {
    const ctx = context(new RefusingPeer(NETWORK));
    await run(ctx, [call, { kind: 'expect', path: '1', sourceLine: 2, label: 'call', oneOf: [{ error: { code: -32602 } }, { result: { isError: true } }] }]);
    expect(ctx.checks).toMatchObject([{ status: 'failed' }]);
  });

  it('breaks the rule when the step says the rule requires a result', async () => {
    const ctx = context(new RefusingPeer({ code: -32601, message: 'Method not found' }));
    const ping: Step = { kind: 'request', path: '0', sourceLine: 1, method: 'ping', as: 'ping' };
    await run(ctx, [ping, { kind: 'expect', path: '1', sourceLine: 2, label: 'ping', result: {}, refusal: 'breaks-rule' }]);
    expect(ctx.checks).toMatchObject([{ status: 'failed' }]);
    expect(ctx.checks[0]!.message).toContain('expected a result, got error -32601');
  });

  it('breaks the rule only for errors that match the step’s refusal pattern', async () => {
    const set: Step = { kind: 'request', path: '0', sourceLine: 1, method: 'logging/setLevel', params: { level: 'warning' }, as: 'set' };
    const judged: Step = { kind: 'expect', path: '1', sourceLine: 2, label: 'set', result: { $type: 'object' }, refusal: { code: -32601 } };
    const missing = context(new RefusingPeer({ code: -32601, message: 'Method not found' }));
    await run(missing, [set, judged]);
    expect(missing.checks).toMatchObject([{ status: 'failed' }]);
    const down = context(new RefusingPeer(NETWORK));
    await run(down, [set, judged]);
    expect(down.checks).toMatchObject([{ status: 'skipped' }]);
    expect(down.checks[0]!.message).toContain('only an error matching');
  });
});

describe('steps that depend on a refused answer', () => {
  it('are not sent, and their checks are skipped with the refusal, not judged on an incomplete request', async () => {
    const peer = new RefusingPeer(NETWORK);
    const ctx = context(peer);
    await run(ctx, [
      { ...call, as: 'create' },
      {
        kind: 'expect',
        path: '1',
        sourceLine: 2,
        label: 'create',
        result: { task: { taskId: { $type: 'string' } } },
        capture: { taskId: '/result/task/taskId' },
      },
      { kind: 'request', path: '2', sourceLine: 3, method: 'tasks/get', params: { taskId: { $var: 'taskId' } }, as: 'get' },
      { kind: 'expect', path: '3', sourceLine: 4, label: 'get', result: { status: 'working' }, refusal: 'breaks-rule' },
      { kind: 'set', path: '4', sourceLine: 5, values: { copy: '${taskId}' } },
      { kind: 'check', path: '5', sourceLine: 6, value: { $var: 'copy' }, matches: { $type: 'string' } },
    ]);
    expect(peer.sent.map((m) => m.method)).toEqual(['tools/call']);
    expect(ctx.checks.map((c) => c.status)).toEqual(['skipped', 'skipped', 'skipped']);
    for (const check of ctx.checks) expect(check.message).toContain('`tools/call` was refused with error -32603');
  });

  it('run as usual once the variable is set after all', async () => {
    const peer = new RefusingPeer(NETWORK);
    const ctx = context(peer);
    await run(ctx, [
      { ...call, as: 'create' },
      { kind: 'expect', path: '1', sourceLine: 2, label: 'create', result: {}, capture: { taskId: '/result/task/taskId' } },
      { kind: 'set', path: '2', sourceLine: 3, values: { taskId: 'fallback' } },
      { kind: 'request', path: '3', sourceLine: 4, method: 'tasks/get', params: { taskId: { $var: 'taskId' } }, as: 'get' },
    ]);
    expect(peer.sent.map((m) => m.method)).toEqual(['tools/call', 'tasks/get']);
  });
});

describe('referencedVariables', () => {
  it('finds $var, interpolations and the variables argument makers read, by their root name', () => {
    const names = referencedVariables({ a: { $var: 'tool.name' }, b: 'id-${task.id}-${n}', c: [{ $validArgs: 'other' }], d: { $literal: 'x' } });
    expect([...names].sort()).toEqual(['n', 'other', 'task', 'tool']);
  });
});

describe('an expect that only captures', () => {
  it('records what it found as info, not a pass of the scenario rule it judged nothing of', async () => {
    const ctx = context(new RefusingPeer(NETWORK));
    await run(ctx, [call, { kind: 'expect', path: '1', sourceLine: 2, label: 'call', capture: { asked: '/result/inputRequests' } }]);
    expect(ctx.checks).toMatchObject([{ status: 'info', rule: { id: 'tools.call.result-content' } }]);
    expect(ctx.checks[0]!.message).toBe('`tools/call` was answered (asked: no /result/inputRequests in the answer)');
  });

  it('passes as before when it names the rule it judges (an answer came)', async () => {
    const ctx = context(new RefusingPeer(NETWORK));
    await run(ctx, [call, { kind: 'expect', path: '1', sourceLine: 2, label: 'call', rule: 'jsonrpc.request.answered', capture: { c: '/result/content' } }]);
    expect(ctx.checks).toMatchObject([{ status: 'passed', rule: { id: 'jsonrpc.request.answered' } }]);
  });
});

describe('a loop whose condition reads what a refused request would have given', () => {
  it('is skipped with the refusal, not passed as if the list had ended', async () => {
    const ctx = context(new RefusingPeer(NETWORK));
    ctx.vars.cursor = 'c1';
    const loop: Step = {
      kind: 'loop',
      path: '0',
      sourceLine: 1,
      while: { defined: 'cursor' },
      max: 5,
      steps: [
        { kind: 'request', path: '0/steps/0', sourceLine: 2, method: 'tools/list', params: { cursor: { $var: 'cursor' } }, as: 'page' },
        { kind: 'expect', path: '0/steps/1', sourceLine: 3, label: 'page', result: {}, refusal: 'breaks-rule', capture: { cursor: '/result/nextCursor' } },
      ],
    } as Step;
    ctx.runSteps = async (steps: Step[]) => run(ctx, steps);
    ctx.holds = (condition) => !('defined' in condition) || condition.defined in ctx.vars;
    ctx.signal = new AbortController().signal;
    // A SHOULD (a page refused is a warning of stable cursors), so the loop goes on to its condition.
    ctx.rules = {
      ruleRef: (id: string) => ({ id, level: 'SHOULD', revision: '2025-11-25', section: 's', url: 'u', summary: 'x' }),
    } as unknown as StepContext['rules'];
    await run(ctx, [loop]);
    expect(ctx.checks.map((c) => c.status)).toEqual(['warning', 'skipped']);
    expect(ctx.checks[1]!.message).toBe('stopped after 1 iteration(s): `tools/list` was answered with error -32603 "getaddrinfo ENOTFOUND api.example.com"');
  });
});

describe('a label sent again after a refusal withheld it', () => {
  it('is judged again', async () => {
    const ctx = context(new RefusingPeer(NETWORK));
    await run(ctx, [
      { ...call, as: 'create' },
      { kind: 'expect', path: '1', sourceLine: 2, label: 'create', result: {}, capture: { taskId: '/result/task/taskId' } },
      { kind: 'request', path: '2', sourceLine: 3, method: 'tasks/get', params: { taskId: { $var: 'taskId' } }, as: 'get' },
      { kind: 'request', path: '3', sourceLine: 4, method: 'ping', as: 'get' },
      { kind: 'expect', path: '4', sourceLine: 5, label: 'get', result: {}, refusal: 'breaks-rule' },
    ]);
    expect(ctx.checks.map((c) => c.status)).toEqual(['skipped', 'failed']);
  });
});
