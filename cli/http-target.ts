// The HTTP side of the CLI: validates --url / --header / --port-env into an `http` TargetSpec,
// starts a --server command that listens on a port (and stops it), and builds its transports.
import { resolve } from 'node:path';
import type { Revision } from '../schema/revisions.js';
import type { HttpLaunch, TargetSpec } from '../runner/config/index.js';
import type { Transport } from '../wire/protocol/index.js';
import { LegacySseTransport, StreamableHttpTransport, detectHttpWire, startManagedServer, type ManagedServer } from '../wire/transports/index.js';
import type { CliOptions } from './program.js';
import { UsageError } from './usage-error.js';

/** Default endpoint of a server started with --port-env (its port is the one we picked). */
const DEFAULT_LAUNCH_URL = 'http://127.0.0.1/mcp';
const DEFAULT_LAUNCH_SSE_URL = 'http://127.0.0.1/sse';

/** An `http` target when the flags ask for one, else undefined (stdio). Throws UsageError on bad combinations. */
export function httpTargetSpec(opts: Pick<CliOptions, 'url' | 'sseUrl' | 'portEnv' | 'server' | 'header' | 'cwd' | 'env'>): Extract<TargetSpec, { kind: 'http' }> | undefined {
  const wantsHttp = opts.url !== undefined || opts.sseUrl !== undefined || opts.portEnv !== undefined;
  if (!wantsHttp) {
    if (opts.header) throw new UsageError('--header applies to HTTP targets, but neither --url nor --port-env was given.', 'Add --url http://127.0.0.1:PORT/mcp.');
    return undefined;
  }
  if (opts.portEnv !== undefined && opts.server === undefined) {
    throw new UsageError('--port-env needs --server: it names the variable that tells the started server its port.', 'Example: --server "node build/http.js" --port-env PORT.');
  }
  const given = opts.url ?? opts.sseUrl;
  if (given !== undefined && opts.server !== undefined && opts.portEnv === undefined) {
    throw new UsageError('--server with --url needs --port-env, so that the runner can give the server its port.', 'Either test a running server with --url alone, or add --port-env PORT.');
  }
  if (opts.server !== undefined && opts.server.trim() === '') throw new UsageError('--server needs a command.', 'Example: --server "node build/http.js" --port-env PORT.');
  const url = given ?? (opts.sseUrl !== undefined ? DEFAULT_LAUNCH_SSE_URL : DEFAULT_LAUNCH_URL);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`--url "${url}" is not a URL.`, 'Example: --url http://127.0.0.1:3000/mcp.');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new UsageError(`--url "${url}" is not an http(s) URL.`, 'Example: --url http://127.0.0.1:3000/mcp.');
  }
  const launch: HttpLaunch | undefined =
    opts.server !== undefined && opts.portEnv !== undefined
      ? {
          command: opts.server,
          portEnv: opts.portEnv,
          ...(opts.cwd ? { cwd: resolve(opts.cwd) } : {}),
          ...(opts.env ? { env: Object.fromEntries(opts.env) } : {}),
        }
      : undefined;
  if (!launch && (opts.cwd || opts.env)) throw new UsageError('--cwd and --env apply to --server, which was not given.', 'Add --server "<command>" --port-env PORT.');
  return {
    kind: 'http',
    url: parsed.toString(),
    ...(opts.header ? { headers: Object.fromEntries(opts.header) } : {}),
    ...(launch ? { launch } : {}),
    ...(opts.sseUrl !== undefined ? { legacySse: true as const } : {}),
  };
}

export interface LiveHttpTarget {
  url: string;
  kind: 'http' | 'sse';
  makeTransport: (revision?: Revision) => Transport;
  /** Times a server the run started died and was started again. */
  readonly restarts: number;
  stop(): Promise<void>;
}

/**
 * Makes the target reachable: starts the server command if there is one (its port replaces the
 * URL's). Rejects with a TransportStartError when the server cannot be started.
 */
export async function openHttpTarget(target: Extract<TargetSpec, { kind: 'http' }>, timeoutMs: number): Promise<LiveHttpTarget> {
  let server: ManagedServer | undefined;
  const url = new URL(target.url);
  if (target.launch) {
    server = await startManagedServer({ ...target.launch, startupMs: Math.max(10_000, timeoutMs * 2) });
    url.port = String(server.port);
  }
  const href = url.toString();
  // A --url that turns out to be a legacy HTTP+SSE server is tested as one, and the user is told.
  let legacySse = target.legacySse === true;
  if (!legacySse && (await detectHttpWire(href, target.headers ?? {}, timeoutMs)) === 'legacy-sse') {
    legacySse = true;
    process.stderr.write(`mcp-conform: ${href} refused a POST of initialize but serves the legacy HTTP+SSE transport (2024-11-05); testing it over that transport.\n`);
  }
  const reachability = { known: false };
  return {
    url: href,
    kind: legacySse ? 'sse' : 'http',
    makeTransport: (revision) => {
      const options = { url: href, ...(target.headers ? { headers: target.headers } : {}), ...(server ? { serverProcess: server } : {}), timeoutMs };
      return legacySse ? new LegacySseTransport(options) : new StreamableHttpTransport({ ...options, reachability, ...(revision ? { revision } : {}) });
    },
    get restarts() {
      return server?.restarts ?? 0;
    },
    stop: async () => server?.stop(),
  };
}


