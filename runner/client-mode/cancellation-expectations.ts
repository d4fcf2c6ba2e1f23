// Judges what a client's notifications/cancelled name (basic/utilities/cancellation, "Behavior
// requirements"): only a request the client itself sent and still believes in progress, and never
// its initialize request. Requests are matched by id on the cancel's connection; at a stateless
// revision every HTTP POST is a connection of its own, so any earlier request of the cell counts.
import { renderValue } from '../matchers/index.js';
import type { CheckResult } from '../../wire/results/index.js';
import type { RecordedLine } from './bridge.js';
import type { CancellationDuty } from './types.js';

type Verdict = Pick<CheckResult, 'status' | 'message' | 'expected' | 'actual' | 'evidence'>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

interface Line {
  seq: number;
  connection: number;
  message: Record<string, unknown>;
}

const objects = (lines: RecordedLine[]): Line[] =>
  lines.filter((l) => isObject(l.message)).map((l) => ({ seq: l.seq, connection: l.connection, message: l.message as Record<string, unknown> }));
const isRequest = (m: Record<string, unknown>) => typeof m.method === 'string' && Object.hasOwn(m, 'id');
const sameId = (a: unknown, b: unknown) => a === b && a !== undefined;

export function judgeCancellations(duty: CancellationDuty, fromClient: RecordedLine[], toClient: RecordedLine[], stateless: boolean): Verdict {
  const sent = objects(fromClient);
  const received = objects(toClient);
  const cancels = sent.filter((s) => s.message.method === 'notifications/cancelled');
  if (cancels.length === 0) return { status: 'skipped', message: 'the client sent no notifications/cancelled' };
  const scoped = (line: Line, cancel: Line) => line.seq < cancel.seq && (stateless || line.connection === cancel.connection);
  for (const cancel of cancels) {
    const requestId = isObject(cancel.message.params) ? cancel.message.params.requestId : undefined;
    // The latest such request: over stateless HTTP a client may reuse an id on another POST.
    const target = sent.findLast((s) => scoped(s, cancel) && isRequest(s.message) && sameId(s.message.id, requestId));
    if (duty === 'not-initialize') {
      if (target?.message.method === 'initialize') {
        return {
          status: 'failed',
          message: 'the client cancelled its initialize request',
          expected: 'no notifications/cancelled naming the initialize request',
          actual: renderValue(cancel.message),
          evidence: [target.seq, cancel.seq],
        };
      }
      continue;
    }
    if (!target) {
      return {
        status: 'failed',
        message: `the client cancelled ${renderValue(requestId)}, which is not a request it had sent on this connection`,
        expected: 'the id of a request of the client still awaiting its response',
        actual: renderValue(cancel.message),
        evidence: [cancel.seq],
      };
    }
    const answer = received.find((r) => r.seq > target.seq && scoped(r, cancel) && typeof r.message.method !== 'string' && sameId(r.message.id, requestId));
    if (answer) {
      return {
        status: 'failed',
        message: `the client cancelled request ${renderValue(requestId)} after its response had arrived`,
        expected: 'a cancellation only while the request is in progress',
        actual: renderValue(cancel.message),
        evidence: [target.seq, answer.seq, cancel.seq],
      };
    }
  }
  if (duty === 'not-initialize' && !sent.some((s) => s.message.method === 'initialize'))
    return { status: 'skipped', message: 'the client sent no initialize request' };
  return {
    status: 'passed',
    message: `all ${cancels.length} cancellations named ${duty === 'in-progress' ? 'requests of the client still in progress' : 'requests other than initialize'}`,
  };
}
