// What the HTTP client transports share: a keep-alive agent (the run's, or one of their own destroyed
// on close), an abort signal for everything in flight, event buffering until the session listens,
// and the orderly shutdown.
import http from 'node:http';
import { DEFAULT_MAX_MESSAGE_BYTES, type CloseReport, type TransportEvent } from '../../protocol/index.js';

export interface HttpTransportCommon {
  url: string;
  /** Extra headers on every request (e.g. Authorization from --header). */
  headers?: Record<string, string>;
  /** Bound on every wait. */
  timeoutMs?: number;
  /** Longest body or SSE event read (default DEFAULT_MAX_MESSAGE_BYTES): the runner's limit, not a rule. */
  maxBodyBytes?: number;
  /** The server process behind the URL, when the run started it (--server with --port-env). */
  serverProcess?: ServerProcessWatch;
  /**
   * A keep-alive agent shared by the conversations of a run, so that one conversation reuses the
   * idle connections of those before it instead of opening its own (its owner destroys it). Only
   * connections whose last exchange ended cleanly go back to it: close() aborts everything still in
   * flight, which destroys those sockets, and Node's agent drops an idle socket the server writes to.
   */
  agent?: http.Agent;
}

/**
 * A server process the run started: a conversation first makes sure it runs (restarting it after
 * a crash), and ends, like a stdio one, when the process exits under it.
 */
export interface ServerProcessWatch {
  /** Starts the server again if it has exited; resolves once it listens. */
  ensureRunning(): Promise<void>;
  /** Calls `listener` once if the process running now exits; returns the unsubscribe. */
  onExit(listener: (how: string) => void): () => void;
}

export abstract class HttpTransportBase {
  readonly description: string;
  protected readonly url: URL;
  protected readonly agent: http.Agent;
  private readonly ownsAgent: boolean;
  protected readonly aborter = new AbortController();
  protected readonly timeoutMs: number;
  protected readonly maxBody: number;
  protected closed = false;
  private readonly inFlight = new Set<Promise<unknown>>();
  private listener: ((e: TransportEvent) => void) | undefined;
  private backlog: TransportEvent[] = [];
  private unwatch: (() => void) | undefined;
  private endReported = false;

  constructor(
    private readonly common: HttpTransportCommon,
    private readonly label: string,
    maxSockets: number,
  ) {
    this.url = new URL(common.url);
    this.description = common.url;
    this.timeoutMs = common.timeoutMs ?? 5000;
    this.maxBody = common.maxBodyBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
    this.ownsAgent = common.agent === undefined;
    this.agent = common.agent ?? new http.Agent({ keepAlive: true, maxSockets });
  }

  onEvent(listener: (event: TransportEvent) => void): void {
    this.listener = listener;
    const pending = this.backlog;
    this.backlog = [];
    for (const ev of pending) listener(ev);
  }

  /**
   * Before the first message: restarts a started server that died, and ends this conversation
   * with a clear reason if it dies while the conversation runs.
   */
  protected async watchServerProcess(): Promise<void> {
    const watch = this.common.serverProcess;
    if (!watch || this.unwatch) return;
    await watch.ensureRunning();
    this.unwatch = watch.onExit((how) => {
      if (this.closed) return;
      // Requests in flight can only fail now; the exit is the finding, not their errors.
      this.aborter.abort();
      this.reportEnd(`the server process exited (${how})`);
    });
  }

  /** The --header headers, names lower-cased. */
  protected extraHeaders(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(this.common.headers ?? {})) out[k.toLowerCase()] = v;
    return out;
  }

  /** Runs work in the background; close() waits for it, and a crash in it becomes a stderr line. */
  protected track<T>(work: Promise<T>): void {
    const guarded = work.catch((err: unknown) => this.emit({ kind: 'stderr', text: `mcp-conform ${this.label} transport: ${(err as Error).message}` }));
    this.inFlight.add(guarded);
    void guarded.finally(() => this.inFlight.delete(guarded));
  }

  /** The conversation ends once: the first reason (a server exit, the server ending the stream) stays. */
  protected reportEnd(reason: string): void {
    if (this.endReported) return;
    this.endReported = true;
    this.emit({ kind: 'closed', reason });
  }

  /** A body or SSE event passed the runner's limit: it was not read (the session errors the cell). */
  protected reportOverLimit(what: string, bytes: number, start = ''): void {
    this.emit({ kind: 'over-limit', prefix: start ? start.slice(0, 200) : `(${what})`, bytes, limit: this.maxBody, atLeast: true });
  }

  protected emit(ev: TransportEvent): void {
    if (this.listener) this.listener(ev);
    else this.backlog.push(ev);
  }

  /** Ends every request and stream, closes every socket, and reports the end. */
  protected async shutdown(started: number): Promise<CloseReport> {
    this.unwatch?.();
    this.aborter.abort();
    await Promise.allSettled([...this.inFlight]);
    // A shared agent keeps the idle connections for the next conversation; in-flight ones were aborted.
    if (this.ownsAgent) this.agent.destroy();
    this.reportEnd('closed by the runner');
    return { exitedGracefully: true, exitCode: null, signal: null, escalation: 'none', ms: Date.now() - started };
  }
}
