// Newline-delimited framing for the stdio transport: splits a byte stream into lines with a hard
// cap on line length, so a target that prints megabytes without a newline cannot exhaust memory.

export interface FramedLine {
  text: string;
}

export interface OverlongLine {
  /** Bytes seen before the cap was hit; the rest of the line is discarded up to the next newline. */
  prefix: string;
  droppedBytes: number;
}

export type FrameEvent = { kind: 'line'; text: string } | { kind: 'overlong'; prefix: string; bytes: number };

/**
 * Accumulates chunks and emits complete lines. Lines are decoded as UTF-8 (invalid sequences become
 * U+FFFD, which the caller then reports as non-JSON). A trailing "\r" is kept so CRLF can be flagged.
 */
export class LineDecoder {
  private parts: Buffer[] = [];
  private size = 0;
  private discarding = false;
  private discarded = 0;
  private prefix = '';

  constructor(private readonly maxLineBytes: number) {}

  push(chunk: Buffer): FrameEvent[] {
    const out: FrameEvent[] = [];
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(0x0a, start);
      const end = nl === -1 ? chunk.length : nl;
      const piece = chunk.subarray(start, end);
      this.append(piece);
      if (nl === -1) break;
      out.push(this.finishLine());
      start = nl + 1;
    }
    return out;
  }

  /** Whatever is left when the stream ends (a final line without newline). */
  end(): FrameEvent[] {
    if (this.size === 0 && !this.discarding) return [];
    return [this.finishLine()];
  }

  private append(piece: Buffer): void {
    if (piece.length === 0) return;
    if (this.discarding) {
      this.discarded += piece.length;
      return;
    }
    if (this.size + piece.length > this.maxLineBytes) {
      const room = this.maxLineBytes - this.size;
      this.parts.push(piece.subarray(0, room));
      this.prefix = Buffer.concat(this.parts).subarray(0, 200).toString('utf8');
      this.discarded = this.size + piece.length;
      this.parts = [];
      this.size = 0;
      this.discarding = true;
      return;
    }
    this.parts.push(piece);
    this.size += piece.length;
  }

  private finishLine(): FrameEvent {
    if (this.discarding) {
      const ev: FrameEvent = { kind: 'overlong', prefix: this.prefix, bytes: this.discarded };
      this.discarding = false;
      this.discarded = 0;
      this.prefix = '';
      return ev;
    }
    const text = Buffer.concat(this.parts, this.size).toString('utf8');
    this.parts = [];
    this.size = 0;
    return { kind: 'line', text };
  }
}

/** Serialises one message as a single line; JSON.stringify never emits raw newlines. */
export function encodeLine(message: unknown): string {
  return JSON.stringify(message) + '\n';
}
