// Streamable HTTP for a mock server as a fetch handler, `(Request) => Promise<Response>`, with no
// socket: the shape msw handlers, service workers and edge runtimes expect. Stateful revisions get
// sessions (Mcp-Session-Id minted at initialize, 400 without it, 404 once unknown or deleted);
// 2026-07-28 requests get a fresh connection per POST. Requests are answered on an SSE stream that
// closes after the last response; notifications and responses are accepted with 202. A handler's
// end-session directive is carried out (the call is answered, then the session id gets 404). Not
// here: Last-Event-ID resumption and so the drop-stream directive (serve over node:http for those).
import { randomUUID } from 'node:crypto';
import { idKey, isRequest, META, type RequestId } from '../../runner/protocol/index.js';
import { isRevision, isStateless } from '../../schema/revisions.js';
import type { MockServer, ServerConnection } from '../core/index.js';

export interface FetchHandlerOptions {
  /** Origins accepted besides the endpoint's own (DNS rebinding protection). */
  allowedOrigins?: string[];
}

export interface McpFetchHandler {
  handle(request: Request): Promise<Response>;
  /** Live stateful sessions. */
  readonly sessionCount: number;
  /** Ends every session and open stream. */
  close(): void;
}

/** One POST's (or the GET's) SSE stream: the request ids it still waits for, and its writer. */
interface Stream {
  waiting: Set<string>;
  push(message: unknown): void;
  end(): void;
}

interface Session {
  connection: ServerConnection;
  streams: Stream[];
  standalone?: Stream;
}

const JSON_TYPE = 'application/json';
const SSE_TYPE = 'text/event-stream';
const encoder = new TextEncoder();

function jsonRpcError(status: number, code: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } }), { status, headers: { 'content-type': JSON_TYPE, ...headers } });
}

function accepts(request: Request, type: string): boolean {
  const accept = request.headers.get('accept') ?? '';
  return accept.split(',').some((part) => {
    const media = part.split(';')[0]!.trim().toLowerCase();
    return media === type || media === '*/*';
  });
}

function sseStream(): { stream: Stream; body: ReadableStream<Uint8Array> } {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let open = true;
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      open = false;
    },
  });
  const stream: Stream = {
    waiting: new Set(),
    push(message) {
      if (open) controller.enqueue(encoder.encode(`id: ${++next}\nevent: message\ndata: ${JSON.stringify(message)}\n\n`));
    },
    end() {
      if (!open) return;
      open = false;
      controller.close();
    },
  };
  return { stream, body };
}

/** Response ids an outgoing message (or batch) carries, as idKeys. */
function responseIds(message: unknown): string[] {
  const items = Array.isArray(message) ? message : [message];
  return items.filter((m) => m && typeof m === 'object' && !('method' in m) && 'id' in m).map((m) => idKey((m as { id: RequestId }).id));
}

/** Routes a session's outgoing message: a response to the stream waiting for it; anything else to the newest open POST stream, else the GET stream. */
function route(session: Pick<Session, 'streams' | 'standalone'>, message: unknown): void {
  const ids = responseIds(message);
  const target =
    ids.length > 0 ? session.streams.find((s) => ids.some((id) => s.waiting.has(id))) : (session.streams[session.streams.length - 1] ?? session.standalone);
  if (!target) return;
  target.push(message);
  for (const id of ids) target.waiting.delete(id);
  if (target !== session.standalone && target.waiting.size === 0) {
    target.end();
    session.streams.splice(session.streams.indexOf(target), 1);
  }
}

export function createMcpFetchHandler(server: MockServer, options: FetchHandlerOptions = {}): McpFetchHandler {
  const sessions = new Map<string, Session>();

  function endSession(id: string): void {
    const session = sessions.get(id);
    if (!session) return;
    sessions.delete(id);
    closeSession(session);
  }

  function closeSession(session: Session): void {
    for (const s of session.streams) s.end();
    session.standalone?.end();
    session.connection.close();
  }

  /** A stateful session whose handlers may end it: forgotten at once (404 from then on), closed once the call is answered. */
  function openSession(id: string): Session {
    const session: Session = { streams: [], connection: undefined as unknown as ServerConnection };
    let endAfter: string | undefined;
    session.connection = server.connect(
      (message) => {
        route(session, message);
        if (endAfter !== undefined && responseIds(message).includes(endAfter)) queueMicrotask(() => closeSession(session));
      },
      {
        onTransport: (directive) => {
          if (directive.kind !== 'end-session') return false;
          sessions.delete(id);
          endAfter = idKey(directive.requestId);
          return true;
        },
      },
    );
    sessions.set(id, session);
    return session;
  }

  function sessionOf(request: Request): Session | Response {
    const id = request.headers.get('mcp-session-id');
    if (id === null) return jsonRpcError(400, -32000, 'Bad Request: Mcp-Session-Id header is required');
    return sessions.get(id) ?? jsonRpcError(404, -32001, 'Session not found');
  }

  async function post(request: Request, versionHeader: string | null): Promise<Response> {
    const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== JSON_TYPE) return jsonRpcError(415, -32000, 'Unsupported Media Type: Content-Type must be application/json');
    if (!accepts(request, JSON_TYPE) || !accepts(request, SSE_TYPE)) return jsonRpcError(406, -32000, 'Not Acceptable: Accept must list application/json and text/event-stream');
    let body: unknown;
    try {
      body = JSON.parse(await request.text());
    } catch {
      return jsonRpcError(400, -32700, 'Parse error: the body is not JSON');
    }
    const items = Array.isArray(body) ? body : [body];
    if (items.length === 0 || items.some((m) => !m || typeof m !== 'object')) return jsonRpcError(400, -32600, 'Invalid Request: not a JSON-RPC message or batch');
    const ids = items.filter(isRequest).map((m) => idKey(m.id));
    const metaVersion = (items[0] as { params?: { _meta?: Record<string, unknown> } }).params?._meta?.[META.protocolVersion];
    const declared = typeof metaVersion === 'string' ? metaVersion : versionHeader;
    if (declared && isRevision(declared) && isStateless(declared)) return statelessPost(body, ids);

    let session: Session;
    const headers: Record<string, string> = {};
    if (items.some((m) => (m as { method?: unknown }).method === 'initialize')) {
      if (Array.isArray(body)) return jsonRpcError(400, -32600, 'Invalid Request: initialize must not be part of a batch');
      const id = randomUUID();
      session = openSession(id);
      headers['mcp-session-id'] = id;
    } else {
      const found = sessionOf(request);
      if (found instanceof Response) return found;
      session = found;
    }
    if (ids.length === 0) {
      session.connection.receive(body);
      return new Response(null, { status: 202, headers });
    }
    const { stream, body: sse } = sseStream();
    ids.forEach((id) => stream.waiting.add(id));
    session.streams.push(stream);
    session.connection.receive(body);
    return new Response(sse, { status: 200, headers: { 'content-type': SSE_TYPE, 'cache-control': 'no-cache', ...headers } });
  }

  function statelessPost(body: unknown, ids: string[]): Response {
    const streams: Stream[] = [];
    const connection = server.connect((message) => {
      route({ streams }, message);
      if (streams.length === 0) connection.close();
    });
    if (ids.length === 0) {
      connection.receive(body);
      connection.close();
      return new Response(null, { status: 202 });
    }
    const { stream, body: sse } = sseStream();
    ids.forEach((id) => stream.waiting.add(id));
    streams.push(stream);
    connection.receive(body);
    return new Response(sse, { status: 200, headers: { 'content-type': SSE_TYPE, 'cache-control': 'no-cache' } });
  }

  function get(request: Request, versionHeader: string | null): Response {
    if (versionHeader && isRevision(versionHeader) && isStateless(versionHeader)) {
      return new Response('GET is not supported on the stateless wire; use subscriptions/listen', { status: 405, headers: { allow: 'POST' } });
    }
    if (!accepts(request, SSE_TYPE)) return new Response('Not Acceptable: Accept must list text/event-stream', { status: 406 });
    const found = sessionOf(request);
    if (found instanceof Response) return found;
    if (found.standalone) return jsonRpcError(409, -32000, 'Conflict: this session already has a GET stream open');
    const { stream, body } = sseStream();
    found.standalone = stream;
    return new Response(body, { status: 200, headers: { 'content-type': SSE_TYPE, 'cache-control': 'no-cache' } });
  }

  return {
    async handle(request) {
      const own = new URL(request.url).origin;
      const origin = request.headers.get('origin');
      if (origin !== null && origin !== own && !(options.allowedOrigins ?? []).includes(origin)) return jsonRpcError(403, -32000, `Forbidden: origin ${origin} is not allowed`);
      const versionHeader = request.headers.get('mcp-protocol-version');
      if (versionHeader !== null && !(isRevision(versionHeader) && server.revisions.includes(versionHeader))) {
        return jsonRpcError(400, -32000, `Bad Request: unsupported MCP-Protocol-Version ${versionHeader}`);
      }
      switch (request.method) {
        case 'POST':
          return post(request, versionHeader);
        case 'GET':
          return get(request, versionHeader);
        case 'DELETE': {
          const found = sessionOf(request);
          if (found instanceof Response) return found;
          endSession(request.headers.get('mcp-session-id')!);
          return new Response(null, { status: 200 });
        }
        default:
          return new Response(`method ${request.method} is not allowed`, { status: 405, headers: { allow: 'GET, POST, DELETE' } });
      }
    },
    get sessionCount() {
      return sessions.size;
    },
    close() {
      for (const id of [...sessions.keys()]) endSession(id);
    },
  };
}
