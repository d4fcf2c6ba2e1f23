// Makes an HTTP target reachable for a run: starts the server command of a launched target on a
// free port (and stops it afterwards), detects a legacy HTTP+SSE server, and builds its transports.
import type { Revision } from '../schema/revisions.js';
import type { HttpLaunch, TargetSpec } from '../runner/config/index.js';
import type { Transport, TransportRequest } from '../wire/protocol/index.js';
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
}

/** How a run's server comes up: one started already, and who hears that its process runs. */
export interface ServerBoot {
  started?: StartedServer;
  /** Hears that the server's process has started (it is then booting, and the caller may use the wait). */
  onSpawned?: () => void;
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
 */
export async function openHttpTarget(
  target: Extract<TargetSpec, { kind: 'http' }>,
  timeoutMs: number,
  notice: (text: string) => void,
  boot: ServerBoot = {},
): Promise<LiveHttpTarget> {
  let server: ManagedServer | undefined;
  const url = new URL(target.url);
  if (target.launch) {
    const startupMs = serverStartupMs(timeoutMs);
    const { started, onSpawned } = boot;
    if (started && startedFrom(started, target.launch, startupMs)) {
      void started.spawned.then(onSpawned);
      server = await started.server;
    } else {
      server = await startManagedServer({ ...target.launch, startupMs, ...(onSpawned ? { onSpawned } : {}) });
    }
    url.port = String(server.port);
  }
  const href = url.toString();
  // A URL that turns out to be a legacy HTTP+SSE server is tested as one, and the user is told.
  let legacySse = target.legacySse === true;
  try {
    if (!legacySse && (await detectHttpWire(href, target.headers ?? {}, timeoutMs)) === 'legacy-sse') {
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

/** Whether a server started ahead of the run was started as the run would start it. */
function startedFrom(started: StartedServer, launch: HttpLaunch, startupMs: number): boolean {
  return started.startupMs === startupMs && JSON.stringify(started.launch) === JSON.stringify(launch);
}
