// Streamable HTTP for a mock server as a fetch handler, `(Request) => Promise<Response>`: the one
// implementation of the HTTP binding. msw handlers use it directly (no socket); serveStreamableHttp
// puts it behind node:http. Stateful revisions get sessions (Mcp-Session-Id minted at initialize,
// 400 without it, 404 once unknown, ended or deleted) whose SSE streams carry event ids and are kept
// in an event store, so a dropped stream (a handler's drop-stream directive, or a client that hung
// up) is resumed by a GET with Last-Event-ID; a 2026-07-28 request gets a fresh connection per POST
// with its standard headers checked. Requests are answered on an SSE stream that ends after the
// last response; notifications and responses are accepted with 202.
import { randomUUID } from 'node:crypto';
import { DEFAULT_MAX_MESSAGE_BYTES, idKey } from '../../wire/protocol/index.js';
import { compareRevisions, isRevision, isStateless } from '../../schema/revisions.js';
import type { MockServer, ServerConnection } from '../core/index.js';
import { createSseBody, SessionStreams } from './http-session-streams.js';
import {
  accepts,
  headerMismatch,
  isRequestMessage,
  isStatelessMessage,
  JSON_TYPE,
  lacksRequiredMeta,
  loneErrorStatus,
  statelessVersion,
  mediaType,
  plainError,
  readBodyText,
  responseIdsOf,
  rpcError,
  SSE_TYPE,
} from './http-wire.js';

export interface FetchHandlerOptions {
  /** Origins accepted besides the endpoint's own (DNS rebinding protection). */
  allowedOrigins?: string[];
  /** Longest body accepted (default 64 MiB, as the runner reads); longer ones get 413. */
  maxBodyBytes?: number;
  /** Sees what the handler does beyond answering (client mode records it). */
  observer?: FetchHandlerObserver;
  /**
   * A session with no request and no open stream for this long is ended; its id then gets 404
   * (basic/transports, Session Management). Default 30 minutes; 0 keeps sessions until deleted.
   */
  sessionIdleMs?: number;
}

/** How long an unused session lives by default. */
const DEFAULT_SESSION_IDLE_MS = 30 * 60 * 1000;

/** Hooks for a test harness watching the HTTP side of the conversation. */
export interface FetchHandlerObserver {
  /** The body of a POST, as read. */
  requestBody?(request: Request, text: string): void;
  /** A stream's connection was closed by a drop-stream directive after the event `lastEventId`. */
  streamDropped?(info: { lastEventId: string; retryMs?: number }): void;
  /** A session was ended by an end-session directive; its id now gets 404. */
  sessionEnded?(sessionId: string): void;
}

export interface McpFetchHandler {
  handle(request: Request): Promise<Response>;
  /** Live stateful sessions. */
  readonly sessionCount: number;
  /** Ends every session and open stream. */
  close(): void;
}

interface Session {
  id: string;
  connection: ServerConnection;
  streams: SessionStreams;
  /** Ends the session once it has been unused for `sessionIdleMs`. */
  idleTimer?: ReturnType<typeof setTimeout>;
}

// X-Accel-Buffering: no asks reverse proxies not to hold SSE events back (2026-07-28, SHOULD).
const SSE_HEADERS = { 'content-type': SSE_TYPE, 'cache-control': 'no-cache', 'x-accel-buffering': 'no' };

/** The Streamable HTTP binding of a mock server as a fetch handler: answers `Request`s with `Response`s, sessions included. */
export function createMcpFetchHandler(server: MockServer, options: FetchHandlerOptions = {}): McpFetchHandler {
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const observer = options.observer;
  const sessions = new Map<string, Session>();
  const idleMs = options.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS;

  /** Starts the session's idle clock again; when it runs out while a stream is still held, it waits another round. */
  function touch(session: Session): void {
    if (idleMs <= 0) return;
    if (session.idleTimer) clearTimeout(session.idleTimer);
    session.idleTimer = setTimeout(() => {
      if (session.streams.connected) touch(session);
      else if (sessions.get(session.id) === session) endSession(session);
    }, idleMs);
    // A session's clock never keeps the process alive.
    session.idleTimer.unref?.();
  }

  async function post(request: Request, versionHeader: string | undefined): Promise<Response> {
    if (mediaType(request.headers.get('content-type')) !== JSON_TYPE)
      return rpcError(415, -32000, 'Unsupported Media Type: Content-Type must be application/json');
    if (!accepts(request, JSON_TYPE) || !accepts(request, SSE_TYPE))
      return rpcError(406, -32000, 'Not Acceptable: Accept must list application/json and text/event-stream');
    const raw = await readBodyText(request, maxBody);
    if (raw === undefined) return rpcError(413, -32000, `Payload Too Large: bodies are limited to ${maxBody} bytes`);
    observer?.requestBody?.(request, raw);
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return rpcError(400, -32700, 'Parse error: the body is not JSON');
    }
    const items = Array.isArray(body) ? body : [body];
    if (items.length === 0 || items.some((m) => !m || typeof m !== 'object'))
      return rpcError(400, -32600, 'Invalid Request: the body is not a JSON-RPC message or batch');
    const requestIds = items.filter(isRequestMessage).map((m) => idKey(m.id));
    // Without a session, anything but initialize is on the stateless wire when the server speaks it:
    // the connection then answers missing or unsupported `_meta` versions as JSON-RPC errors.
    const hasSession = request.headers.has('mcp-session-id');
    const isInit = !Array.isArray(body) && (body as { method?: unknown }).method === 'initialize';
    const statefulHeader = versionHeader !== undefined && isRevision(versionHeader) && !isStateless(versionHeader);
    const stateless = isStatelessMessage(items[0], versionHeader) || (!hasSession && !isInit && !statefulHeader && server.revisions.some(isStateless));
    if (stateless && Array.isArray(body)) return rpcError(400, -32600, 'Invalid Request: the stateless wire has no batches');
    if (stateless) return statelessPost(request, body, items, requestIds, versionHeader);

    const isInitialize = items.some((m) => (m as { method?: unknown }).method === 'initialize');
    let session: Session;
    const headers: Record<string, string> = {};
    if (isInitialize) {
      if (Array.isArray(body)) return rpcError(400, -32600, 'Invalid Request: initialize must not be part of a batch');
      session = createSession();
      headers['mcp-session-id'] = session.id;
    } else {
      const found = sessionOf(request);
      if (found instanceof Response) return found;
      session = found;
      const refused = badVersionHeader(versionHeader);
      if (refused) return refused;
      // Batches exist only in 2025-03-26; elsewhere an array body is not a valid message.
      if (Array.isArray(body) && session.connection.state.revision !== '2025-03-26') {
        return rpcError(400, -32600, `Invalid Request: batches are not supported in ${session.connection.state.revision ?? 'this revision'}`);
      }
    }
    if (requestIds.length === 0) {
      // Notifications and responses only: accepted, nothing to say (basic/transports: 202).
      session.connection.receive(body);
      return new Response(null, { status: 202, headers });
    }
    const { sink, body: sse } = createSseBody();
    const stream = session.streams.open(requestIds, sink);
    const revision = session.connection.state.revision;
    if (!isInitialize && revision && compareRevisions(revision, '2025-11-25') >= 0) session.streams.prime(stream);
    session.connection.receive(body);
    return new Response(sse, { status: 200, headers: { ...SSE_HEADERS, ...headers } });
  }

  function statelessPost(
    request: Request,
    body: unknown,
    items: unknown[],
    requestIds: string[],
    versionHeader: string | undefined,
  ): Response | Promise<Response> {
    const first = items[0] as { method?: string; id?: string | number; params?: Record<string, unknown> };
    const mismatch = headerMismatch(request, first, versionHeader);
    if (mismatch) return rpcError(400, -32020, `Header mismatch: ${mismatch}`, first.id ?? null);
    if (requestIds.length === 0) {
      const connection = server.connect(() => undefined);
      connection.receive(body);
      connection.close();
      return new Response(null, { status: 202 });
    }
    // The answer's form waits for the first message: a lone error that has an HTTP status of its
    // own (404 for an unknown method, 400 for an unsupported version) is sent as JSON with it;
    // anything else opens the SSE stream.
    return new Promise<Response>((resolve) => {
      const streams = new SessionStreams(false);
      let answered = false;
      const httpHeaders = Object.fromEntries(request.headers);
      const connection = server.connect(
        (message) => {
          if (!answered) {
            answered = true;
            const status = loneErrorStatus(message, requestIds, lacksRequiredMeta(first));
            if (status !== undefined) {
              connection.close();
              resolve(new Response(JSON.stringify(message), { status, headers: { 'content-type': JSON_TYPE } }));
              return;
            }
            const { sink, body: sse } = createSseBody();
            // The client hanging up ends a listen stream (and anything else it was waiting for).
            sink.onClose(() => connection.close());
            streams.open(requestIds, sink);
            resolve(new Response(sse, { status: 200, headers: SSE_HEADERS }));
          }
          streams.route(message, responseIdsOf(message));
          if (streams.openCount === 0) connection.close();
        },
        // Tool handlers compare the Mcp-Param-* headers with the arguments their schema annotates.
        { httpHeaders },
      );
      request.signal.addEventListener('abort', () => connection.close(), { once: true });
      connection.receive(body);
    });
  }

  function get(request: Request, versionHeader: string | undefined): Response {
    if (statelessVersion(versionHeader)) {
      // The stateless wire has no standalone stream: subscriptions/listen replaces it.
      return plainError(405, 'GET is not supported on the stateless wire; use subscriptions/listen', { allow: 'POST' });
    }
    if (!accepts(request, SSE_TYPE)) return plainError(406, 'Not Acceptable: Accept must list text/event-stream');
    const session = sessionOf(request);
    if (session instanceof Response) return session;
    const refused = badVersionHeader(versionHeader);
    if (refused) return refused;
    const lastEventId = request.headers.get('last-event-id');
    if (lastEventId !== null) {
      const found = session.streams.replayFrom(lastEventId);
      // The spec names no status for an event id the server cannot resume; a GET is answered with
      // an SSE stream or 405, and 404 would tell the client its live session is gone.
      if (!found) return plainError(405, `no stream of this session holds event ${lastEventId}; it cannot be resumed`, { allow: 'GET, POST, DELETE' });
      const { sink, body } = createSseBody();
      session.streams.resume(found.stream, found.missed, sink);
      return new Response(body, { status: 200, headers: SSE_HEADERS });
    }
    // A second GET opens a second stream: the spec allows only a stream or 405 here, and a client
    // MAY hold several (basic/transports, Multiple Connections); SessionStreams sends each message
    // on the newest one only, never on two.
    const { sink, body } = createSseBody();
    const stream = session.streams.open([], sink, true);
    const revision = session.connection.state.revision;
    if (revision && compareRevisions(revision, '2025-11-25') >= 0) session.streams.prime(stream);
    return new Response(body, { status: 200, headers: SSE_HEADERS });
  }

  /** From 2025-06-18 an invalid or unsupported MCP-Protocol-Version on a session request gets 400. */
  function badVersionHeader(versionHeader: string | undefined): Response | undefined {
    if (versionHeader === undefined || (isRevision(versionHeader) && server.revisions.includes(versionHeader) && !isStateless(versionHeader))) return undefined;
    return rpcError(
      400,
      -32000,
      `Bad Request: unsupported MCP-Protocol-Version ${versionHeader}; supported: ${server.revisions.filter((r) => !isStateless(r)).join(', ')}`,
    );
  }

  function createSession(): Session {
    // Visible ASCII only (basic/transports: session id characters): a UUID qualifies.
    const id = randomUUID();
    const streams = new SessionStreams(true);
    // The request whose answer ends the session (an end-session directive), if any.
    let endAfter: string | undefined;
    const connection = server.connect(
      (message) => {
        const answered = responseIdsOf(message);
        streams.route(message, answered);
        if (endAfter !== undefined && answered.includes(endAfter)) queueMicrotask(() => endSession(session));
      },
      {
        onTransport: (directive) => {
          const key = idKey(directive.requestId);
          if (directive.kind === 'end-session') {
            // Forgotten at once: from now on its id gets 404; the answer still goes out.
            sessions.delete(id);
            endAfter = key;
            observer?.sessionEnded?.(id);
            return true;
          }
          const lastEventId = streams.drop(key, directive.retryMs);
          if (lastEventId !== undefined) observer?.streamDropped?.({ lastEventId, ...(directive.retryMs !== undefined ? { retryMs: directive.retryMs } : {}) });
          return lastEventId !== undefined;
        },
      },
    );
    const session: Session = { id, connection, streams };
    sessions.set(id, session);
    touch(session);
    return session;
  }

  function endSession(session: Session): void {
    if (session.idleTimer) clearTimeout(session.idleTimer);
    sessions.delete(session.id);
    session.streams.closeAll();
    session.connection.close();
  }

  /** The session named by Mcp-Session-Id, or the answer: 400 without the header, 404 for an unknown id. */
  function sessionOf(request: Request): Session | Response {
    const id = request.headers.get('mcp-session-id');
    if (id === null) return rpcError(400, -32000, 'Bad Request: Mcp-Session-Id header is required');
    const session = sessions.get(id);
    if (!session) return rpcError(404, -32001, 'Session not found');
    touch(session);
    return session;
  }

  return {
    async handle(request) {
      // DNS rebinding: a browser page from another origin must not reach a local server.
      const origin = request.headers.get('origin');
      if (origin !== null && origin !== new URL(request.url).origin && !(options.allowedOrigins ?? []).includes(origin)) {
        return rpcError(403, -32000, `Forbidden: origin ${origin} is not allowed`);
      }
      const versionHeader = request.headers.get('mcp-protocol-version') ?? undefined;
      switch (request.method) {
        case 'POST':
          return post(request, versionHeader);
        case 'GET':
          return get(request, versionHeader);
        case 'DELETE': {
          if (statelessVersion(versionHeader)) {
            // The stateless wire has no sessions to end (2026-07-28, earlier Streamable HTTP revisions).
            return plainError(405, 'DELETE is not supported on the stateless wire: it has no sessions', { allow: 'POST' });
          }
          const session = sessionOf(request);
          if (session instanceof Response) return session;
          endSession(session);
          return new Response(null, { status: 200 });
        }
        default:
          return plainError(405, `method ${request.method} is not allowed`, { allow: 'GET, POST, DELETE' });
      }
    },
    get sessionCount() {
      return sessions.size;
    },
    close() {
      for (const session of [...sessions.values()]) endSession(session);
    },
  };
}
