// Newline-delimited framing for the stdio transport: splits a byte stream into lines with a hard
// cap on line length, so a target that prints without a newline cannot exhaust memory. The cap is
// the runner's resource limit (message-limit.ts), not a rule. Linear in the bytes read: each chunk
// is scanned once for newlines, and a line's chunks are joined once, when it ends.
import { isUtf8 } from 'node:buffer';

export type FrameEvent =
  /** `invalidUtf8`: the line's bytes are not UTF-8; `text` then holds U+FFFD in their place. */
  { kind: 'line'; text: string; invalidUtf8?: true } | { kind: 'overlong'; prefix: string; bytes: number };

/**
 * Accumulates chunks and emits complete lines. Lines are decoded as UTF-8; a line whose bytes are
 * not UTF-8 says so (the text holds U+FFFD instead), so the caller can report it rather than let the
 * replacement pass unseen. A trailing "\r" is kept so CRLF can be flagged.
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

  /** Bytes of a line begun and not yet ended (0 while skipping a line over the limit). */
  get pending(): number {
    return this.discarding ? 0 : this.size;
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
      this.parts.push(piece);
      this.prefix = headOf(this.parts, 200).toString('utf8');
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
    const bytes = Buffer.concat(this.parts, this.size);
    this.parts = [];
    this.size = 0;
    return { kind: 'line', text: bytes.toString('utf8'), ...(isUtf8(bytes) ? {} : { invalidUtf8: true as const }) };
  }
}

/** The first `n` bytes of a line's chunks, without joining the whole line. */
function headOf(parts: Buffer[], n: number): Buffer {
  const head: Buffer[] = [];
  let size = 0;
  for (const part of parts) {
    if (size >= n) break;
    head.push(part.subarray(0, n - size));
    size += head.at(-1)!.length;
  }
  return Buffer.concat(head, size);
}
