// Serves a mock server over Streamable HTTP on 127.0.0.1: stateful sessions (Mcp-Session-Id minted
// at initialize) for the stateful revisions, a fresh connection per POST for the stateless one,
// SSE answers with event ids and Last-Event-ID replay, and Origin validation against DNS rebinding.
import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { idKey, META } from '../../runner/protocol/index.js';
import { compareRevisions, isRevision, isStateless, type Revision } from '../../schema/revisions.js';
import type { MockServer, ServerConnection } from '../core/index.js';
import { SessionStreams } from './http-session-streams.js';
import { createLegacySseHandler } from './legacy-sse.js';

export interface StreamableHttpServerOptions {
  /** 0 (default) picks a free port; read it from the handle. */
  port?: number;
  /** Endpoint path (default `/mcp`). */
  path?: string;
  /** Origins accepted besides this server's own loopback origins. */
  allowedOrigins?: string[];
  /** Longest body accepted (default 4 MiB); longer ones get 413. */
  maxBodyBytes?: number;
  /** Also serve the 2024-11-05 HTTP+SSE transport at /sse and /messages (default false). */
  legacySse?: boolean;
  /** Sees every HTTP exchange and transport directive carried out (client mode records them). */
  observer?: HttpObserver;
}

/** Hooks for a test harness watching the HTTP side of the conversation. */
export interface HttpObserver {
  /** Every request to the endpoint, before it is handled; `res` tells the status once written. */
  request?(req: IncomingMessage, res: ServerResponse): void;
  /** The body of a POST, as read. */
  requestBody?(req: IncomingMessage, text: string): void;
  /** A stream's connection was closed by a drop-stream directive after the event `lastEventId`. */
  streamDropped?(info: { lastEventId: string; retryMs?: number }): void;
  /** A session was ended by an end-session directive; its id now gets 404. */
  sessionEnded?(sessionId: string): void;
}

export interface StreamableHttpServerHandle {
  readonly url: string;
  readonly port: number;
  /** Live stateful sessions. */
  readonly sessionCount: number;
  close(): Promise<void>;
}

interface HttpSession {
  id: string;
  connection: ServerConnection;
  streams: SessionStreams;
}

const JSON_TYPE = 'application/json';
const SSE_TYPE = 'text/event-stream';
// X-Accel-Buffering: no asks reverse proxies not to hold SSE events back (2026-07-28, SHOULD).
const SSE_HEADERS = { 'content-type': SSE_TYPE, 'cache-control': 'no-cache', 'x-accel-buffering': 'no' };
/**
 * HTTP statuses 2026-07-28 gives to some errors of a request answered alone (basic/transports/streamable-http;
 * -32021 from basic/index, per-request protocol fields).
 */
const ERROR_STATUS: Record<number, number> = { [-32601]: 404, [-32022]: 400, [-32021]: 400 };

export async function serveStreamableHttp(server: MockServer, options: StreamableHttpServerOptions = {}): Promise<StreamableHttpServerHandle> {
  const path = options.path ?? '/mcp';
  const maxBody = options.maxBodyBytes ?? 4 * 1024 * 1024;
  const sessions = new Map<string, HttpSession>();
  let port = 0;
  const legacy = options.legacySse ? createLegacySseHandler(server) : undefined;
  const ownOrigins = () => [`http://127.0.0.1:${port}`, `http://localhost:${port}`, ...(options.allowedOrigins ?? [])];

  const httpServer = http.createServer((req, res) => {
    handle(req, res).catch((err: Error) => {
      if (!res.headersSent) plainError(res, 500, `internal error: ${err.message}`);
      else res.end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const origin = req.headers.origin;
    if (legacy && url.pathname !== path) {
      if (origin !== undefined && !ownOrigins().includes(origin)) return plainError(res, 403, `origin ${origin} is not allowed`);
      if (await legacy.handle(req, res, url, () => readBody(req, maxBody))) return;
    }
    if (url.pathname !== path) return plainError(res, 404, `no MCP endpoint at ${url.pathname}; use ${path}`);
    options.observer?.request?.(req, res);
    // DNS rebinding: a browser page from another origin must not reach a local server.
    if (origin !== undefined && !ownOrigins().includes(origin)) return rpcError(res, 403, -32000, `Forbidden: origin ${origin} is not allowed`);
    const versionHeader = header(req, 'mcp-protocol-version');
    switch (req.method) {
      case 'POST':
        return post(req, res, versionHeader);
      case 'GET':
        return get(req, res, versionHeader);
      case 'DELETE':
        return remove(req, res);
      default:
        res.setHeader('allow', 'GET, POST, DELETE');
        return plainError(res, 405, `method ${req.method} is not allowed`);
    }
  }

  async function post(req: IncomingMessage, res: ServerResponse, versionHeader: string | undefined): Promise<void> {
    if (mediaType(req.headers['content-type']) !== JSON_TYPE) return rpcError(res, 415, -32000, 'Unsupported Media Type: Content-Type must be application/json');
    if (!accepts(req, JSON_TYPE) || !accepts(req, SSE_TYPE)) return rpcError(res, 406, -32000, 'Not Acceptable: Accept must list application/json and text/event-stream');
    const raw = await readBody(req, maxBody);
    if (raw === undefined) return rpcError(res, 413, -32000, `Payload Too Large: bodies are limited to ${maxBody} bytes`);
    options.observer?.requestBody?.(req, raw);
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return rpcError(res, 400, -32700, 'Parse error: the body is not JSON');
    }
    const items = Array.isArray(body) ? body : [body];
    if (items.length === 0 || items.some((m) => !m || typeof m !== 'object')) return rpcError(res, 400, -32600, 'Invalid Request: the body is not a JSON-RPC message or batch');
    const requestIds = items.filter(isRequest).map((m) => idKey(m.id as string | number));
    // Without a session, anything but initialize is on the stateless wire when the server speaks it:
    // the connection then answers missing or unsupported `_meta` versions as JSON-RPC errors.
    const hasSession = header(req, 'mcp-session-id') !== undefined;
    const isInit = !Array.isArray(body) && (body as { method?: unknown }).method === 'initialize';
    const statefulHeader = versionHeader !== undefined && isRevision(versionHeader) && !isStateless(versionHeader);
    const stateless = isStatelessMessage(items[0], versionHeader) || (!hasSession && !isInit && !statefulHeader && server.revisions.some(isStateless));
    if (stateless && Array.isArray(body)) return rpcError(res, 400, -32600, 'Invalid Request: the stateless wire has no batches');
    if (stateless) return statelessPost(req, res, body, items, requestIds, versionHeader);

    const isInitialize = items.some((m) => (m as { method?: unknown }).method === 'initialize');
    let session: HttpSession;
    if (isInitialize) {
      if (Array.isArray(body)) return rpcError(res, 400, -32600, 'Invalid Request: initialize must not be part of a batch');
      session = createSession();
      res.setHeader('mcp-session-id', session.id);
    } else {
      const found = sessionOf(req, res);
      if (!found) return;
      session = found;
      if (badVersionHeader(res, versionHeader)) return;
      // Batches exist only in 2025-03-26; elsewhere an array body is not a valid message.
      if (Array.isArray(body) && session.connection.state.revision !== '2025-03-26') {
        return rpcError(res, 400, -32600, `Invalid Request: batches are not supported in ${session.connection.state.revision ?? 'this revision'}`);
      }
    }
    if (requestIds.length === 0) {
      // Notifications and responses only: accepted, nothing to say (basic/transports: 202).
      res.writeHead(202).end();
      session.connection.receive(body);
      return;
    }
    res.writeHead(200, SSE_HEADERS);
    res.flushHeaders();
    const stream = session.streams.open(requestIds, res);
    const revision = session.connection.state.revision;
    if (!isInitialize && revision && compareRevisions(revision, '2025-11-25') >= 0) session.streams.prime(stream);
    session.connection.receive(body);
  }

  function statelessPost(req: IncomingMessage, res: ServerResponse, body: unknown, items: unknown[], requestIds: string[], versionHeader: string | undefined): void {
    const first = items[0] as { method?: string; id?: string | number; params?: Record<string, unknown> };
    const mismatch = headerMismatch(req, first, versionHeader);
    if (mismatch) return rpcError(res, 400, -32020, `Header mismatch: ${mismatch}`, first.id ?? null);
    const streams = new SessionStreams(false);
    // The answer's form waits for the first message: a lone error that has an HTTP status of its
    // own (404 for an unknown method, 400 for an unsupported version) is sent as JSON with it;
    // anything else opens the SSE stream.
    let answered = false;
    const connection = server.connect((message) => {
      if (!answered && requestIds.length > 0) {
        answered = true;
        const status = loneErrorStatus(message, requestIds, lacksRequiredMeta(first));
        if (status !== undefined) {
          res.writeHead(status, { 'content-type': JSON_TYPE }).end(JSON.stringify(message));
          connection.close();
          return;
        }
        res.writeHead(200, SSE_HEADERS);
        res.flushHeaders();
        streams.open(requestIds, res);
      }
      streams.route(message, responseIdsOf(message));
      if (streams.openCount === 0) connection.close();
    });
    if (requestIds.length === 0) {
      res.writeHead(202).end();
      connection.receive(body);
      connection.close();
      return;
    }
    // The client hanging up ends a listen stream (and anything else it was waiting for).
    res.on('close', () => connection.close());
    connection.receive(body);
  }

  function get(req: IncomingMessage, res: ServerResponse, versionHeader: string | undefined): void {
    if (statelessVersion(versionHeader)) {
      // The stateless wire has no standalone stream: subscriptions/listen replaces it.
      res.setHeader('allow', 'POST');
      return plainError(res, 405, 'GET is not supported on the stateless wire; use subscriptions/listen');
    }
    if (!accepts(req, SSE_TYPE)) return plainError(res, 406, 'Not Acceptable: Accept must list text/event-stream');
    const session = sessionOf(req, res);
    if (!session || badVersionHeader(res, versionHeader)) return;
    const lastEventId = header(req, 'last-event-id');
    if (lastEventId !== undefined) {
      const found = session.streams.replayFrom(lastEventId);
      if (!found) return plainError(res, 404, `no stream holds event ${lastEventId}`);
      res.writeHead(200, SSE_HEADERS);
      res.flushHeaders();
      session.streams.resume(found.stream, found.missed, res);
      return;
    }
    if (session.streams.standalone) return rpcError(res, 409, -32000, 'Conflict: this session already has a GET stream open');
    res.writeHead(200, SSE_HEADERS);
    res.flushHeaders();
    const stream = session.streams.open([], res, true);
    const revision = session.connection.state.revision;
    if (revision && compareRevisions(revision, '2025-11-25') >= 0) session.streams.prime(stream);
  }

  function remove(req: IncomingMessage, res: ServerResponse): void {
    if (statelessVersion(header(req, 'mcp-protocol-version'))) {
      // The stateless wire has no sessions to end (2026-07-28, earlier Streamable HTTP revisions).
      res.setHeader('allow', 'POST');
      return plainError(res, 405, 'DELETE is not supported on the stateless wire: it has no sessions');
    }
    const session = sessionOf(req, res);
    if (!session) return;
    endSession(session);
    res.writeHead(200).end();
  }

  /** From 2025-06-18 an invalid or unsupported MCP-Protocol-Version on a session request gets 400. */
  function badVersionHeader(res: ServerResponse, versionHeader: string | undefined): boolean {
    if (versionHeader === undefined || (isRevision(versionHeader) && server.revisions.includes(versionHeader) && !isStateless(versionHeader))) return false;
    rpcError(res, 400, -32000, `Bad Request: unsupported MCP-Protocol-Version ${versionHeader}; supported: ${server.revisions.filter((r) => !isStateless(r)).join(', ')}`);
    return true;
  }

  function createSession(): HttpSession {
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
            options.observer?.sessionEnded?.(id);
            return true;
          }
          const lastEventId = streams.drop(key, directive.retryMs);
          if (lastEventId !== undefined) options.observer?.streamDropped?.({ lastEventId, ...(directive.retryMs !== undefined ? { retryMs: directive.retryMs } : {}) });
          return lastEventId !== undefined;
        },
      },
    );
    const session: HttpSession = { id, connection, streams };
    sessions.set(id, session);
    return session;
  }

  function endSession(session: HttpSession): void {
    sessions.delete(session.id);
    session.streams.closeAll();
    session.connection.close();
  }

  /** The session named by Mcp-Session-Id, or an answer: 400 without the header, 404 for an unknown id. */
  function sessionOf(req: IncomingMessage, res: ServerResponse): HttpSession | undefined {
    const id = header(req, 'mcp-session-id');
    if (id === undefined) {
      rpcError(res, 400, -32000, 'Bad Request: Mcp-Session-Id header is required');
      return undefined;
    }
    const session = sessions.get(id);
    if (!session) rpcError(res, 404, -32001, 'Session not found');
    return session;
  }

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (httpServer.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    port,
    get sessionCount() {
      return sessions.size;
    },
    close: async () => {
      for (const s of [...sessions.values()]) endSession(s);
      legacy?.closeAll();
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}

/** Anything with a usable id that is not a response expects an answer (a malformed request gets -32600). */
function isRequest(m: unknown): m is { id: string | number } {
  const o = m as { id?: unknown };
  return (typeof o.id === 'string' || typeof o.id === 'number') && !('result' in (m as object)) && !('error' in (m as object));
}

function responseIdsOf(message: object): string[] {
  const list = Array.isArray(message) ? message : [message];
  return list
    .filter((m: Record<string, unknown>) => !('method' in m) && ('result' in m || 'error' in m))
    .map((m: Record<string, unknown>) => idKey((m.id ?? null) as string | number | null));
}

/** A request is on the stateless wire when its `_meta` (or the header) names a stateless revision. */
function isStatelessMessage(first: unknown, versionHeader: string | undefined): boolean {
  const meta = ((first as { params?: { _meta?: Record<string, unknown> } }).params?._meta ?? {}) as Record<string, unknown>;
  const version = typeof meta[META.protocolVersion] === 'string' ? (meta[META.protocolVersion] as string) : versionHeader;
  return version !== undefined && isRevision(version) && isStateless(version);
}

/** 2026-07-28: the standard headers must be present and agree with the body. */
function headerMismatch(req: IncomingMessage, first: { method?: string; params?: Record<string, unknown> }, versionHeader: string | undefined): string | undefined {
  const meta = (first.params?._meta ?? {}) as Record<string, unknown>;
  // No version anywhere: the connection answers the missing `_meta` itself.
  if (meta[META.protocolVersion] === undefined) return undefined;
  if (versionHeader === undefined) return 'MCP-Protocol-Version header is missing';
  if (meta[META.protocolVersion] !== versionHeader) {
    return `MCP-Protocol-Version header value '${versionHeader}' does not match body value '${String(meta[META.protocolVersion])}'`;
  }
  if (first.method === undefined) return undefined;
  const method = header(req, 'mcp-method');
  if (method === undefined) return 'Mcp-Method header is missing';
  if (method !== first.method) return `Mcp-Method header value '${method}' does not match body value '${first.method}'`;
  const key = first.method === 'resources/read' ? 'uri' : first.method === 'tools/call' || first.method === 'prompts/get' ? 'name' : undefined;
  // A body without the mirrored value is malformed params: the connection answers -32602.
  if (key && typeof first.params?.[key] === 'string') {
    const name = header(req, 'mcp-name');
    const expected = first.params[key] as string;
    if (name === undefined) return 'Mcp-Name header is missing';
    if (decodeSentinel(name) !== expected) return `Mcp-Name header value '${name}' does not match body value '${expected}'`;
  }
  return undefined;
}

/**
 * The status of a message that is the sole answer to the POST: an error with a status of its own.
 * -32602 has one only when it refuses a request lacking a required `_meta` field (basic/index: 400);
 * other invalid params keep 200.
 */
function loneErrorStatus(message: object, requestIds: string[], metaMissing: boolean): number | undefined {
  const m = message as { id?: unknown; error?: { code?: unknown } };
  if (Array.isArray(message) || requestIds.length !== 1 || typeof m.error?.code !== 'number') return undefined;
  if (idKey((m.id ?? null) as string | number | null) !== requestIds[0]) return undefined;
  if (m.error.code === -32602 && metaMissing) return 400;
  return ERROR_STATUS[m.error.code];
}

/** A request whose `_meta` lacks the protocol version or the client capabilities (both required). */
function lacksRequiredMeta(first: { method?: string; params?: Record<string, unknown> }): boolean {
  const meta = (first.params?._meta ?? {}) as Record<string, unknown>;
  return first.method !== undefined && (meta[META.protocolVersion] === undefined || meta[META.clientCapabilities] === undefined);
}

function statelessVersion(versionHeader: string | undefined): boolean {
  return versionHeader !== undefined && isRevision(versionHeader) && isStateless(versionHeader);
}

function decodeSentinel(value: string): string {
  const m = /^=\?base64\?(.*)\?=$/.exec(value);
  return m ? Buffer.from(m[1]!, 'base64').toString('utf8') : value;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function mediaType(value: string | undefined): string | undefined {
  return value?.split(';')[0]!.trim().toLowerCase();
}

function accepts(req: IncomingMessage, type: string): boolean {
  const accept = (req.headers.accept ?? '').toLowerCase();
  return accept.split(',').some((part) => {
    const t = part.split(';')[0]!.trim();
    return t === type || t === '*/*' || t === `${type.split('/')[0]}/*`;
  });
}

function readBody(req: IncomingMessage, max: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= max) chunks.push(c);
    });
    req.on('end', () => resolve(size > max ? undefined : Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve(undefined));
  });
}

function rpcError(res: ServerResponse, status: number, code: number, message: string, id: string | number | null = null): void {
  res.writeHead(status, { 'content-type': JSON_TYPE }).end(JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } }));
}

function plainError(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(`${message}\n`);
}
