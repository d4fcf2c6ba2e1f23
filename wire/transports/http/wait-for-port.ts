// Bounded "does something listen here?" checks: used before the first POST (a clear start error
// instead of a missing response) and while waiting for a server started with --server --port-env.
import { connect } from 'node:net';
import { startDeadline } from '../../protocol/index.js';

export async function waitForPort(host: string, port: number, timeoutMs: number, signal?: AbortSignal): Promise<{ ok: true } | { ok: false; error: string }> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no attempt was made';
  // Retries on refusal until the deadline; each attempt is itself bounded by what is left.
  while (!signal?.aborted) {
    const left = deadline - Date.now();
    if (left <= 0) break;
    const attempt = await tryConnect(host, port, left);
    if (attempt === undefined) return { ok: true };
    last = attempt;
    const pause = Math.min(50, deadline - Date.now());
    if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
  }
  return { ok: false, error: `nothing accepted connections on ${host}:${port} within ${timeoutMs} ms (${last})` };
}

function tryConnect(host: string, port: number, timeoutMs: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    // A deadline: a connection the kernel made in time counts even if the runner was busy then.
    const cancelDeadline = startDeadline(timeoutMs, () => {
      socket.destroy();
      resolve('connection attempt timed out');
    });
    socket.once('connect', () => {
      cancelDeadline();
      socket.destroy();
      resolve(undefined);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => {
      cancelDeadline();
      socket.destroy();
      resolve(err.code ?? err.message);
    });
  });
}
