// Starts an HTTP server command for the run (--server CMD --port-env NAME): a free loopback port
// in the named environment variable, a bounded wait until it accepts connections, and a reaped
// process group afterwards, whatever happened in between. A server that dies during the run is
// started again on the same port before the next conversation, so one crash is one finding rather
// than a run of "connection refused" for everything after it.
import { execa, type ResultPromise } from 'execa';
import { GROUP_SPAWN_OPTIONS } from '../group-spawn.js';
import { TransportStartError } from '../../protocol/index.js';
import { quoteWord, splitCommandLine } from '../command-line.js';
import { registerProcessGroup, signalGroup, unregisterProcessGroup } from '../process-registry.js';
import { ProcessTracker } from '../process-tracker.js';
import { waitForPort } from './wait-for-port.js';
import { onFreePort } from './free-port.js';
import type { ServerProcessWatch } from './http-transport-base.js';

export interface ManagedServerOptions {
  command: string;
  portEnv: string;
  cwd?: string;
  env?: Record<string, string>;
  /** Bound on the wait until the port accepts connections. */
  startupMs: number;
  /** Hears that a process of the command has started, before it listens: a caller may work meanwhile. */
  onSpawned?: () => void;
  /**
   * The caller no longer needs the server (its run ended before the server listened, e.g. on a
   * usage error): the wait for the port ends at once and the process is stopped, instead of the
   * caller waiting up to `startupMs` only to stop it.
   */
  signal?: AbortSignal;
}

export interface ManagedServer extends ServerProcessWatch {
  readonly port: number;
  /** The last lines the server wrote to stderr/stdout (for error messages). */
  readonly output: string[];
  /** Times the server was started again after it died. */
  readonly restarts: number;
  stop(): Promise<void>;
}

/** How long a started server may take to listen: a slow boot (a compile, a cold cache) is no fault. */
export function serverStartupMs(timeoutMs: number): number {
  return Math.max(10_000, timeoutMs * 2);
}

/** One started process of the server command. */
interface RunningServer {
  /** How it ended ("code 3", "signal SIGSEGV"), once it has. */
  exited: string | undefined;
  /** Resolves with how it ended. */
  exit: Promise<string>;
  stop(): Promise<void>;
}

async function spawnServer(options: ManagedServerOptions, port: number, output: string[]): Promise<RunningServer> {
  const [file, ...args] = splitCommandLine(options.command);
  if (!file) throw new TransportStartError('the server command is empty');
  // Finds what the server started outside its process group (detached workers), to end it too.
  const tracker = new ProcessTracker();
  await tracker.snapshot();
  const child: ResultPromise = execa(file, args, {
    ...(options.cwd ? { cwd: options.cwd } : {}),
    env: { ...options.env, [options.portEnv]: String(port), ...tracker.env },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
    ...GROUP_SPAWN_OPTIONS,
  });
  child.catch(() => undefined);
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) output.push(line);
    if (output.length > 50) output.splice(0, output.length - 50);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const running: RunningServer = {
    exited: undefined,
    exit: new Promise<string>((resolve) => {
      child.once('exit', (code, signal) => {
        running.exited = signal ? `signal ${signal}` : `code ${code}`;
        resolve(running.exited);
      });
    }),
    stop: async () => {},
  };
  const spawnError = await new Promise<string | undefined>((resolve) => {
    child.once('spawn', () => resolve(undefined));
    child.once('error', (err: NodeJS.ErrnoException) =>
      resolve(err.code === 'ENOENT' ? `"${file}" was not found; check the command and the PATH` : err.message),
    );
  });
  if (spawnError) throw new TransportStartError(`Failed to start ${quoteWord(file)}: ${spawnError}`);
  const pgid = child.pid!;
  registerProcessGroup(pgid, tracker);
  options.onSpawned?.();
  running.stop = async () => {
    if (!running.exited) {
      signalGroup(pgid, 'SIGTERM');
      const timer = setTimeout(() => signalGroup(pgid, 'SIGKILL'), 2000);
      await running.exit;
      clearTimeout(timer);
    }
    // Children the server left behind share its group, or carry its tag.
    signalGroup(pgid, 'SIGKILL');
    await tracker.sweep();
    unregisterProcessGroup(pgid);
  };
  // Stop waiting as soon as the server dies (its exit says more than a timeout would), or the caller gives up.
  const aborter = new AbortController();
  void running.exit.then(() => aborter.abort());
  const giveUp = () => aborter.abort();
  if (options.signal?.aborted) giveUp();
  options.signal?.addEventListener('abort', giveUp, { once: true });
  const ready = await waitForPort('127.0.0.1', port, options.startupMs, aborter.signal);
  options.signal?.removeEventListener('abort', giveUp);
  if (!ready.ok) {
    // Said before stopping it, which makes it exit.
    const why = running.exited
      ? `it exited (${running.exited}) before listening`
      : options.signal?.aborted
        ? 'the run no longer needed it, and it was stopped before it listened'
        : ready.error;
    await running.stop();
    const tail = output
      .slice(-10)
      .map((l) => `\n    | ${l}`)
      .join('');
    throw new TransportStartError(`Failed to start the HTTP server ${quoteWord(options.command)} on port ${port} (${options.portEnv}=${port}): ${why}${tail}`);
  }
  return running;
}

export async function startManagedServer(options: ManagedServerOptions): Promise<ManagedServer> {
  const output: string[] = [];
  // A failed start stops its process before it throws, so a port still in use is another's.
  const started = await onFreePort(
    (port) => {
      output.length = 0;
      return spawnServer(options, port, output);
    },
    { retry: () => !options.signal?.aborted },
  );
  const { port } = started;
  let current = started.value;
  let restarting: Promise<void> | undefined;
  // One exit subscription per process, however many conversations watch it (one per cell).
  const exitListeners = new Map<RunningServer, Set<(how: string) => void>>();
  const watchExit = (running: RunningServer) => {
    const listeners = new Set<(how: string) => void>();
    exitListeners.set(running, listeners);
    void running.exit.then((how) => {
      exitListeners.delete(running);
      if (!stopped) for (const listener of listeners) listener(how);
    });
    return listeners;
  };
  let stopped = false;
  let stopping: Promise<void> | undefined;
  let restarts = 0;
  return {
    port,
    output,
    get restarts() {
      return restarts;
    },
    // Conversations that open at the same time after a crash share one restart.
    ensureRunning() {
      if (stopped || current.exited === undefined) return restarting ?? Promise.resolve();
      // The dead server's group may hold children that still have the port: reap them first.
      restarting ??= current
        .stop()
        .then(() => spawnServer(options, port, output))
        .then((next) => {
          current = next;
          restarts++;
        })
        .finally(() => {
          restarting = undefined;
        });
      return restarting;
    },
    onExit(listener) {
      // Listeners hang on the process running now; one that is gone already hears at once (async).
      const listeners = exitListeners.get(current) ?? watchExit(current);
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    // Once: the run and the command line that started the server early may both stop it.
    stop: () => {
      stopping ??= (async () => {
        stopped = true;
        await restarting?.catch(() => undefined);
        await current.stop();
      })();
      return stopping;
    },
  };
}
