// Makes an HTTP target reachable for a run: starts the server command of a launched target on a
// free port (and stops it afterwards), detects a legacy HTTP+SSE server, and builds its transports.
import type { Revision } from '../schema/revisions.js';
import type { HttpLaunch, TargetSpec } from '../runner/config/index.js';
import { TransportStartError, type Transport, type TransportRequest } from '../wire/protocol/index.js';
import {
  LegacySseTransport,
  StreamableHttpTransport,
  ToolSchemaBook,
  createRunAgent,
  detectHttpWire,
  serverStartupMs,
  startManagedServer,
  type ManagedServer,
} from '../wire/transports/index.js';

/**
 * A server started before the run asked for it (the command line starts it as soon as its flags
 * are parsed, so that it boots while the engine's modules load), with what it was started from.
 * The run uses it only for the very same launch; whoever started it stops it in any case.
 */
export interface StartedServer {
  launch: HttpLaunch;
  startupMs: number;
  /** Settles once its process runs (or failed to start). */
  spawned: Promise<void>;
  server: Promise<ManagedServer>;
  /** Ends the wait for it to listen (its process is then stopped and `server` rejects); nothing once it listens. */
  stopWaiting(): void;
}

/** How a run's server comes up: one started already, and who hears that its process runs. */
export interface ServerBoot {
  started?: StartedServer;
  /** Hears that the server's process has started (it is then booting, and the caller may use the wait). */
  onSpawned?: () => void;
  /**
   * The run ended before it needed the target (a usage error): stop waiting for the server to
   * listen and for the wire detection, rather than wait up to their bounds for nothing.
   */
  signal?: AbortSignal;
}

export interface LiveHttpTarget {
  url: string;
  kind: 'http' | 'sse';
  makeTransport: (revision?: Revision, request?: TransportRequest) => Transport;
  /** Adds a header to every later request (the Authorization of a token minted once the target listens). */
  addHeader(name: string, value: string): void;
  /** Times a server the run started died and was started again. */
  readonly restarts: number;
  stop(): Promise<void>;
}

/**
 * Starts the server command if there is one (its port replaces the URL's), or takes the one `boot`
 * started already from the same launch. Rejects with a TransportStartError when the server cannot
 * be started. `notice` hears what the user should know about how the target is tested.
 * `maxMessageBytes`: the longest body or SSE event read (default DEFAULT_MAX_MESSAGE_BYTES).
 */
export async function openHttpTarget(
  target: Extract<TargetSpec, { kind: 'http' }>,
  timeoutMs: number,
  notice: (text: string) => void,
  boot: ServerBoot = {},
  maxMessageBytes?: number,
): Promise<LiveHttpTarget> {
  let server: ManagedServer | undefined;
  const url = new URL(target.url);
  if (target.launch) {
    const startupMs = serverStartupMs(timeoutMs);
    const { started, onSpawned, signal } = boot;
    if (started && startedFrom(started, target.launch, startupMs)) {
      void started.spawned.then(onSpawned);
      // Whoever started it stops it; a run that ended meanwhile only stops waiting for it.
      server = await untilAborted(started.server, signal);
    } else {
      server = await startManagedServer({ ...target.launch, startupMs, ...(onSpawned ? { onSpawned } : {}), ...(signal ? { signal } : {}) });
    }
    url.port = String(server.port);
  }
  const href = url.toString();
  // A URL that turns out to be a legacy HTTP+SSE server is tested as one, and the user is told.
  let legacySse = target.legacySse === true;
  try {
    if (!legacySse && (await detectHttpWire(href, target.headers ?? {}, timeoutMs, boot.signal)) === 'legacy-sse') {
      legacySse = true;
      notice(`${href} refused a POST of initialize but serves the legacy HTTP+SSE transport (2024-11-05); testing it over that transport.`);
    }
  } catch (err) {
    await server?.stop();
    throw err;
  }
  const reachability = { known: false };
  // The probe's tools/list teaches every later cell which arguments travel as Mcp-Param-* headers.
  const toolSchemas = new ToolSchemaBook();
  let headers = target.headers;
  // One keep-alive agent for every conversation of the run: a cell reuses the connections earlier
  // cells left idle instead of opening its own (a run used to open one per two requests). Each cell
  // is still a session of its own: the spec ties a session to its Mcp-Session-Id, not to a connection.
  const agent = createRunAgent();
  return {
    url: href,
    kind: legacySse ? 'sse' : 'http',
    addHeader: (name, value) => {
      headers = { ...headers, [name]: value };
    },
    makeTransport: (revision, request) => {
      const options = {
        url: href,
        ...(request?.ownConnections ? {} : { agent }),
        ...(headers ? { headers } : {}),
        ...(server ? { serverProcess: server } : {}),
        ...(maxMessageBytes !== undefined ? { maxBodyBytes: maxMessageBytes } : {}),
        timeoutMs,
      };
      return legacySse
        ? new LegacySseTransport(options)
        : new StreamableHttpTransport({ ...options, reachability, toolSchemas, ...(revision ? { revision } : {}) });
    },
    get restarts() {
      return server?.restarts ?? 0;
    },
    stop: async () => {
      agent.destroy();
      await server?.stop();
    },
  };
}

/** `promise`, or a TransportStartError as soon as `signal` aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(new TransportStartError('the run ended before the server it started early listened'));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** Whether a server started ahead of the run was started as the run would start it. */
function startedFrom(started: StartedServer, launch: HttpLaunch, startupMs: number): boolean {
  return started.startupMs === startupMs && JSON.stringify(started.launch) === JSON.stringify(launch);
}
