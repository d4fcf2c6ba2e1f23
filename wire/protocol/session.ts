// A client-side conversation with one target over one Transport: sends, correlates responses by
// id, answers server-initiated requests, records a bounded transcript and every protocol anomaly.
import type { TranscriptEntry } from './transcript.js';
import { BoundedTranscript, DEFAULT_TRANSCRIPT_LIMITS } from './bounded-transcript.js';
import { classify, idKey, type JsonRpcNotification, type JsonRpcRequest, type JsonRpcResponse, type RequestId } from './json-rpc.js';
import type { Transport, TransportEvent } from './transport.js';
import type { HttpExchange } from './http-exchange.js';
import { limitDepth, MAX_JUDGED_DEPTH } from './depth-limit.js';
import { startDeadline } from './deadline.js';
import { overLimitReason } from './message-limit.js';

export type Author = 'runner' | 'scenario';

export interface OutboundRecord {
  seq: number;
  message?: unknown;
  text: string;
  author: Author;
}

export interface InboundRecord {
  seq: number;
  message: unknown;
  kind: ReturnType<typeof classify>['kind'];
  /** For responses: the method of the request they answer, when known. */
  requestMethod?: string;
  /** HTTP transports: the stream the message came on and its SSE event id. */
  streamId?: string;
  eventId?: string;
}

export interface HttpRecord extends HttpExchange {
  seq: number;
  /** The raw body of an answer that carried no message for the session (error pages, refusals). */
  body?: string;
}

type AnomalyKind =
  | 'non-json'
  | 'invalid-message'
  | 'unknown-id'
  | 'duplicate-response'
  | 'unexpected-batch'
  /** A wire rule the transport saw broken; `rule` names it. */
  | 'transport-violation';

export interface Anomaly {
  kind: AnomalyKind;
  seq: number;
  detail: string;
  /** For `transport-violation`: the rule the transport saw broken. */
  rule?: string;
}

export interface PendingRequest {
  id: RequestId | null;
  method: string;
  sentSeq: number;
  response?: JsonRpcResponse;
  responseSeq?: number;
  /** Why no response can come (HTTP transports: the POST carrying it failed). */
  undelivered?: string;
  /** HTTP transports: the status the POST carrying it was answered with, when it brought no answer. */
  undeliveredStatus?: number;
}

export type ReplyScript = Record<string, { result: unknown } | { error: unknown }>;

export interface SessionOptions {
  /** Answers to server-initiated requests, by method. `ping` is always answered. */
  replies?: ReplyScript;
  /** Caps that keep a flooding target from exhausting memory (bounded-transcript.ts). */
  maxTranscriptEntries?: number;
  maxEntryChars?: number;
  /** Characters of transcript kept at the start of the conversation, and again at its end. */
  maxTranscriptChars?: number;
  /** Characters of notifications kept for judging; later ones are counted only (default 64 MiB). */
  maxRetainedChars?: number;
  now?: () => number;
}

interface Waiter {
  check: () => boolean;
  finish: (ok: boolean) => void;
}

export class Session {
  private readonly kept: BoundedTranscript;
  readonly outbound: OutboundRecord[] = [];
  readonly inbound: InboundRecord[] = [];
  readonly notifications: { seq: number; message: JsonRpcNotification }[] = [];
  readonly serverRequests: { seq: number; message: JsonRpcRequest }[] = [];
  readonly anomalies: Anomaly[] = [];
  readonly stderr: string[] = [];
  /** HTTP exchanges in order (HTTP transports only). */
  readonly http: HttpRecord[] = [];
  closed: { reason: string; exitCode?: number | null; signal?: string | null; seq: number } | undefined;
  /**
   * Set when a message exceeded the runner's own size limit (message-limit.ts): it was not read,
   * so nothing that waits on the conversation can be judged any more. Waits end at once, as when
   * the target has gone, and the cell errors with `reason` (which names the flag that raises it).
   */
  overLimit: { reason: string; seq: number } | undefined;

  private seq = 0;
  /** Characters of the notifications kept so far, and how many were not kept past the budget. */
  private retainedChars = 0;
  private lastTextChars = 0;
  private readonly maxRetainedChars: number;
  unretained = 0;
  private nextId = 1;
  private readonly pending = new Map<string, PendingRequest>();
  private readonly waiters = new Set<Waiter>();
  private readonly started: number;
  private readonly now: () => number;

  constructor(
    readonly transport: Transport,
    private readonly options: SessionOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.started = this.now();
    this.maxRetainedChars = options.maxRetainedChars ?? 64 * 1024 * 1024;
    this.kept = new BoundedTranscript({
      maxEntries: options.maxTranscriptEntries ?? DEFAULT_TRANSCRIPT_LIMITS.maxEntries,
      maxEntryChars: options.maxEntryChars ?? DEFAULT_TRANSCRIPT_LIMITS.maxEntryChars,
      maxChars: options.maxTranscriptChars ?? DEFAULT_TRANSCRIPT_LIMITS.maxChars,
    });
    transport.onEvent((ev) => this.onEvent(ev));
  }

  /** Allocates the next automatic id (integers, never reused within a session). */
  allocateId(): number {
    return this.nextId++;
  }

  async request(method: string, params: Record<string, unknown> | undefined, opts: { id?: RequestId; author?: Author } = {}): Promise<PendingRequest> {
    const id = opts.id ?? this.allocateId();
    const message: JsonRpcRequest = { jsonrpc: '2.0', id, method, ...(params !== undefined ? { params } : {}) };
    const text = JSON.stringify(message);
    const seq = this.record('send', text);
    const entry: PendingRequest = { id, method, sentSeq: seq };
    this.pending.set(idKey(id), entry);
    this.outbound.push({ seq, message, text, author: opts.author ?? 'scenario' });
    await this.transport.send(text);
    return entry;
  }

  async notify(method: string, params?: Record<string, unknown>, author: Author = 'scenario'): Promise<number> {
    const message: JsonRpcNotification = { jsonrpc: '2.0', method, ...(params !== undefined ? { params } : {}) };
    const text = JSON.stringify(message);
    const seq = this.record('send', text);
    this.outbound.push({ seq, message, text, author });
    await this.transport.send(text);
    return seq;
  }

  /**
   * Writes bytes that need not be UTF-8 (given as hex) on a byte-stream transport; the transcript
   * shows them as hex. With `responseId` (null for a parse error) an answer is expected, not stray.
   */
  async sendBytes(hex: string, opts: { responseId?: RequestId | null } = {}): Promise<void> {
    if (this.transport.kind !== 'stdio') throw new Error(`raw bytes need a stdio transport, not ${this.transport.kind}`);
    const seq = this.record('send', `(bytes) ${hex}`);
    this.outbound.push({ seq, message: undefined, text: hex, author: 'scenario' });
    if (opts.responseId !== undefined) this.pending.set(idKey(opts.responseId), { id: opts.responseId, method: '(bytes)', sentSeq: seq });
    await this.transport.send(hex, { raw: true, hex: true });
  }

  /**
   * Sends bytes as written. If the text is a request we can correlate (or `responseId` is given),
   * the response is tracked like any other; `method` labels it in reports.
   */
  async sendRaw(text: string, opts: { raw?: boolean; responseId?: RequestId | null; method?: string } = {}): Promise<PendingRequest | undefined> {
    const seq = this.record('send', text);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    this.outbound.push({ seq, message: parsed, text, author: 'scenario' });
    let entry: PendingRequest | undefined;
    const id =
      opts.responseId !== undefined
        ? opts.responseId
        : parsed && typeof parsed === 'object' && !Array.isArray(parsed) && 'id' in parsed
          ? ((parsed as { id: RequestId }).id ?? null)
          : undefined;
    if (id !== undefined) {
      const method = opts.method ?? (parsed && typeof (parsed as { method?: unknown }).method === 'string' ? (parsed as { method: string }).method : '(raw)');
      entry = { id, method, sentSeq: seq };
      this.pending.set(idKey(id), entry);
    }
    await this.transport.send(text, { raw: opts.raw ?? false });
    return entry;
  }

  /** Requests still waiting for their response (none delivered, none known to be undeliverable). */
  unanswered(): PendingRequest[] {
    return [...this.pending.values()].filter((p) => p.response === undefined && p.undelivered === undefined);
  }

  pendingFor(id: RequestId | null): PendingRequest | undefined {
    return this.pending.get(idKey(id));
  }

  /** Waits until `check` holds (re-evaluated on every event) or the bound passes; true if it held. */
  waitUntil(check: () => boolean, timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
    if (check()) return Promise.resolve(true);
    if (this.closed || this.overLimit || signal?.aborted) return Promise.resolve(check());
    return new Promise((resolve) => {
      // A deadline, not a timer: an answer that arrived in time is read before the bound is judged.
      const cancel = startDeadline(timeoutMs, () => done(false));
      const onAbort = () => done(check());
      signal?.addEventListener('abort', onAbort, { once: true });
      const waiter: Waiter = { check, finish: (ok) => done(ok) };
      const done = (ok: boolean) => {
        cancel();
        signal?.removeEventListener('abort', onAbort);
        this.waiters.delete(waiter);
        resolve(ok);
      };
      this.waiters.add(waiter);
    });
  }

  /** Waits for the response to a pending request; undefined if none arrived within the bound. */
  async response(entry: PendingRequest, timeoutMs: number, signal?: AbortSignal): Promise<JsonRpcResponse | undefined> {
    await this.waitUntil(() => entry.response !== undefined || entry.undelivered !== undefined, timeoutMs, signal);
    return entry.response;
  }

  note(text: string): number {
    return this.record('note', text);
  }

  elapsed(): number {
    return this.now() - this.started;
  }

  get lastSeq(): number {
    return this.seq;
  }

  private onEvent(ev: TransportEvent): void {
    switch (ev.kind) {
      case 'message':
        this.onMessage(ev.message, ev.text, {
          ...(ev.streamId ? { streamId: ev.streamId } : {}),
          ...(ev.eventId !== undefined ? { eventId: ev.eventId } : {}),
          ...(ev.inReplyTo !== undefined ? { inReplyTo: ev.inReplyTo } : {}),
        });
        break;
      case 'http-body': {
        this.record('recv', `(HTTP ${ev.status} body) ${ev.text}`);
        const exchange = [...this.http].reverse().find((x) => x.streamId === ev.streamId);
        if (exchange) exchange.body = ev.text;
        break;
      }
      case 'violation': {
        const seq = ev.text !== undefined ? this.record('recv', ev.text) : this.record('note', ev.detail);
        this.anomalies.push({ kind: 'transport-violation', seq, detail: ev.detail, rule: ev.rule });
        break;
      }
      case 'http': {
        const seq = this.record('note', describeExchange(ev.exchange));
        this.http.push({ ...ev.exchange, seq });
        break;
      }
      case 'undelivered':
        for (const id of ev.ids) {
          const entry = this.pending.get(idKey(id));
          if (entry && entry.response === undefined) {
            entry.undelivered = ev.reason;
            if (ev.status !== undefined) entry.undeliveredStatus = ev.status;
          }
        }
        break;
      case 'non-json': {
        const seq = this.record('recv', ev.text);
        this.anomalies.push({ kind: 'non-json', seq, detail: ev.reason });
        break;
      }
      case 'over-limit': {
        const seq = this.record('recv', `${ev.prefix} … [${ev.atLeast ? 'more than ' : ''}${ev.bytes} bytes not read: over mcp-conform's limit]`);
        this.overLimit ??= { reason: overLimitReason('target', ev.limit), seq };
        break;
      }
      case 'stderr':
        if (this.stderr.length < 2000) this.stderr.push(ev.text);
        this.record('stderr', ev.text);
        break;
      case 'closed': {
        const seq = this.record('note', ev.reason);
        this.closed = { reason: ev.reason, exitCode: ev.exitCode, signal: ev.signal, seq };
        break;
      }
    }
    this.wake();
  }

  private onMessage(message: unknown, text: string, origin: Origin): void {
    const seq = this.record('recv', text);
    this.lastTextChars = text.length;
    // Everything downstream walks messages recursively; nesting is no rule, so it is noted, not judged.
    const depth = limitDepth(message);
    if (depth !== undefined) {
      this.record(
        'note',
        `message #${seq} is nested ${depth >= MAX_JUDGED_DEPTH * 100 ? 'at least ' : ''}${depth} levels deep: it is judged down to level ${MAX_JUDGED_DEPTH}, what lies deeper is not (no rule limits nesting)`,
      );
    }
    const { kind, reason } = classify(message);
    if (kind === 'batch') {
      this.inbound.push({
        seq,
        message,
        kind,
        ...(origin.streamId ? { streamId: origin.streamId } : {}),
        ...(origin.eventId !== undefined ? { eventId: origin.eventId } : {}),
      });
      // A batch of responses answers a batch we sent (2025-03-26); judge each element.
      for (const element of message as unknown[]) this.onSingle(element, seq, origin);
      return;
    }
    this.onSingle(message, seq, origin, reason);
  }

  private onSingle(message: unknown, seq: number, origin: Origin, reason?: string): void {
    const { kind, reason: why } = classify(message);
    const { inReplyTo: _postId, ...where } = origin; // the POST's request id is correlation, not provenance
    if (kind === 'invalid' || kind === 'batch') {
      this.inbound.push({ seq, message, kind, ...where });
      this.anomalies.push({ kind: kind === 'batch' ? 'unexpected-batch' : 'invalid-message', seq, detail: reason ?? why ?? 'invalid' });
      return;
    }
    if (kind === 'response') {
      const response = message as JsonRpcResponse;
      // An error without an id (allowed from 2025-11-25) is treated like one with a null id: both
      // say "the request's id could not be read"; the schema check judges the omission per revision.
      // Over HTTP such an error in the answer to a POST carrying one request answers that request.
      let entry = this.pending.get(idKey(response.id ?? null));
      if ((response.id ?? null) === null && origin.inReplyTo !== undefined) {
        const posted = this.pending.get(idKey(origin.inReplyTo));
        if (posted && posted.response === undefined) entry = posted;
      }
      this.inbound.push({ seq, message, kind, ...where, ...(entry ? { requestMethod: entry.method } : {}) });
      if (!entry) {
        this.anomalies.push({ kind: 'unknown-id', seq, detail: `a response carries id ${JSON.stringify(response.id)}, which no request of ours had` });
      } else if (entry.response !== undefined) {
        this.anomalies.push({ kind: 'duplicate-response', seq, detail: `a second response to id ${JSON.stringify(response.id)} (${entry.method})` });
      } else {
        entry.response = response;
        entry.responseSeq = seq;
      }
      return;
    }
    if (kind === 'notification') {
      // A flood of notifications must not exhaust memory: past the budget they are counted, not kept.
      this.retainedChars += this.lastTextChars;
      if (this.retainedChars > this.maxRetainedChars) {
        if (this.unretained++ === 0) {
          this.record(
            'note',
            `the target sent more than ${Math.round(this.maxRetainedChars / (1024 * 1024))} MiB of notifications in this conversation: later notifications are counted, not kept or judged`,
          );
        }
        return;
      }
      this.inbound.push({ seq, message, kind, ...where });
      this.notifications.push({ seq, message: message as JsonRpcNotification });
      return;
    }
    this.inbound.push({ seq, message, kind, ...where });
    const request = message as JsonRpcRequest;
    this.serverRequests.push({ seq, message: request });
    void this.answer(request);
  }

  private async answer(request: JsonRpcRequest): Promise<void> {
    const scripted = this.options.replies?.[request.method];
    let body: Record<string, unknown>;
    if (request.method === 'ping') body = { result: {} };
    else if (scripted && 'result' in scripted) body = { result: scripted.result };
    else if (scripted && 'error' in scripted) body = { error: scripted.error };
    else body = { error: { code: -32601, message: `mcp-conform has no scripted reply for ${request.method}` } };
    const reply = { jsonrpc: '2.0', id: request.id, ...body };
    const text = JSON.stringify(reply);
    const seq = this.record('send', text);
    this.outbound.push({ seq, message: reply, text, author: 'runner' });
    await this.transport.send(text);
  }

  private record(dir: TranscriptEntry['dir'], text: string): number {
    const seq = ++this.seq;
    this.kept.add(seq, this.elapsed(), dir, text);
    return seq;
  }

  /**
   * Forgets everything recorded so far (transcript, messages, anomalies, answered requests) so that
   * a long-lived session, e.g. the fuzzer's, serving many thousands of exchanges stays bounded.
   */
  discardHistory(): void {
    this.kept.clear();
    this.retainedChars = 0;
    this.overLimit = undefined;
    for (const list of [this.outbound, this.inbound, this.notifications, this.serverRequests, this.anomalies, this.stderr] as unknown[][]) list.length = 0;
    for (const [key, entry] of this.pending) if (entry.response !== undefined) this.pending.delete(key);
  }

  /** The transcript kept: its start and its end, with a note where the middle was cut. A fresh array. */
  get transcript(): TranscriptEntry[] {
    return this.kept.entries();
  }

  /** Number of transcript entries cut from the middle because the transcript was full. */
  get dropped(): number {
    return this.kept.dropped;
  }

  private wake(): void {
    for (const w of [...this.waiters]) {
      const ok = w.check();
      // Once the target is gone nothing more will arrive, and once a message could not be read
      // nothing more can be judged: end every wait now.
      if (ok || this.closed || this.overLimit) w.finish(ok);
    }
  }
}

type Origin = { streamId?: string; eventId?: string; inReplyTo?: string | number | null };

/** Request headers only some exchanges carry, each of which a check judges the answer by. */
const TELLING_REQUEST_HEADERS = ['origin', 'last-event-id'];

/** One transcript line for an HTTP exchange: method, status, media type, session and stream, and the telling headers sent. */
function describeExchange(x: HttpExchange): string {
  const outcome = x.status !== undefined ? `${x.status}${x.contentType ? ` ${x.contentType}` : ''}` : `failed: ${x.error ?? 'no response'}`;
  const session = x.responseHeaders['mcp-session-id'] ?? x.requestHeaders['mcp-session-id'];
  const sent = TELLING_REQUEST_HEADERS.filter((h) => x.requestHeaders[h] !== undefined).map((h) => `, ${h}: ${x.requestHeaders[h]}`);
  return `HTTP ${x.method} ${x.url} → ${outcome} [${x.streamId}${session ? `, session ${session}` : ''}${sent.join('')}]`;
}
