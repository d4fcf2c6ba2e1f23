// A Transport (wire/protocol) wired straight to a mock server connection, with no process: the
// bytes are framed into lines exactly as on stdio, and every event is delivered asynchronously.
import {
  DEFAULT_MAX_MESSAGE_BYTES,
  LineDecoder,
  type CloseReport,
  type FrameEvent,
  type SendOptions,
  type Transport,
  type TransportEvent,
} from '../../wire/protocol/index.js';
import type { MockServer, ServerConnection } from '../core/index.js';

export interface InMemoryTransportOptions {
  /** Shown in reports (default `in-memory`). */
  description?: string;
  /**
   * Whether the server "exits" when its input closes (default true). False emulates a server that
   * ignores the end of its input: close() waits for the grace period, then reports a forced end.
   */
  exitOnInputClose?: boolean;
  /** Longest input line accepted, as on stdio (default 64 MiB); longer ones get -32700. */
  maxLineBytes?: number;
}

export interface InMemoryTransport extends Transport {
  readonly kind: 'in-memory';
  /** The server-side connection, once started. */
  readonly connection: ServerConnection | undefined;
}

const DEFAULT_MAX_LINE = DEFAULT_MAX_MESSAGE_BYTES;

class InMemoryTransportImpl implements InMemoryTransport {
  readonly kind = 'in-memory' as const;
  readonly description: string;
  connection: ServerConnection | undefined;

  private listener: ((event: TransportEvent) => void) | undefined;
  private backlog: TransportEvent[] = [];
  private readonly decoder: LineDecoder;
  /** One FIFO for both directions keeps cause and effect in order. */
  private readonly queue: (() => void)[] = [];
  private draining = false;
  private ended = false;

  constructor(
    private readonly server: MockServer,
    private readonly options: InMemoryTransportOptions,
  ) {
    this.description = options.description ?? 'in-memory';
    this.decoder = new LineDecoder(options.maxLineBytes ?? DEFAULT_MAX_LINE);
  }

  async start(): Promise<void> {
    this.ensureConnection();
  }

  async send(text: string, options?: SendOptions): Promise<void> {
    if (this.ended) return;
    const connection = this.ensureConnection();
    const frames = this.decoder.push(Buffer.from(options?.raw ? text : `${text}\n`, 'utf8'));
    for (const frame of frames) this.schedule(() => this.deliver(connection, frame));
  }

  onEvent(listener: (event: TransportEvent) => void): void {
    this.listener = listener;
    const pending = this.backlog;
    this.backlog = [];
    for (const ev of pending) listener(ev);
  }

  async close(options: { graceMs?: number } = {}): Promise<CloseReport> {
    const started = Date.now();
    if (this.ended) return { exitedGracefully: true, exitCode: 0, signal: null, escalation: 'none', ms: 0 };
    const connection = this.connection;
    // Whatever was written without a final newline is still read when the input ends, as on stdio.
    if (connection) for (const frame of this.decoder.end()) this.schedule(() => this.deliver(connection, frame));
    await new Promise<void>((resolve) => this.schedule(resolve));
    this.ended = true;
    const graceful = this.options.exitOnInputClose ?? true;
    if (!graceful) await new Promise((resolve) => setTimeout(resolve, options.graceMs ?? 2000));
    connection?.close();
    const report: CloseReport = graceful
      ? { exitedGracefully: true, exitCode: 0, signal: null, escalation: 'none', ms: Date.now() - started }
      : { exitedGracefully: false, exitCode: null, signal: 'SIGTERM', escalation: 'SIGTERM', ms: Date.now() - started };
    this.emit(
      graceful
        ? { kind: 'closed', reason: 'the server ended after its input closed', exitCode: 0, signal: null }
        : { kind: 'closed', reason: 'the server was stopped after ignoring the end of its input', exitCode: null, signal: 'SIGTERM' },
    );
    return report;
  }

  private ensureConnection(): ServerConnection {
    if (!this.connection) {
      this.connection = this.server.connect((message) => {
        // Serialised and parsed again, as a pipe would: the client never shares objects with the
        // server, and anything JSON cannot carry is caught here rather than in a real deployment.
        const text = JSON.stringify(message);
        this.schedule(() => this.emit({ kind: 'message', message: JSON.parse(text), text }));
      });
    }
    return this.connection;
  }

  private deliver(connection: ServerConnection, frame: FrameEvent): void {
    if (frame.kind === 'overlong')
      connection.reportUnparsable(`a line of ${frame.bytes} bytes exceeds the ${this.options.maxLineBytes ?? DEFAULT_MAX_LINE} byte limit`);
    else connection.receiveText(frame.text);
  }

  private schedule(task: () => void): void {
    this.queue.push(task);
    if (this.draining) return;
    this.draining = true;
    queueMicrotask(() => this.drain());
  }

  private drain(): void {
    // Tasks may schedule more; they run in this same pass, still in order.
    for (let task = this.queue.shift(); task; task = this.queue.shift()) {
      try {
        task();
      } catch (err) {
        this.emit({ kind: 'stderr', text: `in-memory transport: ${(err as Error).message}` });
      }
    }
    this.draining = false;
  }

  private emit(event: TransportEvent): void {
    if (this.listener) this.listener(event);
    else this.backlog.push(event);
  }
}

/** A Transport whose target is `server`, reached through a fresh connection of its own. */
export function createInMemoryTransport(server: MockServer, options: InMemoryTransportOptions = {}): InMemoryTransport {
  return new InMemoryTransportImpl(server, options);
}
