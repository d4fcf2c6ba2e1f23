// The Streamable HTTP client transport: one POST per message, JSON or SSE answers, the optional
// GET stream, Mcp-Session-Id and MCP-Protocol-Version handling, resumption of a POST stream cut
// before its response, and DELETE on close. Every HTTP fact becomes an `http` event.
import type { IncomingMessage } from 'node:http';
import { compareRevisions, isRevision, isStateless, type Revision } from '../../../schema/revisions.js';
import {
  TransportStartError,
  type CloseReport,
  type HttpCapable,
  type HttpExchange,
  type HttpMethod,
  isJson,
  type RawHttpRequest,
  type RawHttpResponse,
  type SendOptions,
  type SseEvent,
  type Transport,
  resumedStream,
  resumptionStreamId,
} from '../../protocol/index.js';
import { HttpTransportBase, type HttpTransportCommon } from './http-transport-base.js';
import { httpCall, mediaType, readBody, type BodyText } from './http-call.js';
import { mcpHeaders, messageFacts, wireVersion, type MessageFacts } from './mcp-headers.js';
import { readSse } from './sse-reader.js';
import { EventIdLedger } from './event-id-ledger.js';
import { ToolSchemaBook } from './tool-schemas.js';
import { waitForPort } from './wait-for-port.js';

export interface StreamableHttpOptions extends HttpTransportCommon {
  /** Open the GET stream once the session is initialised (default true). */
  openGetStream?: boolean;
  /** How often a cut POST stream is resumed with Last-Event-ID before giving up. */
  maxResumptions?: number;
  /** The revision the cell speaks; for a stateless one it supplies the headers of requests without `_meta`. */
  revision?: Revision;
  /**
   * Shared by the transports of one run: once one of them found the server listening, the others
   * skip the pre-flight connection check (a server that dies later shows as failed POSTs).
   */
  reachability?: { known: boolean };
  /**
   * The tools' inputSchemas as listed at 2026-07-28, shared by the transports of one run (default:
   * this transport's own): a tools/call carries the Mcp-Param-* headers its tool's schema asks for.
   */
  toolSchemas?: ToolSchemaBook;
}

const ACCEPT_BOTH = 'application/json, text/event-stream';
const UTF8_RULE = 'transport.messages.utf8';
const SESSION_ID_RULE = 'transport.http.session-id-visible-ascii';
const VISIBLE_ASCII = /^[\x21-\x7e]+$/;
const ACCEPTED_202_RULE = 'transport.http.input-accepted-202';
const EVENT_ID_RULE = 'transport.http.event-id-unique';

export class StreamableHttpTransport extends HttpTransportBase implements Transport, HttpCapable {
  readonly kind = 'http' as const;
  sessionId: string | undefined;
  /** The protocol version the server answered initialize with (stateful revisions). */
  negotiated: string | undefined;

  private streams = 0;
  /** Stateless requests in flight, by id: aborting one closes its stream (= cancellation). */
  private readonly statelessStreams = new Map<string, AbortController>();
  private getStreamOpened = false;
  /** POSTs of messages without a request whose answer has not come yet (delivered()). */
  private readonly unanswered = new Set<Promise<unknown>>();
  private readonly toolSchemas: ToolSchemaBook;
  /** Every SSE event id of the transport's streams, by session, to notice one reused across streams. */
  private readonly eventIds = new EventIdLedger();
  /** The session each stream the transport reads belongs to ('' when the server keeps none). */
  private readonly streamSessions = new Map<string, string>();

  constructor(private readonly options: StreamableHttpOptions) {
    super(options, 'http', 16);
    this.toolSchemas = options.toolSchemas ?? new ToolSchemaBook();
  }

  async start(): Promise<void> {
    await this.watchServerProcess();
    // Fail fast and clearly when nothing listens, rather than as a missing initialize response.
    if (this.options.reachability?.known) return;
    const port = Number(this.url.port || (this.url.protocol === 'https:' ? 443 : 80));
    const reachable = await waitForPort(this.url.hostname, port, Math.min(this.timeoutMs, 2000), this.aborter.signal);
    if (!reachable.ok) throw new TransportStartError(`Failed to connect to ${this.options.url}: ${reachable.error}`);
    if (this.options.reachability) this.options.reachability.known = true;
  }

  async send(text: string, _options?: SendOptions): Promise<void> {
    if (this.closed) return;
    const facts = messageFacts(text);
    // 2026-07-28 over HTTP: closing the request's stream is the cancellation; no notification is sent.
    if (facts.cancels !== undefined && this.statelessStreams.has(JSON.stringify(facts.cancels))) {
      this.statelessStreams.get(JSON.stringify(facts.cancels))!.abort();
      return;
    }
    const headers = {
      ...this.baseHeaders(true),
      'content-type': 'application/json',
      accept: ACCEPT_BOTH,
      ...mcpHeaders(facts, facts.method === 'initialize' ? undefined : this.versionHeader(), this.statelessRevision(), this.calledToolSchema(facts)),
    };
    const streamId = `post-${++this.streams}`;
    // The POST is answered in the background: send() returns once it is issued, so a scenario can
    // cancel a slow request while its POST is still open.
    const local = new AbortController();
    const keys =
      facts.metaVersion !== undefined && isRevision(facts.metaVersion) && isStateless(facts.metaVersion)
        ? facts.requestIds.map((id) => JSON.stringify(id))
        : [];
    for (const key of keys) this.statelessStreams.set(key, local);
    const signal = AbortSignal.any([this.aborter.signal, local.signal]);
    // A 2026-07-28 tools/list answer teaches the inputSchemas later tools/call headers follow.
    const wire = wireVersion(facts, this.statelessRevision());
    const learn = facts.method === 'tools/list' && wire !== undefined ? (json: unknown) => this.toolSchemas.learn(wire, json) : undefined;
    let answered: () => void = () => {};
    if (facts.requestIds.length === 0) {
      const pending = new Promise<void>((resolve) => (answered = resolve));
      this.unanswered.add(pending);
      void pending.then(() => this.unanswered.delete(pending));
    }
    this.track(
      this.post(text, headers, streamId, facts.requestIds, facts.initializeVersion !== undefined, signal, learn, answered).finally(() => {
        answered();
        for (const key of keys) if (this.statelessStreams.get(key) === local) this.statelessStreams.delete(key);
      }),
    );
  }

  async delivered(): Promise<void> {
    await Promise.all([...this.unanswered]);
  }

  async close(): Promise<CloseReport> {
    const started = Date.now();
    if (this.closed) return { exitedGracefully: true, escalation: 'none', ms: 0 };
    this.closed = true;
    // Ending the session is the client's courtesy (basic/transports: session management).
    if (this.sessionId !== undefined) {
      const outcome = await this.exchangeOnce(
        'DELETE',
        { ...this.baseHeaders(true), ...this.versionHeaders() },
        undefined,
        `delete-${++this.streams}`,
        1000,
        new AbortController().signal,
      );
      outcome.response?.resume();
    }
    return this.shutdown(started);
  }

  /** An HTTP request written by a scenario; its messages are returned, not fed to the session. */
  async rawRequest(request: RawHttpRequest): Promise<RawHttpResponse> {
    const useSession = request.useSession ?? true;
    const target = request.url === undefined ? this.url : new URL(request.url, this.url);
    // The --header values (an Authorization token among them) are for the MCP server's origin only.
    const sameOrigin = target.origin === this.url.origin;
    const headers: Record<string, string> = {
      ...(sameOrigin ? this.baseHeaders(useSession) : {}),
      ...(useSession ? this.versionHeaders() : {}),
      ...(request.body !== undefined ? { 'content-type': 'application/json', ...this.rawMcpHeaders(request.body) } : {}),
      accept: request.method === 'GET' ? 'text/event-stream' : ACCEPT_BOTH,
    };
    for (const [name, value] of Object.entries(request.headers ?? {})) {
      if (value === null) delete headers[name.toLowerCase()];
      else headers[name.toLowerCase()] = value;
    }
    const streamId = `${request.method.toLowerCase()}-${++this.streams}`;
    const readMs = request.readMs ?? this.timeoutMs;
    const work = (async (): Promise<RawHttpResponse> => {
      const outcome = await this.exchangeOnce(request.method as HttpMethod, headers, request.body, streamId, this.timeoutMs, this.aborter.signal, target);
      const { exchange, response } = outcome;
      const events: SseEvent[] = [];
      if (!response) return { exchange, events, cut: false };
      if (exchange.contentType === 'text/event-stream') {
        const end = await readSse(response, {
          streamId,
          timeoutMs: readMs,
          ...(request.maxEvents !== undefined ? { maxEvents: request.maxEvents } : {}),
          maxBytes: this.maxBody,
          signal: this.aborter.signal,
          onEvent: (e) => events.push(e),
          onTooLarge: (held) => this.reportOverLimit(`an SSE event on ${streamId}`, held),
        });
        return { exchange, events, cut: end !== 'ended' };
      }
      const body = await readBody(response, readMs, this.maxBody, this.aborter.signal);
      if (body.tooLarge !== undefined) this.reportOverLimit(`the body of the ${exchange.status ?? 0} answer on ${streamId}`, body.tooLarge, body.text);
      if (body.invalidUtf8)
        this.emit({ kind: 'violation', rule: UTF8_RULE, detail: `the body of the ${exchange.status ?? 0} answer on ${streamId} is not valid UTF-8` });
      const json = body.text.trim() === '' ? undefined : parseJson(body.text);
      if (json === undefined && body.text) exchange.bodySnippet = body.text.slice(0, 200);
      if (body.text !== '') this.emit({ kind: 'http-body', streamId, status: exchange.status ?? 0, text: body.text.slice(0, 64 * 1024) });
      // The raw text is kept beside the parsed JSON: a body of `null` is still a body.
      return { exchange, events, ...(json !== undefined ? { json } : {}), ...(body.text !== '' ? { text: body.text.slice(0, 64 * 1024) } : {}), cut: body.cut };
    })();
    this.track(work);
    return work;
  }

  private async post(
    text: string,
    headers: Record<string, string>,
    streamId: string,
    ids: (string | number | null)[],
    isInitialize: boolean,
    signal: AbortSignal,
    learn?: (json: unknown) => void,
    answered?: () => void,
  ): Promise<void> {
    const { exchange, response, badHeader } = await this.exchangeOnce('POST', headers, text, streamId, this.timeoutMs, signal);
    // A POST without a request counts as delivered at its status line, unless a body that is not a
    // stream follows: then once that body is read and routed (bounded), so that an answer in it is
    // in the session before a later step judges silence. A stream could stay open: not awaited.
    const bodyFollows = response !== undefined && exchange.contentType !== 'text/event-stream';
    if (!bodyFollows) answered?.();
    if (!response) {
      if (isInitialize && badHeader === 'mcp-session-id') {
        this.emit({
          kind: 'violation',
          rule: SESSION_ID_RULE,
          detail: `the answer to initialize carries an Mcp-Session-Id with a control character, which HTTP cannot carry back (${exchange.error})`,
        });
      }
      // A body that is not JSON at all (a parse-error scenario) is left to its wait: a server that
      // died of it is then reported with how it exited, not as a failed POST.
      if (ids.length && !(ids.length === 1 && ids[0] === null && !isJson(text)))
        this.emit({ kind: 'undelivered', ids, reason: `the POST failed: ${exchange.error}` });
      return;
    }
    const status = exchange.status ?? 0;
    const sessionId = exchange.responseHeaders['mcp-session-id'];
    // An initialize's stream belongs to the session its answer opens; any other to the one it names.
    this.streamSessions.set(streamId, headers['mcp-session-id'] ?? (isInitialize ? sessionId : undefined) ?? '');
    if (isInitialize && status >= 200 && status < 300 && sessionId !== undefined) {
      this.sessionId = sessionId;
      if (!VISIBLE_ASCII.test(sessionId)) {
        this.emit({
          kind: 'violation',
          rule: SESSION_ID_RULE,
          detail: `the session id ${JSON.stringify(sessionId)} holds characters outside visible ASCII (0x21 to 0x7E)`,
        });
      }
    }
    const delivered = new Set<string>();
    const onMessage = (json: unknown, raw: string, eventId?: string, inReplyTo?: string | number | null) => {
      for (const id of responseIds(json)) delivered.add(JSON.stringify(id));
      if (inReplyTo !== undefined && responseIds(json).some((id) => id === null)) delivered.add(JSON.stringify(inReplyTo));
      if (isInitialize) this.learnVersion(json);
      learn?.(json);
      this.emit({
        kind: 'message',
        message: json,
        text: raw,
        streamId,
        ...(eventId !== undefined ? { eventId } : {}),
        ...(inReplyTo !== undefined ? { inReplyTo } : {}),
      });
    };
    if (exchange.contentType === 'text/event-stream' && status >= 200 && status < 300) {
      const { lastId, tooLarge } = await this.readStream(response, streamId, onMessage, signal);
      // An event over the limit would come again on resumption: the session already stopped judging.
      if (signal.aborted || tooLarge) return;
      await this.resumeIfCut(ids, delivered, lastId, streamId, onMessage);
    } else {
      const body = await readBody(response, this.timeoutMs, this.maxBody, signal);
      if (body.tooLarge !== undefined) {
        this.reportOverLimit(`the body of the ${status} answer on ${streamId}`, body.tooLarge, body.text);
        answered?.();
        return;
      }
      this.routeBody(body, status, ids, streamId, onMessage);
      answered?.();
    }
    const missing = ids.filter((id) => !delivered.has(JSON.stringify(id)));
    const sse = exchange.contentType === 'text/event-stream' && status >= 200 && status < 300;
    // A whole answer that is not a stream (an error status, an HTML page, JSON without the
    // response) can bring nothing more: the waits end now rather than at the timeout.
    if (missing.length > 0 && !signal.aborted && (status < 200 || status >= 300 || !sse)) {
      this.emit({
        kind: 'undelivered',
        ids: missing,
        reason: `the POST was answered with HTTP ${status}${exchange.contentType ? ` ${exchange.contentType}` : ''}`,
        status,
      });
    }
    if (isInitialize && this.sessionId !== undefined) this.openGetStreamOnce();
  }

  /**
   * Where the body of a POST answer (not an event stream) goes. Every non-empty body is kept: as a
   * message for the session when it is the JSON-RPC answer to what the POST carried, otherwise as
   * the exchange's raw body in the transcript, so no answer is ever dropped unseen.
   */
  private routeBody(
    body: BodyText,
    status: number,
    ids: (string | number | null)[],
    streamId: string,
    onMessage: (json: unknown, raw: string, eventId?: string, inReplyTo?: string | number | null) => void,
  ): void {
    const text = body.text;
    if (body.invalidUtf8) this.emit({ kind: 'violation', rule: UTF8_RULE, detail: `the body of the ${status} answer on ${streamId} is not valid UTF-8` });
    if (text.trim() === '') return;
    const json = text.trim() === '' ? undefined : parseJson(text);
    const ok = status >= 200 && status < 300;
    if (ids.length === 0) {
      // Only notifications or responses were posted (basic/transports, sending messages): accepted
      // means 202 with no body; refused means an error status whose body MAY be an error without id.
      if (ok) {
        this.emit({
          kind: 'violation',
          rule: ACCEPTED_202_RULE,
          detail: `a POST carrying no request was answered ${status} with a body (${text.length} characters); an accepted notification or response gets 202 and no body`,
          text: `(HTTP ${status} body) ${text.slice(0, 2000)}`,
        });
        // A JSON-RPC answer in that body answers a notification: the session sees it too, as it
        // would on stdio, so the JSON-RPC rules (a notification is never answered, answers carry
        // known ids) judge it beside the transport's 202 rule.
        if (json !== undefined && looksLikeJsonRpc(json)) onMessage(json, text);
      } else {
        this.emit({ kind: 'http-body', streamId, status, text: text.slice(0, 64 * 1024) });
      }
      return;
    }
    if (json !== undefined && (ok || looksLikeJsonRpc(json))) {
      // A JSON-RPC error in a 4xx body answers the POST's request (e.g. -32600 or -32020), also
      // when it carries a null id because the server could not or did not read it.
      onMessage(json, text, undefined, ids.length === 1 ? ids[0] : undefined);
      return;
    }
    if (ok) this.emit({ kind: 'non-json', text: text.slice(0, 2000), reason: `the ${status} response body is not JSON` });
    else this.emit({ kind: 'http-body', streamId, status, text: text.slice(0, 64 * 1024) });
  }

  /** Reads one SSE stream, emitting its messages; returns the last event id seen, and whether an event passed the limit. */
  private async readStream(
    response: IncomingMessage,
    streamId: string,
    onMessage: (json: unknown, raw: string, eventId?: string) => void,
    signal: AbortSignal = this.aborter.signal,
  ): Promise<{ lastId: string | undefined; tooLarge: boolean }> {
    let lastId: string | undefined;
    const end = await readSse(response, {
      streamId,
      timeoutMs: Infinity,
      maxBytes: this.maxBody,
      onTooLarge: (held) => this.reportOverLimit(`an SSE event on ${streamId}`, held),
      signal,
      onInvalidUtf8: () => this.emit({ kind: 'violation', rule: UTF8_RULE, detail: `the event stream ${streamId} is not valid UTF-8` }),
      onEvent: (event) => {
        if (event.id !== undefined) {
          lastId = event.id;
          this.noteEventId(streamId, event.id);
        }
        // An event with empty data primes the stream with an id (2025-11-25) and carries no message.
        if (event.data.trim() === '') return;
        const json = parseJson(event.data);
        if (json === undefined) this.emit({ kind: 'non-json', text: event.data.slice(0, 2000), reason: `SSE event on ${streamId} is not JSON` });
        else onMessage(json, event.data, event.id);
      },
    });
    return { lastId, tooLarge: end === 'too-large' };
  }

  /** A POST stream that ended before its responses is resumed with GET + Last-Event-ID, bounded. */
  private async resumeIfCut(
    ids: (string | number | null)[],
    delivered: Set<string>,
    lastId: string | undefined,
    streamId: string,
    onMessage: (json: unknown, raw: string, eventId?: string) => void,
  ): Promise<void> {
    let cursor = lastId;
    for (let attempt = 0; attempt < (this.options.maxResumptions ?? 2); attempt++) {
      if (this.aborter.signal.aborted || cursor === undefined) return;
      if (ids.every((id) => delivered.has(JSON.stringify(id)))) return;
      const headers = { ...this.baseHeaders(true), ...this.versionHeaders(), accept: 'text/event-stream', 'last-event-id': cursor };
      const { exchange, response } = await this.exchangeOnce(
        'GET',
        headers,
        undefined,
        resumptionStreamId(streamId, attempt + 1),
        this.timeoutMs,
        this.aborter.signal,
      );
      if (!response) return;
      if (exchange.status !== 200 || exchange.contentType !== 'text/event-stream') {
        response.resume();
        return;
      }
      const { lastId: resumedTo, tooLarge } = await this.readStream(response, exchange.streamId, onMessage);
      if (tooLarge) return;
      cursor = resumedTo ?? cursor;
    }
  }

  private openGetStreamOnce(): void {
    if (this.getStreamOpened || this.options.openGetStream === false || this.closed) return;
    this.getStreamOpened = true;
    const streamId = `get-${++this.streams}`;
    this.track(
      (async () => {
        const headers = { ...this.baseHeaders(true), ...this.versionHeaders(), accept: 'text/event-stream' };
        this.streamSessions.set(streamId, this.sessionId ?? '');
        const { exchange, response } = await this.exchangeOnce('GET', headers, undefined, streamId, this.timeoutMs, this.aborter.signal);
        if (!response) return;
        // 405 means "no GET stream here", which the spec allows; anything but SSE is just drained.
        if (exchange.status !== 200 || exchange.contentType !== 'text/event-stream') {
          response.resume();
          return;
        }
        await this.readStream(response, streamId, (json, raw, eventId) =>
          this.emit({ kind: 'message', message: json, text: raw, streamId, ...(eventId !== undefined ? { eventId } : {}) }),
        );
      })(),
    );
  }

  /** Reports an SSE event id that another stream of the same session already used. */
  private noteEventId(streamId: string, eventId: string): void {
    const session = this.streamSessions.get(resumedStream(streamId));
    if (session === undefined) return;
    const reused = this.eventIds.note(session, streamId, eventId);
    if (!reused) return;
    this.emit({
      kind: 'violation',
      rule: EVENT_ID_RULE,
      detail: `the SSE event id ${JSON.stringify(reused.eventId)} came on ${reused.stream} after ${reused.firstStream} of the same ${session === '' ? 'client (no session)' : 'session'} had used it; event ids are unique across all streams of a session`,
    });
  }

  /** Issues one request, records the exchange, and hands back the response (body unread). */
  private async exchangeOnce(
    method: HttpMethod,
    headers: Record<string, string>,
    body: string | undefined,
    streamId: string,
    timeoutMs: number,
    signal: AbortSignal,
    url: URL = this.url,
  ): Promise<{ exchange: HttpExchange; response?: IncomingMessage; badHeader?: string }> {
    // The transcript names the path on the endpoint's origin, the whole URL elsewhere.
    const shown = url === this.url ? url.pathname : url.origin === this.url.origin ? `${url.pathname}${url.search}` : url.href;
    const exchange: HttpExchange = { method, url: shown, streamId, requestHeaders: headers, responseHeaders: {} };
    let outcome: Awaited<ReturnType<typeof httpCall>>;
    try {
      outcome = await httpCall({ method, url, headers, ...(body !== undefined ? { body } : {}), agent: this.agent, timeoutMs, signal });
    } catch (err) {
      // Node refuses to send a header value it deems invalid (e.g. a session id the server minted
      // with a control character): the request fails here, and must say so instead of going silent.
      outcome = { ok: false, error: `the request could not be sent: ${(err as Error).message}` };
    }
    if (!outcome.ok) {
      exchange.error = outcome.error;
      this.emit({ kind: 'http', exchange });
      return { exchange, ...(outcome.badHeader ? { badHeader: outcome.badHeader } : {}) };
    }
    exchange.status = outcome.response.statusCode ?? 0;
    exchange.responseHeaders = outcome.headers;
    const type = mediaType(outcome.headers['content-type']);
    if (type) exchange.contentType = type;
    this.emit({ kind: 'http', exchange });
    return { exchange, response: outcome.response };
  }

  private baseHeaders(withSession: boolean): Record<string, string> {
    const out = this.extraHeaders();
    if (withSession && this.sessionId !== undefined) out['mcp-session-id'] = this.sessionId;
    return out;
  }

  /** MCP-Protocol-Version is required after negotiation from 2025-06-18 on (earlier revisions have no such header). */
  private versionHeader(): string | undefined {
    const v = this.negotiated;
    return v && isRevision(v) && compareRevisions(v, '2025-06-18') >= 0 ? v : undefined;
  }

  /** The inputSchema of the tool a 2026-07-28 tools/call names, when a tools/list answer showed it. */
  private calledToolSchema(facts: MessageFacts): unknown {
    const wire = wireVersion(facts, this.statelessRevision());
    if (facts.method !== 'tools/call' || facts.name === undefined || wire === undefined) return undefined;
    return this.toolSchemas.inputSchema(wire, facts.name);
  }

  /** The MCP headers of a scenario's raw request, mirrored from its body like any other POST's. */
  private rawMcpHeaders(body: string): Record<string, string> {
    const facts = messageFacts(body);
    return mcpHeaders(facts, undefined, undefined, facts.metaVersion !== undefined ? this.calledToolSchema(facts) : undefined);
  }

  private statelessRevision(): Revision | undefined {
    const r = this.options.revision;
    return r !== undefined && isStateless(r) ? r : undefined;
  }

  private versionHeaders(): Record<string, string> {
    const v = this.versionHeader();
    return v ? { 'mcp-protocol-version': v } : {};
  }

  private learnVersion(json: unknown): void {
    const result = (json as { result?: { protocolVersion?: unknown } } | undefined)?.result;
    if (result && typeof result.protocolVersion === 'string') this.negotiated = result.protocolVersion;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Whether a JSON body under an error status is JSON-RPC (names `jsonrpc`), rather than an HTTP
 * framework's own error object such as `{"error":"not found"}`, which is kept as a raw body.
 */
function looksLikeJsonRpc(json: unknown): boolean {
  const list = Array.isArray(json) ? json : [json];
  return list.length > 0 && list.every((m) => !!m && typeof m === 'object' && 'jsonrpc' in m);
}

/** Ids of the responses in a message or batch. */
function responseIds(json: unknown): unknown[] {
  const list = Array.isArray(json) ? json : [json];
  return list
    .filter((m): m is Record<string, unknown> => !!m && typeof m === 'object' && !('method' in m) && ('result' in m || 'error' in m))
    .map((m) => m.id ?? null);
}
