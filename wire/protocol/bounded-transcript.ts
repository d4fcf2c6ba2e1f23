// The transcript a session keeps of one conversation, bounded however much the target writes: the
// first entries up to a budget (the opening of the conversation), the last ones up to a budget (how
// it ended), each entry clipped, and in between one note that says how many entries and characters
// were cut. A target flooding stdout therefore costs a fixed amount of memory per cell, and reports
// keep what matters to a reader: the start, the end, and the size of what is missing.
import { detachedSlice } from './detached-slice.js';
import type { TranscriptEntry } from './transcript.js';

export interface TranscriptLimits {
  /** Most entries kept in all (half at the start, half at the end). */
  maxEntries: number;
  /** Longest text kept of one entry; the rest is replaced by a marker. */
  maxEntryChars: number;
  /** Characters kept at the start, and again at the end. */
  maxChars: number;
}

export const DEFAULT_TRANSCRIPT_LIMITS: TranscriptLimits = { maxEntries: 2000, maxEntryChars: 16_384, maxChars: 128 * 1024 };

interface Kept {
  entry: TranscriptEntry;
  /** Length of the text as it came, before clipping. */
  size: number;
}

export class BoundedTranscript {
  private head: Kept[] = [];
  private headChars = 0;
  private tail: Kept[] = [];
  private tailStart = 0;
  private tailChars = 0;
  private cut: { entries: number; chars: number; seq: number; t: number } | undefined;

  constructor(private readonly limits: TranscriptLimits = DEFAULT_TRANSCRIPT_LIMITS) {}

  add(seq: number, t: number, dir: TranscriptEntry['dir'], text: string): void {
    const max = this.limits.maxEntryChars;
    const clipped = text.length > max ? `${detachedSlice(text, max)} … [${text.length - max} more characters]` : text;
    const kept: Kept = { entry: { seq, t, dir, text: clipped }, size: text.length };
    const half = Math.max(1, Math.floor(this.limits.maxEntries / 2));
    if (this.tail.length === this.tailStart && this.head.length < half && this.headChars + clipped.length <= this.limits.maxChars) {
      this.head.push(kept);
      this.headChars += clipped.length;
      return;
    }
    this.tail.push(kept);
    this.tailChars += clipped.length;
    // Keep the newest entry even when it alone exceeds the budget: the end of a conversation matters most.
    while (this.tail.length - this.tailStart > 1 && (this.tail.length - this.tailStart > half || this.tailChars > this.limits.maxChars)) {
      const oldest = this.tail[this.tailStart++]!;
      this.tailChars -= oldest.entry.text.length;
      this.cut ??= { entries: 0, chars: 0, seq: oldest.entry.seq, t: oldest.entry.t };
      this.cut.entries++;
      this.cut.chars += oldest.size;
    }
    if (this.tailStart > 1024 && this.tailStart * 2 > this.tail.length) {
      this.tail = this.tail.slice(this.tailStart);
      this.tailStart = 0;
    }
  }

  /** Entries cut from the middle so far. */
  get dropped(): number {
    return this.cut?.entries ?? 0;
  }

  /** The kept entries in order, with a note where entries were cut. */
  entries(): TranscriptEntry[] {
    const out = this.head.map((k) => k.entry);
    if (this.cut) {
      const { entries, chars, seq, t } = this.cut;
      out.push({
        seq,
        t,
        dir: 'note',
        text: `… ${entries} entr${entries === 1 ? 'y' : 'ies'} (${formatChars(chars)}) cut here: a cell's transcript keeps its first and last ${formatChars(this.limits.maxChars)}`,
      });
    }
    for (let i = this.tailStart; i < this.tail.length; i++) out.push(this.tail[i]!.entry);
    return out;
  }

  clear(): void {
    this.head = [];
    this.headChars = 0;
    this.tail = [];
    this.tailStart = 0;
    this.tailChars = 0;
    this.cut = undefined;
  }
}

function formatChars(n: number): string {
  if (n < 1024) return `${n} characters`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MiB`;
}
