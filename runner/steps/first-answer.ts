// How long to wait for the first answer of a freshly started stdio process: the run's bound, but
// never under STARTUP_ALLOWANCE_MS. Starting Node (or a wrapper such as a CLI) can take seconds on a
// loaded machine, which is not the target's fault; a process that ends or prints garbage still ends
// the wait at once. Over HTTP the server is already up when anyone speaks (a launched HTTP server
// gets the same allowance to start listening). Shared by the probe and the handshake of every cell
// that opens its own process.
import type { JsonRpcResponse, PendingRequest, Session, Transport } from '../../wire/protocol/index.js';

const STARTUP_ALLOWANCE_MS = 10_000;

export function firstAnswerWaitMs(kind: Transport['kind'], timeoutMs: number): number {
  return kind === 'stdio' ? Math.max(timeoutMs, STARTUP_ALLOWANCE_MS) : timeoutMs;
}

export interface FirstAnswer {
  response: JsonRpcResponse | undefined;
  /** The bound that applied, for a report's "within N ms". */
  boundMs: number;
  /** The bound ran from the target's first response, not from the request. */
  fromFirstResponse: boolean;
}

/**
 * Waits for the answer to `entry`, the first request to a process nothing has come from yet. The
 * startup allowance is for starting only: once the process has written a response it is running
 * and answering, and the answer gets the run's bound from that response on. A target that answers
 * under an id it was never sent is then judged after `timeoutMs`, not after the allowance.
 * Notifications do not count: a server may log while it is still starting.
 */
export async function awaitFirstAnswer(session: Session, entry: PendingRequest, timeoutMs: number, signal?: AbortSignal): Promise<FirstAnswer> {
  const allowance = firstAnswerWaitMs(session.transport.kind, timeoutMs);
  if (allowance <= timeoutMs) return { response: await session.response(entry, timeoutMs, signal), boundMs: timeoutMs, fromFirstResponse: false };
  const settled = () => entry.response !== undefined || entry.undelivered !== undefined;
  const responded = () => session.inbound.some((m) => m.kind === 'response');
  const started = Date.now();
  await session.waitUntil(() => settled() || responded(), allowance, signal);
  if (settled() || !responded()) return { response: entry.response, boundMs: allowance, fromFirstResponse: false };
  const left = Math.min(allowance - (Date.now() - started), timeoutMs);
  return { response: await session.response(entry, Math.max(0, left), signal), boundMs: timeoutMs, fromFirstResponse: true };
}
