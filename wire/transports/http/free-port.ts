// A loopback port for a server the runner starts (--port-env). The OS names a free port, which is
// released again so that the server can bind it; between the two, another process on the machine
// may take it (many runs or test files at once), and the server then fails to listen (EADDRINUSE)
// through no fault of its own. A start that failed while its port is held by another process is
// tried again on a fresh port; any other failure is the server's and is reported as it is.
import { createServer } from 'node:net';

/** Starts on a fresh port at most this many times when the port was taken meanwhile. */
const ATTEMPTS = 3;

/** Asks the OS for a free loopback port (bind to 0, read it, release it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** True when another process listens on the loopback port: binding it fails with EADDRINUSE. */
export function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'EADDRINUSE'));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)));
  });
}

/**
 * The failure names the port as taken (the server's own output, which the start error quotes, as
 * Node, Python and Go word it): the other process may have let the port go again by now, as the
 * OS's probe of a free port of another run does at once.
 */
function saysAddressInUse(err: unknown): boolean {
  return /EADDRINUSE|address already in use/i.test(err instanceof Error ? err.message : String(err));
}

export interface FreePortOptions {
  /** Where ports come from (default: the OS, freePort). */
  pick?: () => Promise<number>;
  /** Whether another attempt is still wanted (a caller that gave up says no). */
  retry?: () => boolean;
}

/**
 * Runs `start` on a port from `pick`; when it fails because the port was taken (its error says so,
 * or another process holds the port now; `start` must have stopped what it started), runs it again
 * on a fresh port, up to ATTEMPTS times.
 */
export async function onFreePort<T>(
  start: (port: number) => Promise<T>,
  { pick = freePort, retry = () => true }: FreePortOptions = {},
): Promise<{ port: number; value: T }> {
  for (let attempt = 1; ; attempt++) {
    const port = await pick();
    try {
      return { port, value: await start(port) };
    } catch (err) {
      if (attempt >= ATTEMPTS || !retry() || !(saysAddressInUse(err) || (await portInUse(port)))) throw err;
    }
  }
}
