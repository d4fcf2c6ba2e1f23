// A client scenario's preconditions: what the program must do for the scenario to judge anything.
// Unmet, they and what rests on them are skipped; a finding on a message the client sent stands.
import { describe, expect, it } from 'vitest';
import type { RuleRef } from '../../wire/results/index.js';
import type { RecordedLine } from './bridge.js';
import { judgeExpectations } from './expectations.js';
import type { Expectation } from './types.js';

const rule: RuleRef = { id: 'client.http.invalid-param-header-tool', level: 'MUST', section: 's', url: 'u', summary: 's' };
const expect_: Expectation[] = [
  { kind: 'sent', pattern: { method: 'tools/call', params: { name: 'good' } }, check: 'calls-good', precondition: true, sourceLine: 1 },
  { kind: 'notSent', pattern: { method: 'tools/call', params: { name: 'bad' } }, check: 'never-bad', sourceLine: 2 },
];
const line = (seq: number, message: unknown): RecordedLine => ({ seq, connection: 1, text: JSON.stringify(message), message });
const judge = (fromClient: RecordedLine[], stoppedAfterMs?: number) =>
  judgeExpectations({
    scenarioId: 'client/x',
    expectations: expect_,
    fromClient,
    toClient: [],
    ruleFor: () => rule,
    match: {},
    revision: '2026-07-28',
    ...(stoppedAfterMs !== undefined ? { stoppedAfterMs } : {}),
  }).map((c) => `${c.id} ${c.status}`);

describe('judgeExpectations: preconditions', () => {
  const list = line(1, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
  it('judges the checks after a precondition that was met', () => {
    expect(judge([list, line(2, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'good' } })])).toEqual([
      'client/x#calls-good passed',
      'client/x#never-bad passed',
    ]);
  });

  it('skips an unmet precondition and a pass resting on absence after it, whether the program stopped or was stopped', () => {
    expect(judge([list])).toEqual(['client/x#calls-good skipped', 'client/x#never-bad skipped']);
    expect(judge([list], 1500)).toEqual(['client/x#calls-good skipped', 'client/x#never-bad skipped']);
  });

  it('keeps a finding on a message the client did send', () => {
    expect(judge([list, line(2, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'bad' } })])).toEqual([
      'client/x#calls-good skipped',
      'client/x#never-bad failed',
    ]);
  });
});
