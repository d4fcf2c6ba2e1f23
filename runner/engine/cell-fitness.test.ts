import { describe, expect, it } from 'vitest';
import { Session, type CloseReport, type PendingRequest, type Transport, type TransportEvent } from '../../wire/protocol/index.js';
import type { CheckResult } from '../../wire/results/index.js';
import type { Step } from '../suite-loader/types.js';
import { processFit, silentLabels, type CellOutcome } from './cell-fitness.js';

/** A peer that answers nothing unless the test pushes an answer. */
class SilentPeer implements Transport {
  readonly kind = 'stdio' as const;
  readonly description = 'silent';
  private listener: ((e: TransportEvent) => void) | undefined;
  async start(): Promise<void> {}
  async send(): Promise<void> {}
  onEvent(l: (e: TransportEvent) => void): void {
    this.listener = l;
  }
  push(message: unknown): void {
    this.listener?.({ kind: 'message', message, text: JSON.stringify(message) });
  }
  async close(): Promise<CloseReport> {
    return { exitedGracefully: true, escalation: 'none', ms: 0 };
  }
}

const check = (status: CheckResult['status']): CheckResult => ({ id: 'x#0', rule: { id: 'r', level: 'SHOULD' } as CheckResult['rule'], status, message: 'm' });

function outcome(session: Session, extra: Partial<CellOutcome> = {}): CellOutcome {
  return { session, checks: [], errorReason: undefined, closedInput: false, silentLabels: new Set(), labels: new Map(), ...extra };
}

describe('processFit', () => {
  it('keeps a process after findings about the answers, but not after an errored check or cell', () => {
    const session = new Session(new SilentPeer());
    expect(processFit(outcome(session, { checks: [check('failed'), check('warning'), check('info'), check('passed')] }))).toBe(true);
    expect(processFit(outcome(session, { checks: [check('errored')] }))).toBe(false);
    expect(processFit(outcome(session, { errorReason: 'scenario error: x' }))).toBe(false);
    expect(processFit(outcome(session, { closedInput: true }))).toBe(false);
  });

  it('ends it when a request the scenario waited on is still owed, or an anomaly was seen', async () => {
    const peer = new SilentPeer();
    const session = new Session(peer);
    await session.request('tools/list', {});
    expect(processFit(outcome(session))).toBe(false);
    const other = new Session(new SilentPeer());
    other.anomalies.push({ kind: 'unknown-id', seq: 1, detail: 'd' });
    expect(processFit(outcome(other))).toBe(false);
  });

  it('lets dropped lines and expectNoResponse labels stay unanswered, but not a batch', async () => {
    const session = new Session(new SilentPeer());
    await session.sendRaw('{"jsonrpc": "2.0", "id": 1, "method": "ping"', { raw: true, responseId: null });
    await session.sendRaw(JSON.stringify({ jsonrpc: '2.0', id: 'bad', method: 1 }));
    const note = (await session.sendRaw(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/x' }), { responseId: 'n' })) as PendingRequest;
    expect(processFit(outcome(session))).toBe(false);
    expect(processFit(outcome(session, { silentLabels: new Set(['note']), labels: new Map([['note', note]]) }))).toBe(true);
    await session.sendRaw(JSON.stringify([{ jsonrpc: '2.0', id: 2, method: 'ping' }]), { responseId: null });
    expect(processFit(outcome(session, { silentLabels: new Set(['note']), labels: new Map([['note', note]]) }))).toBe(false);
  });
});

describe('silentLabels', () => {
  it('collects the labels of expectNoResponse steps, in loops too', () => {
    const at = { sourceLine: 1, path: '0' };
    const steps = [
      { kind: 'expectNoResponse', label: 'a', until: 'b', ...at },
      { kind: 'loop', steps: [{ kind: 'expectNoResponse', label: 'c', until: 'b', ...at }], max: 2, onExhausted: 'fail', ...at },
    ] as Step[];
    expect([...silentLabels(steps)]).toEqual(['a', 'c']);
  });
});
