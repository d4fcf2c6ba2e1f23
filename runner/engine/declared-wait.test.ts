import { describe, expect, it } from 'vitest';
import type { Scenario, Step } from '../suite-loader/types.js';
import { longestDeclaredWait } from './declared-wait.js';

const base = { sourceLine: 1, path: '0' };
function scenario(steps: Step[], timeoutMs?: number): Scenario {
  return {
    id: 's',
    title: 's',
    area: 'tasks',
    role: 'server',
    revisions: '*',
    rules: [],
    tags: [],
    session: 'initialized',
    requires: [],
    steps,
    file: 's.yaml',
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
  };
}

describe('the longest wait a scenario declares (its cells start first)', () => {
  it('is none for a scenario that declares no bound', () => {
    expect(longestDeclaredWait(scenario([{ kind: 'request', method: 'ping', as: 'r', ...base }]))).toBe(0);
  });

  it('is the scenario timeout, or a longer step bound, also inside a loop', () => {
    const inLoop: Step = {
      kind: 'loop',
      max: 3,
      onExhausted: 'fail',
      steps: [{ kind: 'expect', label: 'r', within: 20000, ...base }],
      ...base,
    };
    expect(longestDeclaredWait(scenario([{ kind: 'expect', label: 'r', within: 8000, ...base }], 15000))).toBe(15000);
    expect(longestDeclaredWait(scenario([{ kind: 'expect', label: 'r', within: 8000, ...base }, inLoop]))).toBe(20000);
    expect(longestDeclaredWait(scenario([{ kind: 'closeInput', within: 3000, ...base }]))).toBe(3000);
  });
});
