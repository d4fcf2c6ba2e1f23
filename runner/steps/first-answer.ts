// How long to wait for the first answer of a freshly started stdio process: the run's bound, but
// never under STARTUP_ALLOWANCE_MS. Starting Node (or a wrapper such as a CLI) can take seconds on a
// loaded machine, which is not the target's fault; a process that ends or prints garbage still ends
// the wait at once. Over HTTP the server is already up when anyone speaks (a launched HTTP server
// gets the same allowance to start listening). Shared by the probe and the handshake of every cell
// that opens its own process.
import type { Transport } from '../../wire/protocol/index.js';

const STARTUP_ALLOWANCE_MS = 10_000;

export function firstAnswerWaitMs(kind: Transport['kind'], timeoutMs: number): number {
  return kind === 'stdio' ? Math.max(timeoutMs, STARTUP_ALLOWANCE_MS) : timeoutMs;
}
