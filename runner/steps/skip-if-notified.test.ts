// `skipIfNotified`: a comparison that a change notice makes moot (two answers of a list, a page
// reached by a cursor) is skipped with that observation when the notice came in the cell; without
// the notice, or when the comparison holds, it is judged as before.
import { describe, expect, it } from 'vitest';
import type { CheckStep, Scenario } from '../suite-loader/types.js';
import { runCheck } from './check.js';
import type { StepContext } from './context.js';

function context(notifications: string[]): StepContext {
  return {
    scenario: { id: 'tools/list-deterministic', rules: ['tools.list.deterministic-order'] } as Scenario,
    revision: '2025-06-18',
    transport: 'stdio',
    session: { notifications: notifications.map((method, i) => ({ seq: 10 + i, message: { jsonrpc: '2.0', method } })) } as unknown as StepContext['session'],
    vars: { first: [{ name: 'a' }, { name: 'b' }], second: [{ name: 'b' }, { name: 'a' }] },
    checks: [],
    seed: 1,
    timeoutMs: 1000,
    validators: {},
    rules: { ruleRef: (id: string) => ({ id, level: 'SHOULD', revision: '2025-06-18', section: 's', url: 'u', summary: 'x' }) },
  } as unknown as StepContext;
}

const step = (matches: string): CheckStep => ({
  kind: 'check',
  path: '0',
  sourceLine: 1,
  value: { $var: 'second' },
  matches: { $var: matches },
  skipIfNotified: 'notifications/tools/list_changed',
});

describe('check with skipIfNotified', () => {
  it('skips a broken comparison when the notice arrived, naming it and keeping its evidence', async () => {
    const ctx = context(['notifications/message', 'notifications/tools/list_changed']);
    await runCheck(ctx, step('first'));
    expect(ctx.checks).toHaveLength(1);
    expect(ctx.checks[0]).toMatchObject({ status: 'skipped', evidence: [11] });
    expect(ctx.checks[0]!.message).toMatch(/^not judged: the target sent notifications\/tools\/list_changed during this cell/);
  });

  it('judges it as before when no such notice arrived', async () => {
    const ctx = context(['notifications/prompts/list_changed']);
    await runCheck(ctx, step('first'));
    expect(ctx.checks.map((c) => c.status)).toEqual(['warning']);
  });

  it('passes a comparison that holds, notice or not', async () => {
    const ctx = context(['notifications/tools/list_changed']);
    await runCheck(ctx, step('second'));
    expect(ctx.checks.map((c) => c.status)).toEqual(['passed']);
  });
});
