// Makes an HTTP target reachable for a run: starts the server command of a launched target on a
// free port (and stops it afterwards), detects a legacy HTTP+SSE server, and builds its transports.
import type { Revision } from '../schema/revisions.js';
import type { TargetSpec } from '../runner/config/index.js';
import type { Transport, TransportRequest } from '../wire/protocol/index.js';
import {
  LegacySseTransport,
  StreamableHttpTransport,
  ToolSchemaBook,
  createRunAgent,
  detectHttpWire,
  startManagedServer,
  type ManagedServer,
} from '../wire/transports/index.js';

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
 * Starts the server command if there is one (its port replaces the URL's). Rejects with a
 * TransportStartError when the server cannot be started. `notice` hears what the user should know
 * about how the target is tested; `onSpawned`, that the server command's process has started (it
 * is then booting, and the caller may use the wait).
 */
export async function openHttpTarget(
  target: Extract<TargetSpec, { kind: 'http' }>,
  timeoutMs: number,
  notice: (text: string) => void,
  onSpawned?: () => void,
): Promise<LiveHttpTarget> {
  let server: ManagedServer | undefined;
  const url = new URL(target.url);
  if (target.launch) {
    server = await startManagedServer({ ...target.launch, startupMs: Math.max(10_000, timeoutMs * 2), ...(onSpawned ? { onSpawned } : {}) });
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
