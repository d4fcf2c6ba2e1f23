// Starts an HTTP server command for the run (--server CMD --port-env NAME): a free loopback port
// in the named environment variable, a bounded wait until it accepts connections, and a reaped
// process group afterwards, whatever happened in between.
import { execa, type ResultPromise } from 'execa';
import { GROUP_SPAWN_OPTIONS } from '../group-spawn.js';
import { createServer } from 'node:net';
import { TransportStartError } from '../../protocol/index.js';
import { quoteWord, splitCommandLine } from '../command-line.js';
import { registerProcessGroup, signalGroup, unregisterProcessGroup } from '../process-registry.js';
import { waitForPort } from './wait-for-port.js';

export interface ManagedServerOptions {
  command: string;
  portEnv: string;
  cwd?: string;
  env?: Record<string, string>;
  /** Bound on the wait until the port accepts connections. */
  startupMs: number;
}

export interface ManagedServer {
  readonly port: number;
  /** The last lines the server wrote to stderr/stdout (for error messages). */
  readonly output: string[];
  stop(): Promise<void>;
}

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

export async function startManagedServer(options: ManagedServerOptions): Promise<ManagedServer> {
  const [file, ...args] = splitCommandLine(options.command);
  if (!file) throw new TransportStartError('the server command is empty');
  const port = await freePort();
  const output: string[] = [];
  const child: ResultPromise = execa(file, args, {
    ...(options.cwd ? { cwd: options.cwd } : {}),
    env: { ...options.env, [options.portEnv]: String(port) },
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
  let exited: string | undefined;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = signal ? `signal ${signal}` : `code ${code}`;
      resolve();
    });
  });
  const spawnError = await new Promise<string | undefined>((resolve) => {
    child.once('spawn', () => resolve(undefined));
    child.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ENOENT' ? `"${file}" was not found; check the command and the PATH` : err.message));
  });
  if (spawnError) throw new TransportStartError(`Failed to start ${quoteWord(file)}: ${spawnError}`);
  const pgid = child.pid!;
  registerProcessGroup(pgid);
  const stop = async () => {
    if (!exited) {
      signalGroup(pgid, 'SIGTERM');
      const timer = setTimeout(() => signalGroup(pgid, 'SIGKILL'), 2000);
      await exit;
      clearTimeout(timer);
    }
    signalGroup(pgid, 'SIGKILL');
    unregisterProcessGroup(pgid);
  };
  // Stop waiting as soon as the server dies: its exit says more than a timeout would.
  const aborter = new AbortController();
  void exit.then(() => aborter.abort());
  const ready = await waitForPort('127.0.0.1', port, options.startupMs, aborter.signal);
  if (!ready.ok) {
    await stop();
    const why = exited ? `it exited (${exited}) before listening` : ready.error;
    const tail = output.slice(-10).map((l) => `\n    | ${l}`).join('');
    throw new TransportStartError(`Failed to start the HTTP server ${quoteWord(options.command)} on port ${port} (${options.portEnv}=${port}): ${why}${tail}`);
  }
  return { port, output, stop };
}
