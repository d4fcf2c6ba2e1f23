// Client mode over Streamable HTTP: the scenario's mock is served on 127.0.0.1 and the client is
// given its URL ({url}). The mock's interceptors record every message in each direction, per
// connection (each HTTP session, or each stateless POST, is one connection of the mock); the
// server's observer records the HTTP side (methods, headers, statuses, dropped streams, ended
// sessions) for the HTTP-level expectations.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { serveStreamableHttp, type MockServer, type StreamableHttpServerHandle } from '../../mocks/index.js';
import type { ClientHost, HttpFacts, HttpRequestRecord, RecordedLine, Recorder } from './host-facts.js';
import { DEFAULT_MAX_MESSAGE_BYTES, overLimitReason, startDeadline } from '../../wire/protocol/index.js';

/** Request headers the client checks judge, shown in each request's transcript note (lower case). */
const JUDGED_HEADERS = new Set(['accept', 'mcp-session-id', 'mcp-protocol-version', 'last-event-id', 'mcp-method', 'mcp-name']);

export type { HttpFacts, HttpRequestRecord } from './host-facts.js';

/** Longest wait at close for connections and request bodies still arriving. */
const SETTLE_MS = 1000;

export class HttpClientHost implements ClientHost {
  readonly fromClient: RecordedLine[] = [];
  readonly toClient: RecordedLine[] = [];
  readonly http: HttpFacts = { requests: [], drops: [], endedSessions: [] };
  private readonly connections = new Set<number>();
  private readonly unhook: () => void;
  private readonly started = Date.now();
  private readonly byRequest = new WeakMap<IncomingMessage, HttpRequestRecord>();
  private handle: StreamableHttpServerHandle | undefined;
  /** POSTs whose body is not yet with the mock; `close` waits for them (bounded). */
  private readonly reading = new Set<IncomingMessage>();
  /** Connections the client has not ended yet: what it wrote on them may still be unread. */
  private readonly open = new Set<Socket>();
  private onSettled: (() => void) | undefined;

  constructor(
    private readonly mock: MockServer,
    private readonly record: Recorder,
    /** Longest POST body read from the client (--max-message-bytes); the mock answers a longer one 413. */
    private readonly maxMessageBytes = DEFAULT_MAX_MESSAGE_BYTES,
  ) {
    const keep = (into: RecordedLine[], dir: 'send' | 'recv', message: unknown, connection: number) => {
      for (const item of Array.isArray(message) ? message : [message]) {
        const text = JSON.stringify(item);
        into.push({ seq: record(dir, text), connection, text, message: item });
      }
    };
    this.unhook = mock.intercept({
      incoming: (message, info) => {
        this.connections.add(info.connection.id);
        keep(this.fromClient, 'recv', message, info.connection.id);
      },
      outgoing: (message, info) => keep(this.toClient, 'send', message, info.connection.id),
    });
  }

  /** Starts serving; the text that replaces {url} in the client command. */
  async start(): Promise<string> {
    this.handle = await serveStreamableHttp(this.mock, {
      port: 0,
      maxBodyBytes: this.maxMessageBytes,
      observer: {
        request: (req, res) => this.onRequest(req, res),
        connection: (socket) => {
          this.open.add(socket);
          const ended = () => {
            if (this.open.delete(socket)) this.onSettled?.();
          };
          socket.once('end', ended);
          socket.once('close', ended);
        },
        requestBody: (req, text) => {
          // Called before the mock receives the body; the mock handles it in the same turn.
          queueMicrotask(() => this.bodyDone(req));
          const entry = this.byRequest.get(req);
          if (!entry) return;
          try {
            entry.body = JSON.parse(text);
          } catch {
            entry.body = undefined;
          }
        },
        streamDropped: ({ lastEventId, retryMs }) => {
          const seq = this.record(
            'note',
            `mock closed the connection of an SSE stream after event ${lastEventId}${retryMs !== undefined ? ` (retry: ${retryMs})` : ''}`,
          );
          this.http.drops.push({ seq, t: this.now(), lastEventId, ...(retryMs !== undefined ? { retryMs } : {}) });
        },
        sessionEnded: (id) => {
          const seq = this.record('note', `mock ended session ${id}: later requests naming it get 404`);
          this.http.endedSessions.push({ seq, id });
        },
      },
    });
    return this.handle.url;
  }

  /** A body the mock refused with 413 passed the runner's limit: the conversation is not judged. */
  get overLimit(): string | undefined {
    return this.http.requests.some((r) => r.status === 413) ? overLimitReason('client', this.maxMessageBytes) : undefined;
  }

  /** Mock connections, or 1 when every request was refused before reaching the mock (e.g. a missing header). */
  get connectionCount(): number {
    return Math.max(this.connections.size, this.http.requests.length > 0 ? 1 : 0);
  }

  /** Called once the client has exited (or been stopped): judges nothing sent before that is lost. */
  async close(): Promise<void> {
    await this.settled(SETTLE_MS);
    this.unhook();
    await this.handle?.close();
    this.mock.close();
  }

  /**
   * Resolves once everything the client wrote before it went away is with the mock, or after
   * `maxMs`: every connection it opened is accepted and ended (its requests parsed), and every
   * request body that started arriving has been read and handed to the mock (or its request ended
   * without one). A POST still in flight as the client exits (the cancellation of a call it gave up
   * on, on a connection of its own) is judged, not cut off by closing the server. The client is
   * gone by now, so its connections end promptly; one it left to a surviving child holds only `maxMs`.
   */
  private async settled(maxMs: number): Promise<void> {
    // Connections still in the listen backlog, and bytes not yet read, are the event loop's next
    // turns: two check phases have a poll phase between them, where they are accepted and read.
    await new Promise<void>((resolve) => setImmediate(resolve));
    await new Promise<void>((resolve) => setImmediate(resolve));
    const quiet = () => this.open.size === 0 && this.reading.size === 0;
    if (quiet()) return;
    await new Promise<void>((resolve) => {
      const cancelDeadline = startDeadline(maxMs, done);
      function done(): void {
        cancelDeadline();
        resolve();
      }
      this.onSettled = () => {
        if (quiet()) done();
      };
    });
    this.onSettled = undefined;
  }

  private bodyDone(req: IncomingMessage): void {
    if (this.reading.delete(req)) this.onSettled?.();
  }

  private now(): number {
    return Date.now() - this.started;
  }

  private onRequest(req: IncomingMessage, res: ServerResponse): void {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value[0]! : value;
    // Every header a client check judges shows in the transcript, so that a verdict's evidence can
    // be read from the report: the session and version headers, resumption, Accept, and the
    // 2026-07-28 request headers (Mcp-Method, Mcp-Name, one Mcp-Param-* per annotated argument).
    const shown = Object.keys(headers)
      .filter((h) => JUDGED_HEADERS.has(h) || h.startsWith('mcp-param-'))
      .map((h) => `${h}: ${headers[h]}`);
    const seq = this.record('note', `HTTP ${req.method ?? '?'} from the client${shown.length ? ` [${shown.join(', ')}]` : ''}`);
    const entry: HttpRequestRecord = {
      seq,
      t: this.now(),
      method: req.method ?? '',
      headers,
      get status() {
        return res.headersSent ? res.statusCode : 0;
      },
      get issuedSession() {
        const v = res.getHeader('mcp-session-id');
        return typeof v === 'string' ? v : undefined;
      },
    };
    this.http.requests.push(entry);
    this.byRequest.set(req, entry);
    if (req.method === 'POST') {
      this.reading.add(req);
      // A body that is never read (refused early, or the client hung up) does not hold up close.
      res.once('close', () => this.bodyDone(req));
      res.once('finish', () => this.bodyDone(req));
    }
    res.once('finish', () =>
      this.record('note', `HTTP ${entry.method} answered ${res.statusCode}${entry.issuedSession ? ` [mcp-session-id: ${entry.issuedSession}]` : ''}`),
    );
  }
}
