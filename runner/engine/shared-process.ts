// One stdio target process that several cells use in turn. Each cell talks to it through a lease:
// a Transport of its own whose session sees only what arrived while it held the process, plus a
// replay of how the process was opened (start-up output and, at stateful revisions, the handshake),
// so that each cell is judged on the same exchanges it would have had on a fresh process.
import { isStateless, type Revision } from '../../schema/revisions.js';
import {
  requestMeta,
  type ClientIdentity,
  type CloseReport,
  type SendOptions,
  type Transport,
  type TransportEvent,
} from '../../wire/protocol/index.js';

/** How many sends open the conversation: initialize and notifications/initialized, or none. */
function openingSends(revision: Revision): number {
  return isStateless(revision) ? 0 : 2;
}

const BARRIER_PREFIX = 'mcp-conform-barrier-';

export class SharedProcess {
  /** Events of the opening: [0] before the first send, [i] after the i-th send of the opening. */
  private readonly opening: TransportEvent[][] = [[]];
  private readonly openingTexts: string[] = [];
  private recording = true;
  private listener: ((event: TransportEvent) => void) | undefined;
  private barrier: { id: string; answered: boolean; wake: () => void } | undefined;
  private barriers = 0;
  private leases = 0;
  private closeReport: Promise<CloseReport> | undefined;
  /** Set once the process ended or was found unfit for more cells. */
  retired = false;
  exited = false;

  constructor(
    private readonly transport: Transport,
    private readonly revision: Revision,
    private readonly client: ClientIdentity,
  ) {
    transport.onEvent((event) => this.dispatch(event));
  }

  start(): Promise<void> {
    return this.transport.start();
  }

  /** True when the opening was seen whole, so a later lease can replay it. */
  get opened(): boolean {
    return !this.recording;
  }

  /** The number of cells that used this process. */
  get used(): number {
    return this.leases;
  }

  /** A transport for the next cell. Events that arrive from now on go to it. */
  lease(): Transport {
    this.leases++;
    const first = this.leases === 1;
    return first ? this.firstLease() : this.replayLease();
  }

  /**
   * Sends a request whose answer proves the target has handled everything sent before it, so that
   * output caused by the previous cell reaches that cell and not the next. Its exchange is shown to
   * no cell. False when no answer came within the bound.
   */
  async settle(timeoutMs: number): Promise<boolean> {
    if (this.exited) return false;
    const id = `${BARRIER_PREFIX}${++this.barriers}`;
    const method = isStateless(this.revision) ? 'server/discover' : 'ping';
    const params = isStateless(this.revision) ? { _meta: requestMeta(this.revision, this.client) } : undefined;
    let timer: NodeJS.Timeout | undefined;
    const answered = new Promise<boolean>((resolve) => {
      this.barrier = { id, answered: false, wake: () => resolve(this.barrier?.answered ?? false) };
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    await this.transport.send(JSON.stringify({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) }));
    const ok = await answered;
    clearTimeout(timer);
    this.barrier = undefined;
    return ok;
  }

  /** Ends the process (once); every cell that used it is judged with this report. */
  close(): Promise<CloseReport> {
    this.retired = true;
    this.closeReport ??= this.transport.close();
    return this.closeReport;
  }

  private firstLease(): Transport {
    return this.leaseTransport((text, options) => {
      if (this.recording) {
        if (this.openingTexts.length < openingSends(this.revision)) {
          this.openingTexts.push(text);
          if (this.openingTexts.length === openingSends(this.revision)) this.recording = false;
          else this.opening.push([]);
        } else this.recording = false;
      }
      return this.transport.send(text, options);
    });
  }

  private replayLease(): Transport {
    let replayed = 0;
    const expected = this.openingTexts.length;
    const lease = this.leaseTransport(async (text, options) => {
      if (replayed < expected) {
        if (text !== this.openingTexts[replayed]) {
          throw new Error(`internal error: a cell sharing a process opened it differently (${text.slice(0, 80)})`);
        }
        replayed++;
        for (const event of this.opening[replayed] ?? []) this.listener?.(event);
        return;
      }
      return this.transport.send(text, options);
    });
    return lease;
  }

  private leaseTransport(send: (text: string, options?: SendOptions) => Promise<void>): Transport {
    return {
      kind: this.transport.kind,
      description: this.transport.description,
      start: async () => undefined,
      send,
      onEvent: (listener) => {
        this.listener = listener;
        // What the process said before anyone wrote to it (for the first lease: what arrived before
        // its session listened; later output reaches it live).
        for (const event of this.opening[0] ?? []) listener(event);
      },
      // A cell never ends a shared process itself (cells that close the input get their own).
      close: async () => ({ exitedGracefully: true, escalation: 'none', ms: 0 }),
    };
  }

  private dispatch(event: TransportEvent): void {
    if (event.kind === 'closed') this.exited = true;
    if (event.kind === 'message' && this.barrier && isBarrierAnswer(event.message, this.barrier.id)) {
      this.barrier.answered = true;
      this.barrier.wake();
      return;
    }
    if (this.recording) this.opening[this.opening.length - 1]!.push(event);
    // Between leases the previous cell still listens: late output is its own, as on its own process.
    this.listener?.(event);
    if (event.kind === 'closed') this.barrier?.wake();
  }
}

function isBarrierAnswer(message: unknown, id: string): boolean {
  return typeof message === 'object' && message !== null && !Array.isArray(message) && (message as { id?: unknown }).id === id && !('method' in message);
}
