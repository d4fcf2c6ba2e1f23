// The one Transport interface every connection kind implements (stdio, HTTP, SSE, in-memory).
// It lives in the protocol core so that sessions, mocks and the engine share it without importing
// any concrete transport.
import type { HttpExchange } from './http-exchange.js';

export type TransportEvent =
  /** A line (stdio) or body/event (HTTP) that parsed as JSON; the session classifies it. */
  | {
      kind: 'message';
      message: unknown;
      text: string;
      streamId?: string;
      eventId?: string;
      /**
       * HTTP: the id of the one request the POST carried. An error response without a usable id in
       * that POST's own answer is the answer to it (HTTP ties answer to request), not a stray.
       */
      inReplyTo?: string | number | null;
    }
  /** Output on the protocol channel that is not JSON at all. */
  | { kind: 'non-json'; text: string; reason: string }
  /**
   * A message (stdio line, HTTP body, SSE event) longer than the runner's own limit (`limit`
   * bytes; message-limit.ts): not read, only its first characters kept. `bytes`: how many were
   * seen, the whole line on stdio; `atLeast` when reading stopped there (HTTP bodies, SSE events).
   */
  | { kind: 'over-limit'; prefix: string; bytes: number; limit: number; atLeast?: true }
  /** A line of the target's diagnostic output (stderr). */
  | { kind: 'stderr'; text: string }
  /** HTTP transports: the facts of one request/response (status, headers, stream id). */
  | { kind: 'http'; exchange: HttpExchange }
  /** HTTP transports: these requests can get no response (their POST failed); ends their waits. */
  /** The POST carrying these ids brought no answer to them; `status`: the HTTP status it got, when it got one. */
  | { kind: 'undelivered'; ids: (string | number | null)[]; reason: string; status?: number }
  /** HTTP transports: the raw body of an answer that carried no message for the session (error pages, refusals). */
  | { kind: 'http-body'; streamId: string; status: number; text: string }
  /**
   * The transport saw the target break a rule of the wire itself (bytes that are not UTF-8, a
   * message spread over several lines, an unusable session id): a finding citing `rule`.
   */
  | { kind: 'violation'; rule: string; detail: string; text?: string }
  /** The connection ended (process exit, socket close). */
  | { kind: 'closed'; reason: string; exitCode?: number | null; signal?: string | null };

export interface CloseReport {
  /** True when the target ended on its own after its input closed, within the grace period. */
  exitedGracefully: boolean;
  exitCode?: number | null;
  signal?: string | null;
  /** How the runner had to end it: nothing, SIGTERM, or SIGKILL. */
  escalation: 'none' | 'SIGTERM' | 'SIGKILL';
  ms: number;
  /** Processes the target started outside its process group (e.g. detached) that were still
   * running after it ended, and that the transport killed. */
  leftovers?: number[];
}

/**
 * What a cell asks of the connection it is given. `ownConnections`: none of the network connections
 * other conversations used (HTTP: a keep-alive pool of its own), for a scenario that compares what
 * one connection is told with what another was (`isolate: true`).
 */
export interface TransportRequest {
  ownConnections?: boolean;
}

export interface SendOptions {
  /** Write the text exactly as given (no newline added): for framing tests. */
  raw?: boolean;
  /**
   * The text is hex-encoded bytes, written as they are (implies raw): invalid UTF-8 for encoding
   * tests. Only byte-stream transports (stdio) honour it; the session refuses it on others.
   */
  hex?: boolean;
}

export interface Transport {
  readonly kind: 'stdio' | 'http' | 'sse' | 'in-memory';
  /** Human description for reports, e.g. the command line or URL. */
  readonly description: string;
  /** Starts the connection; rejects with TransportStartError if the target cannot be started. */
  start(): Promise<void>;
  /** Sends one serialised message (or raw bytes with {raw:true}). */
  send(text: string, options?: SendOptions): Promise<void>;
  /**
   * Resolves once the target has taken or refused every message sent so far that carries no
   * request (HTTP: each such POST has its status line, or failed; bounded like any request).
   * Transports that deliver in order (a pipe, one POST at a time) leave it out. Over Streamable HTTP
   * every message is a POST of its own, so a request sent right after notifications/initialized
   * can reach the server first: server-everything registers some tools when the notification
   * arrives, and a tools/list that overtook it listed fewer.
   */
  delivered?(): Promise<void>;
  /**
   * Bytes of a message that has begun to arrive, is still arriving, and has not ended (stdio: an
   * unfinished line whose bytes kept coming): a wait that ends meanwhile met a slow transfer, not
   * silence. Transports that cannot tell leave it out.
   */
  receiving?(): number;
  /** Registers the single event listener (the session). Events before registration are buffered. */
  onEvent(listener: (event: TransportEvent) => void): void;
  /** Ends the connection gracefully, escalating as needed; never rejects, never hangs.
   * `graceMs` bounds how long the target may take to go by itself before the transport forces it. */
  close(options?: { graceMs?: number }): Promise<CloseReport>;
}

export class TransportStartError extends Error {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'TransportStartError';
  }
}
