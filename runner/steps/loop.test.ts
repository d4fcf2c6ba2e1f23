// `loop` options for polling: `pauseMs` paces iterations by a value the target gave (a task's
// pollIntervalMs), and `onExhausted: skip` leaves a loop that hit its bound unjudged.
import { describe, expect, it } from 'vitest';
import type { LoopStep, Scenario } from '../suite-loader/types.js';
import type { StepContext } from './context.js';
import { runLoop } from './loop.js';

function context(iterations: number, signal = new AbortController().signal): StepContext & { started: number[] } {
  const started: number[] = [];
  const ctx = {
    scenario: { id: 'tasks/example', rules: ['tasks.extension.get.detailed-task'] } as Scenario,
    revision: '2026-07-28',
    transport: 'stdio',
    vars: { pollMs: 30 },
    unobserved: new Map(),
    withheld: new Map(),
    checks: [],
    seed: 1,
    timeoutMs: 1000,
    signal,
    rules: { ruleRef: (id: string) => ({ id, level: 'MUST', revision: '2026-07-28', section: 's', url: 'u', summary: 'x' }) },
    // Goes on for `iterations` runs of the body.
    holds: () => started.length < iterations,
    runSteps: async () => {
      started.push(Date.now());
    },
    started,
  };
  return ctx as unknown as StepContext & { started: number[] };
}

const loop = (extra: Partial<LoopStep>): LoopStep =>
  ({ kind: 'loop', path: '0', sourceLine: 1, while: { defined: 'x' }, max: 3, steps: [], onExhausted: 'fail', ...extra }) as LoopStep;

describe('loop pauseMs', () => {
  it('waits the evaluated number of ms before every iteration after the first', async () => {
    const ctx = context(3);
    await runLoop(ctx, loop({ max: 5, pauseMs: { $var: 'pollMs' } }));
    expect(ctx.started).toHaveLength(3);
    // Timers may fire a millisecond early; the gap is the pause, not zero.
    expect(ctx.started[1]! - ctx.started[0]!).toBeGreaterThanOrEqual(25);
    expect(ctx.started[2]! - ctx.started[1]!).toBeGreaterThanOrEqual(25);
    expect(ctx.checks).toMatchObject([{ status: 'passed', message: 'finished after 3 iteration(s)' }]);
  });

  it('stops without a verdict when the cell is aborted during a pause', async () => {
    const controller = new AbortController();
    const ctx = context(5, controller.signal);
    const running = runLoop(ctx, loop({ max: 5, pauseMs: 5000 }));
    setImmediate(() => controller.abort());
    await running;
    expect(ctx.started).toHaveLength(1);
    expect(ctx.checks).toEqual([]);
  });
});

describe('loop onExhausted', () => {
  it('skip: a loop still going at its bound is not judged', async () => {
    const ctx = context(10);
    await runLoop(ctx, loop({ onExhausted: 'skip' }));
    expect(ctx.checks).toMatchObject([{ status: 'skipped', message: expect.stringMatching(/bound of 3 iterations/) }]);
  });

  it('fail (default): a loop still going at its bound is a violation', async () => {
    const ctx = context(10);
    await runLoop(ctx, loop({}));
    expect(ctx.checks).toMatchObject([{ status: 'failed' }]);
  });
});
