import { describe, expect, it } from 'vitest';
import type { CheckResult, ScenarioResult } from '../../wire/results/index.js';
import { RerunQueue, rerunCell, settleRerun } from './rerun.js';

const rule = { id: 'r.x', level: 'MUST' as const, section: 's', url: 'u', summary: 'm' };
const fault: CheckResult = { id: 'runner/fault', rule: { ...rule, id: 'mcp-conform.runner-fault', level: 'MAY' }, status: 'runner-bug', message: 'boom' };
const cell = (status: ScenarioResult['status'], checks: CheckResult[] = [], extra: Partial<ScenarioResult> = {}): ScenarioResult => ({
  id: 'a/b',
  title: 't',
  area: 'a',
  revision: '2025-06-18',
  transport: 'stdio',
  status,
  durationMs: 5,
  checks,
  transcript: [{ seq: 1, t: 0, dir: 'note', text: status }],
  stderr: [],
  repro: '',
  tags: [],
  ...extra,
});
const failed = () => cell('failed', [{ id: 'a/b#1', rule, status: 'failed', message: 'bad' }]);

describe('settleRerun', () => {
  it('makes a cell flaky when its re-run passes, keeping both attempts', () => {
    const again = cell('passed');
    const settled = settleRerun(failed(), [again]);
    expect(settled.status).toBe('flaky');
    expect(settled.checks).toEqual(failed().checks);
    expect(settled.rerun).toEqual({ first: 'failed', attempts: [expect.objectContaining({ status: again.status, transcript: again.transcript })] });
  });

  it('keeps a failure whose re-run judged nothing (a refusal on the re-run does not contradict an observed violation)', () => {
    const settled = settleRerun(failed(), [cell('skipped', [], { skipReason: 'the tool refused' })]);
    expect(settled.status).toBe('failed');
  });

  it('makes an errored cell flaky when its re-run finds nothing to judge either way', () => {
    const settled = settleRerun(cell('errored', [], { errorReason: 'hung' }), [cell('skipped', [], { skipReason: 'nothing to judge' })]);
    expect(settled.status).toBe('flaky');
  });

  it('keeps a verdict its re-run confirms, in one line without the re-run transcript', () => {
    expect(settleRerun(failed(), [failed()])).toEqual({ ...failed(), rerun: { first: 'failed', attempts: [{ status: 'failed', durationMs: 5 }] } });
  });

  it('keeps a failure whose re-run errored, and an error whose re-run failed: neither passes', () => {
    expect(settleRerun(failed(), [cell('errored', [], { errorReason: 'hung' })]).status).toBe('failed');
    const again = settleRerun(cell('errored', [], { errorReason: 'hung' }), [failed()]);
    expect(again.status).toBe('errored');
    expect(again.rerun?.attempts[0]?.checks).toEqual(failed().checks);
  });

  it('never clears or blames the target on a re-run that failed in mcp-conform itself', () => {
    const settled = settleRerun(failed(), [cell('errored', [fault], { errorReason: 'mcp-conform failed' })]);
    expect(settled.status).toBe('failed');
    expect(settled.rerun?.attempts[0]).toMatchObject({ status: 'errored', inconclusive: true });
  });
});

describe('rerunCell and RerunQueue', () => {
  it('stops re-running at the first attempt that passes', async () => {
    let runs = 0;
    const settled = await rerunCell(failed(), 3, async () => (++runs === 1 ? failed() : cell('passed')));
    expect(runs).toBe(2);
    expect(settled.status).toBe('flaky');
  });

  it('hands passing cells on at once and failing ones after their re-run, one at a time, after the others', async () => {
    const order: string[] = [];
    let inFlight = 0;
    const queue = new RerunQueue(1, async (result, index) => {
      order.push(`${index}:${result.status}`);
    });
    await queue.offer(cell('passed'), 0);
    await queue.offer(failed(), 1);
    await queue.offer(cell('errored', [], { errorReason: 'x' }), 2);
    await queue.offer(cell('skipped'), 3);
    expect(order).toEqual(['0:passed', '3:skipped']);
    const settled = await queue.drain(async (index) => {
      expect(++inFlight).toBe(1);
      await Promise.resolve();
      inFlight--;
      return index === 1 ? cell('passed') : cell('errored', [], { errorReason: 'x' });
    });
    expect(order).toEqual(['0:passed', '3:skipped', '1:flaky', '2:errored']);
    expect([...settled.keys()]).toEqual([1, 2]);
  });

  it('re-runs nothing with retries 0, or once the run is aborted', async () => {
    const delivered: string[] = [];
    const off = new RerunQueue(0, async (r) => void delivered.push(r.status));
    await off.offer(failed(), 0);
    expect(delivered).toEqual(['failed']);
    const aborted = new RerunQueue(1, async (r) => void delivered.push(r.status));
    await aborted.offer(failed(), 0);
    const signal = AbortSignal.abort();
    await aborted.drain(async () => {
      throw new Error('must not re-run');
    }, signal);
    expect(delivered).toEqual(['failed', 'failed']);
  });
});
