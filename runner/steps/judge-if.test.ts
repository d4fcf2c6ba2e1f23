// `judgeIf` on `check` and `http` steps: a value or answer that leaves nothing to judge skips the
// check with the scenario's reason (never a pass); one that does is judged by the rule's level.
import { describe, expect, it } from 'vitest';
import type { RawHttpRequest, RawHttpResponse } from '../../wire/protocol/index.js';
import type { CheckStep, HttpStep, LoopStep, Scenario } from '../suite-loader/types.js';
import { runCheck } from './check.js';
import type { StepContext } from './context.js';
import { runHttp } from './http.js';
import { runLoop } from './loop.js';

function context(transport?: { rawRequest(r: RawHttpRequest): Promise<RawHttpResponse> }): StepContext {
  return {
    scenario: { id: 'authorization/example', rules: ['authorization.scope.insufficient-403'] } as Scenario,
    revision: '2025-11-25',
    transport: 'http',
    session: { transport: transport ?? {}, http: [] } as unknown as StepContext['session'],
    vars: {},
    unobserved: new Map(),
    withheld: new Map(),
    checks: [],
    seed: 1,
    timeoutMs: 1000,
    validators: {},
    rules: { ruleRef: (id: string) => ({ id, level: 'SHOULD', revision: '2025-11-25', section: 's', url: 'u', summary: 'x' }) },
  } as unknown as StepContext;
}

const answer = (status: number, headers: Record<string, string> = {}): RawHttpResponse => ({
  exchange: { method: 'POST', url: '/mcp', streamId: 'post-1', requestHeaders: {}, status, responseHeaders: headers },
  events: [],
  cut: false,
});

describe('check with judgeIf', () => {
  const step = (value: unknown): CheckStep => ({
    kind: 'check',
    path: '0',
    sourceLine: 1,
    value,
    matches: { status: 403 },
    judgeIf: { status: { $in: [401, 403] } },
    skipReason: 'the token was served',
  });

  it('skips with the reason when the value does not match judgeIf', async () => {
    const ctx = context();
    await runCheck(ctx, step({ status: 200 }));
    expect(ctx.checks).toMatchObject([{ status: 'skipped', message: 'the token was served' }]);
  });

  it('judges the value when it matches judgeIf, graded by the rule level', async () => {
    const ctx = context();
    await runCheck(ctx, step({ status: 401 }));
    await runCheck(ctx, step({ status: 403 }));
    expect(ctx.checks.map((c) => c.status)).toEqual(['warning', 'passed']);
  });
});

describe('http with judgeIf and url', () => {
  it('sends to the given URL, stores the answer with its challenge, and skips or judges by judgeIf', async () => {
    const sent: RawHttpRequest[] = [];
    const replies = [answer(200), answer(401, { 'www-authenticate': 'Bearer error="invalid_token"' })];
    const ctx = context({ rawRequest: async (r) => (sent.push(r), replies.shift()!) });
    const step: HttpStep = {
      kind: 'http',
      path: '0',
      sourceLine: 1,
      method: 'GET',
      url: '/.well-known/x',
      as: 'got',
      answer: { status: 403 },
      judgeIf: { status: 401 },
      skipReason: 'no refusal',
    };
    await runHttp(ctx, step);
    await runHttp(ctx, step);
    expect(sent[0]!.url).toBe('/.well-known/x');
    expect(ctx.checks.map((c) => c.status)).toEqual(['skipped', 'warning']);
    expect(ctx.checks[0]!.message).toContain('no refusal');
    expect(ctx.vars.got).toMatchObject({ status: 401, challenge: { scheme: 'bearer', params: { error: 'invalid_token' } } });
  });
});

describe('checks with nothing to judge are skipped, never passed', () => {
  const check = (value: unknown, matches: unknown): CheckStep => ({ kind: 'check', path: '0', sourceLine: 1, value, matches });

  it('skips $each over an empty list and $increasing over fewer than two items, and judges longer ones', async () => {
    const ctx = context();
    await runCheck(ctx, check([], { $each: { level: 'error' } }));
    await runCheck(ctx, check([{ progress: 1 }], { $increasing: 'progress' }));
    await runCheck(ctx, check([{ progress: 2 }, { progress: 1 }], { $increasing: 'progress' }));
    await runCheck(ctx, check([{ level: 'error' }], { $each: { level: 'error' } }));
    expect(ctx.checks.map((c) => c.status)).toEqual(['skipped', 'skipped', 'warning', 'passed']);
    expect(ctx.checks[1]?.message).toMatch(/fewer than two/);
  });

  it('skips a loop whose condition fails before the first iteration (a single page)', async () => {
    const ctx = { ...context(), holds: () => false, runSteps: async () => undefined } as unknown as StepContext;
    await runLoop(ctx, { kind: 'loop', path: '0', sourceLine: 1, while: { defined: 'cursor' }, max: 5, steps: [] } as unknown as LoopStep);
    expect(ctx.checks).toMatchObject([{ status: 'skipped', message: expect.stringMatching(/nothing to judge/) }]);
  });
});
