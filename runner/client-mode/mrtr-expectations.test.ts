import { describe, expect, it } from 'vitest';
import type { RecordedLine } from './bridge.js';
import { judgeMrtr } from './mrtr-expectations.js';

let seq = 0;
const line = (message: Record<string, unknown>): RecordedLine => ({ seq: ++seq, connection: seq, text: JSON.stringify(message), message });
const call = (id: number, extra: Record<string, unknown> = {}, args: Record<string, unknown> = { topic: 'x' }) =>
  line({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'ask', arguments: args, _meta: { n: id }, ...extra } });
const inputRequired = (id: number, key: string | undefined, requestState?: string) =>
  line({
    jsonrpc: '2.0',
    id,
    result: {
      resultType: 'input_required',
      ...(key ? { inputRequests: { [key]: { method: 'roots/list' } } } : {}),
      ...(requestState !== undefined ? { requestState } : {}),
    },
  });
const complete = (id: number) => line({ jsonrpc: '2.0', id, result: { resultType: 'complete', content: [] } });
const answer = (key: string) => ({ inputResponses: { [key]: { roots: [] } } });

/** Builds both directions from one ordered conversation: [from client?, line]. */
function conversation(steps: [boolean, RecordedLine][]) {
  return { fromClient: steps.filter(([c]) => c).map(([, l]) => l), toClient: steps.filter(([c]) => !c).map(([, l]) => l) };
}

/** Two rounds of one call; `retry2` builds the second retry the client sent (lines are built in conversation order). */
function twoRounds(retry2: () => RecordedLine) {
  const steps: [boolean, RecordedLine][] = [];
  steps.push([true, call(1)], [false, inputRequired(1, 'first', 's1')]);
  steps.push([true, call(2, { ...answer('first'), requestState: 's1' })], [false, inputRequired(2, 'second', 's2')]);
  const last = retry2();
  steps.push([true, last], [false, complete((last.message as Record<string, unknown>).id as number)]);
  return conversation(steps);
}

const ALL = ['fresh-id', 'latest-state', 'answers-asked', 'same-request'] as const;

describe('judgeMrtr', () => {
  it('passes two rounds done right, _meta changing between them', () => {
    const c = twoRounds(() => call(3, { ...answer('second'), requestState: 's2' }));
    for (const duty of ALL) expect(judgeMrtr(duty, c.fromClient, c.toClient)).toMatchObject({ status: 'passed', message: expect.stringMatching(/2 retries/) });
  });

  it('skips every duty when the client retried nothing', () => {
    const c = conversation([
      [true, call(1)],
      [false, inputRequired(1, 'first', 's1')],
    ]);
    for (const duty of ALL) expect(judgeMrtr(duty, c.fromClient, c.toClient).status).toBe('skipped');
  });

  it('does not judge a later call that carries neither answers nor state: the client gave the round up', () => {
    const c = conversation([
      [true, call(1)],
      [false, inputRequired(1, 'first', 's1')],
      [true, call(2)],
    ]);
    for (const duty of ALL) expect(judgeMrtr(duty, c.fromClient, c.toClient).status).toBe('skipped');
  });

  it("fails a second retry that echoes the first round's state", () => {
    const c = twoRounds(() => call(3, { ...answer('second'), requestState: 's1' }));
    expect(judgeMrtr('latest-state', c.fromClient, c.toClient)).toMatchObject({ status: 'failed', pointer: '/params/requestState' });
  });

  it('fails a retry carrying a requestState when its round issued none', () => {
    const c = conversation([
      [true, call(1)],
      [false, inputRequired(1, 'first')],
      [true, call(2, { ...answer('first'), requestState: 'made-up' })],
    ]);
    expect(judgeMrtr('latest-state', c.fromClient, c.toClient)).toMatchObject({ status: 'failed', message: expect.stringMatching(/had none/) });
  });

  it("fails a second retry reusing the original request's id, though it differs from the first retry's", () => {
    const c = twoRounds(() => call(1, { ...answer('second'), requestState: 's2' }));
    expect(judgeMrtr('fresh-id', c.fromClient, c.toClient)).toMatchObject({ status: 'failed', message: expect.stringMatching(/original request/) });
  });

  it("fails a second retry that answers only the first round's key", () => {
    const c = twoRounds(() => call(3, { ...answer('first'), requestState: 's2' }));
    expect(judgeMrtr('answers-asked', c.fromClient, c.toClient)).toMatchObject({ status: 'failed', message: expect.stringMatching(/"second"/) });
  });

  it("fails a retry that changes the original request's arguments", () => {
    const c = twoRounds(() => call(3, { ...answer('second'), requestState: 's2' }, { topic: 'y' }));
    expect(judgeMrtr('same-request', c.fromClient, c.toClient)).toMatchObject({ status: 'failed', pointer: '/params' });
  });
});
