// One stdio target process that several cells use in turn. Each cell talks to it through a lease:
// a Transport of its own whose session sees only what arrived while it held the process, plus a
// replay of how the process was opened (start-up output and, at stateful revisions, the handshake),
// so that each cell is judged on the same exchanges it would have had on a fresh process. Output
// belongs to the cell that last wrote to the process, and what the process says while it shuts
// down reaches every cell that used it, as it would have reached each on a process of its own.
import { isStateless, type Revision } from '../../schema/revisions.js';
import type { CloseReport, SendOptions, Transport, TransportEvent } from '../../wire/protocol/index.js';

/** How many sends open the conversation: initialize and notifications/initialized, or none. */
function openingSends(revision: Revision): number {
  return isStateless(revision) ? 0 : 2;
}

export class SharedProcess {
  /** Events of the opening: [0] before the first send, [i] after the i-th send of the opening. */
  private readonly opening: TransportEvent[][] = [[]];
  private readonly openingTexts: string[] = [];
  private recording = true;
  /** The listener of the cell that last wrote to the process: live output is its own. */
  private current: Listener | undefined;
  /** Every lease's listener, for the output of the shutdown. */
  private readonly listeners: Listener[] = [];
  private closing = false;
  private leases = 0;
  private closeReport: Promise<CloseReport> | undefined;
  /** Set once the process ended or was found unfit for more cells. */
  retired = false;
  exited = false;

  constructor(
    private readonly transport: Transport,
    private readonly revision: Revision,
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

  /** Ends the process (once); every cell that used it is judged with this report. */
  close(): Promise<CloseReport> {
    this.retired = true;
    this.closing = true;
    this.closeReport ??= this.transport.close();
    return this.closeReport;
  }

  private firstLease(): Transport {
    return this.leaseTransport((text, options, listener) => {
      this.current = listener;
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
    const lease = this.leaseTransport(async (text, options, listener) => {
      if (replayed < expected) {
        if (text !== this.openingTexts[replayed]) {
          throw new Error(`internal error: a cell sharing a process opened it differently (${text.slice(0, 80)})`);
        }
        replayed++;
        for (const event of this.opening[replayed] ?? []) listener?.(event);
        return;
      }
      // From its first real write on, what the process says is this cell's doing.
      this.current = listener;
      return this.transport.send(text, options);
    });
    return lease;
  }

  private leaseTransport(send: (text: string, options: SendOptions | undefined, listener: Listener | undefined) => Promise<void>): Transport {
    let own: Listener | undefined;
    return {
      kind: this.transport.kind,
      description: this.transport.description,
      start: async () => undefined,
      send: (text, options) => send(text, options, own),
      onEvent: (listener) => {
        own = listener;
        this.listeners.push(listener);
        if (this.leases === 1) this.current = listener;
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
    if (this.recording) this.opening[this.opening.length - 1]!.push(event);
    if (this.closing) {
      for (const listener of this.listeners) listener(event);
      return;
    }
    this.current?.(event);
  }
}

type Listener = (event: TransportEvent) => void;
