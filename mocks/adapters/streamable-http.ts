// Serves a mock server over Streamable HTTP on 127.0.0.1. The HTTP binding itself (sessions,
// versions, SSE with event ids and Last-Event-ID replay, Origin checks) is the fetch handler's;
// this module translates node:http to fetch Request/Response and back, streaming both bodies,
// mounts the 2024-11-05 HTTP+SSE transport beside it on request, and guards the socket: only
// loopback Host names, and bounded waits for a request's headers and body.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { MockServer } from '../core/index.js';
import { createMcpFetchHandler, type FetchHandlerObserver } from './fetch-http.js';
import { readBodyText } from './http-wire.js';
import { DEFAULT_MAX_MESSAGE_BYTES } from '../../wire/protocol/index.js';
import { createLegacySseHandler } from './legacy-sse.js';

export interface StreamableHttpServerOptions {
  /** 0 (default) picks a free port; read it from the handle. */
  port?: number;
  /** Endpoint path (default `/mcp`). */
  path?: string;
  /** Origins accepted besides this server's own loopback origins. */
  allowedOrigins?: string[];
  /** Longest body accepted (default 64 MiB, as the runner reads); longer ones get 413. */
  maxBodyBytes?: number;
  /** Also serve the 2024-11-05 HTTP+SSE transport at /sse and /messages (default false). */
  legacySse?: boolean;
  /** Sees every HTTP exchange and transport directive carried out (client mode records them). */
  observer?: HttpObserver;
  /** `Host` values accepted besides this server's loopback names with its port (`127.0.0.1:P`, `localhost:P`, `[::1]:P`). */
  allowedHosts?: string[];
  /** A session unused this long is ended and its id gets 404 (default 30 minutes; 0: never). */
  sessionIdleMs?: number;
  /** Longest wait for a request's headers (default 10 s; Node's own is 60 s). */
  headersTimeoutMs?: number;
  /** Longest wait for a whole request, body included (default 30 s; Node's own is 300 s). Answers stream as long as they need. */
  requestTimeoutMs?: number;
}

/** Defaults far below Node's, so that a client trickling its headers or body (slowloris) cannot hold a connection for minutes. */
const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 30_000;

/** Hooks for a test harness watching the HTTP side of the conversation. */
export interface HttpObserver extends Omit<FetchHandlerObserver, 'requestBody'> {
  /** Every request to the endpoint, before it is handled; `res` tells the status once written. */
  request?(req: IncomingMessage, res: ServerResponse): void;
  /** The body of a POST, as read. */
  requestBody?(req: IncomingMessage, text: string): void;
  /** Every TCP connection accepted, before any request on it is parsed. */
  connection?(socket: Socket): void;
}

export interface StreamableHttpServerHandle {
  readonly url: string;
  readonly port: number;
  /** Live stateful sessions. */
  readonly sessionCount: number;
  close(): Promise<void>;
}

/** Serves a mock server over Streamable HTTP on 127.0.0.1 (a free port unless given); `close()` ends every session. */
export async function serveStreamableHttp(server: MockServer, options: StreamableHttpServerOptions = {}): Promise<StreamableHttpServerHandle> {
  const path = options.path ?? '/mcp';
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const { observer } = options;
  let port = 0;
  const legacy = options.legacySse ? createLegacySseHandler(server) : undefined;
  const ownOrigins = () => [`http://127.0.0.1:${port}`, `http://localhost:${port}`, ...(options.allowedOrigins ?? [])];
  // The fetch request each node request became, so the observer hears of bodies by node request.
  const nodeRequests = new WeakMap<Request, IncomingMessage>();
  // Built after listen: the own origin includes the port.
  let endpoint!: ReturnType<typeof createMcpFetchHandler>;

  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  // Node refuses a headers bound longer than the whole request's.
  const headersTimeout = Math.min(options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS, requestTimeout || Number.POSITIVE_INFINITY);
  // Node checks the two bounds every connectionsCheckingInterval (30 s by default), which would
  // let a slow request live that much longer than its bound.
  const checkEvery = Math.max(50, Math.min(1000, Math.floor(Math.min(headersTimeout, requestTimeout) / 4)));
  const ownHosts = () => [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, ...(options.allowedHosts ?? [])];

  const httpServer = http.createServer({ headersTimeout, requestTimeout, connectionsCheckingInterval: checkEvery }, (req, res) => {
    handle(req, res).catch((err: Error) => {
      if (!res.headersSent) plainError(res, 500, `internal error: ${err.message}`);
      else res.end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    // DNS rebinding: a page of another site whose name was made to resolve to 127.0.0.1 reaches
    // this port with its own name as Host, and a same-origin GET carries no Origin to refuse. A
    // server bound to loopback answers only its loopback names (basic/transports, Security Warning).
    const host = req.headers.host?.toLowerCase();
    if (host === undefined || !ownHosts().includes(host))
      return plainError(res, 403, `host ${host ?? '(none)'} is not allowed: this server answers only ${ownHosts().join(', ')}`);
    const origin = req.headers.origin;
    if (legacy && url.pathname !== path) {
      if (origin !== undefined && !ownOrigins().includes(origin)) return plainError(res, 403, `origin ${origin} is not allowed`);
      if (await legacy.handle(req, res, url, () => readBodyText({ body: bodyStream(req) }, maxBody))) return;
    }
    if (url.pathname !== path) return plainError(res, 404, `no MCP endpoint at ${url.pathname}; use ${path}`);
    observer?.request?.(req, res);
    let request: Request;
    try {
      request = toFetchRequest(req, res, `http://127.0.0.1:${port}${req.url ?? path}`);
    } catch {
      // Methods fetch refuses to carry (CONNECT, TRACE, TRACK) are no MCP method either.
      res.setHeader('allow', 'GET, POST, DELETE');
      return plainError(res, 405, `method ${req.method} is not allowed`);
    }
    nodeRequests.set(request, req);
    await writeFetchResponse(await endpoint.handle(request), res);
  }

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (httpServer.address() as AddressInfo).port;
  if (observer?.connection) httpServer.on('connection', (socket: Socket) => observer.connection?.(socket));
  endpoint = createMcpFetchHandler(server, {
    allowedOrigins: ownOrigins(),
    maxBodyBytes: maxBody,
    ...(options.sessionIdleMs !== undefined ? { sessionIdleMs: options.sessionIdleMs } : {}),
    observer: {
      requestBody: (request, text) => {
        const req = nodeRequests.get(request);
        if (req) observer?.requestBody?.(req, text);
      },
      streamDropped: (info) => observer?.streamDropped?.(info),
      sessionEnded: (id) => observer?.sessionEnded?.(id),
    },
  });
  return {
    url: `http://127.0.0.1:${port}${path}`,
    port,
    get sessionCount() {
      return endpoint.sessionCount;
    },
    close: async () => {
      endpoint.close();
      legacy?.closeAll();
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}

/** A fetch Request for a node request: headers as sent, the body streamed, aborted when the client hangs up. */
function toFetchRequest(req: IncomingMessage, res: ServerResponse, url: string): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const aborter = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) aborter.abort();
  });
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'DELETE';
  return new Request(url, {
    method: req.method ?? 'GET',
    headers,
    signal: aborter.signal,
    ...(hasBody ? { body: bodyStream(req), duplex: 'half' } : {}),
  } as RequestInit);
}

/**
 * The node request body as a web stream. The request is read to its end whatever the handler does
 * (an early 415, or a 413 that stops reading), so the socket is never left stalled with unread bytes
 * and the error answer can still be written; chunks after a cancel are dropped.
 */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let dropped = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.on('data', (chunk: Buffer) => {
        if (!dropped) controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      });
      req.on('end', () => {
        if (!dropped) controller.close();
      });
      req.on('error', (err) => {
        if (!dropped) controller.error(err);
      });
    },
    cancel() {
      dropped = true;
    },
  });
}

/**
 * Writes a fetch Response to a node response, chunk by chunk as the body produces them (an SSE
 * stream flows event by event). The client hanging up cancels the body, which ends the stream's
 * sink, so nothing keeps writing to a closed socket.
 */
async function writeFetchResponse(response: Response, res: ServerResponse): Promise<void> {
  // setHeader (not writeHead's object) keeps the headers readable with getHeader for observers.
  response.headers.forEach((value, name) => res.setHeader(name, value));
  res.writeHead(response.status);
  if (!response.body) {
    res.end();
    return;
  }
  res.flushHeaders();
  const reader = response.body.getReader();
  res.once('close', () => void reader.cancel().catch(() => undefined));
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    res.write(value);
  }
  res.end();
}

function plainError(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(`${message}\n`);
}
