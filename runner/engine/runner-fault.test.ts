// A fault of mcp-conform itself becomes a `runner-bug` check on its cell, never a crash and never
// the target's blame: a message validator that throws stands in for any defect of ours.
import { describe, expect, it } from 'vitest';
import type { CloseReport, Transport, TransportEvent } from '../../wire/protocol/index.js';
import type { Scenario } from '../suite-loader/types.js';
import { emptyProfile } from './profile.js';
import { runCell, type CellEnvironment } from './run-cell.js';

/** Answers every request with an empty result, at once. */
class EchoTransport implements Transport {
  readonly kind = 'stdio' as const;
  readonly description = 'echo';
  private listener: ((e: TransportEvent) => void) | undefined;
  async start(): Promise<void> {}
  async send(text: string): Promise<void> {
    const message = JSON.parse(text) as { id?: number; method?: string };
    if (message.id === undefined || message.method === undefined) return;
    const reply = { jsonrpc: '2.0', id: message.id, result: {} };
    queueMicrotask(() => this.listener?.({ kind: 'message', message: reply, text: JSON.stringify(reply) }));
  }
  onEvent(listener: (e: TransportEvent) => void): void {
    this.listener = listener;
  }
  async close(): Promise<CloseReport> {
    return { exitedGracefully: true, exitCode: 0, escalation: 'none', ms: 0 };
  }
}

const scenario: Scenario = {
  id: 'ping/answers',
  title: 'The server answers ping',
  area: 'ping',
  role: 'server',
  revisions: '*',
  rules: ['ping.response.empty-result'],
  tags: [],
  session: 'fresh',
  requires: [],
  steps: [
    { kind: 'request', method: 'ping', as: 'p', sourceLine: 1, path: '0' },
    { kind: 'expect', label: 'p', result: {}, rule: 'ping.response.empty-result', sourceLine: 2, path: '1' },
  ],
  file: 'ping.yaml',
};

function env(extra: Partial<CellEnvironment> = {}): CellEnvironment {
  return {
    makeTransport: () => new EchoTransport(),
    profile: emptyProfile('2025-06-18'),
    client: { clientInfo: { name: 't', version: '1' }, capabilities: {} },
    timeoutMs: 1000,
    seed: 1,
    strict: false,
    rules: { ruleRef: (id) => ({ id, level: 'MUST', section: 's', url: 'u', summary: 's' }) },
    validators: { validateType: () => [], validateSchema: () => [] },
    repro: 'mcp-conform --scenario ping/answers',
    ...extra,
  };
}

const cell = { scenario, revision: '2025-06-18' as const, transport: 'stdio' as const, index: 0 };

describe('runner faults', () => {
  it('the cell runs clean when nothing of ours fails', async () => {
    const result = await runCell(cell, env());
    expect(result.status).toBe('passed');
    expect(result.checks.some((c) => c.status === 'runner-bug')).toBe(false);
  });

  it('a check of ours that throws becomes a runner-bug check on the cell, not a crash and not a verdict on the target', async () => {
    const result = await runCell(
      cell,
      env({
        messageValidator: {
          validateMessage: () => {
            throw new RangeError('Maximum call stack size exceeded');
          },
        },
      }),
    );
    expect(result.status).toBe('errored');
    expect(result.errorReason).toMatch(/runner bug, not the target's fault.*RangeError: Maximum call stack size exceeded/);
    const fault = result.checks.find((c) => c.status === 'runner-bug');
    expect(fault).toMatchObject({ rule: { id: 'mcp-conform.runner-fault' }, message: expect.stringContaining('always-on checks') });
    expect(result.checks.filter((c) => c.status === 'failed')).toEqual([]);
  });

  it('a fault while starting the cell is reported on the cell too', async () => {
    const result = await runCell(
      cell,
      env({
        makeTransport: () => {
          throw new TypeError('cannot read properties of undefined');
        },
      }),
    );
    expect(result).toMatchObject({ status: 'errored', errorReason: expect.stringMatching(/runner bug.*TypeError/) });
    expect(result.checks.map((c) => c.status)).toEqual(['runner-bug']);
  });
});
