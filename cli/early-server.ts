// Starts the HTTP server a run will test (--server with --port-env) as soon as the flags are
// parsed, before the engine's modules load: the server boots (server-everything: about half a
// second) while they load (about a third of a second on 2 cores), instead of after. Only this
// module and the server starter load first. The run takes the server only if it would have
// started the very same one (api/open-http-target.ts); the command line stops it in any case.
import { serverStartupMs, startManagedServer } from '../wire/transports/http/managed-server.js';
import type { StartedServer } from '../api/open-http-target.js';
import { launchFromFlags } from './http-launch.js';
import type { CliOptions } from './program.js';

/** The started server, or undefined when the flags do not plainly ask for a server run over HTTP. */
export function startServerEarly(opts: CliOptions): StartedServer | undefined {
  // Client mode and --list start no server; --auth-mock tells the server its issuer in its
  // environment, known only once the mock authorization server listens.
  if (opts.client !== undefined || opts.list || opts.authMock !== undefined) return undefined;
  const launch = launchFromFlags(opts);
  if (!launch || launch.command.trim() === '') return undefined;
  const startupMs = serverStartupMs(opts.timeout);
  let spawned = (): void => {};
  const running = new Promise<void>((resolve) => {
    spawned = resolve;
  });
  const waiting = new AbortController();
  const server = startManagedServer({ ...launch, startupMs, onSpawned: spawned, signal: waiting.signal });
  // A server that fails to start is reported by the run that awaits it; until then, no unhandled rejection.
  server.then(spawned, spawned);
  return { launch, startupMs, spawned: running, server, stopWaiting: () => waiting.abort() };
}

/**
 * Stops a server started early, whether or not the run used it (stopping twice is stopping once),
 * without waiting for one that has not listened yet (a run that ended on a usage error).
 */
export async function stopEarlyServer(started: StartedServer | undefined): Promise<void> {
  started?.stopWaiting();
  await started?.server.then(
    (server) => server.stop(),
    () => undefined,
  );
}
