// Renders a cell's transcript as numbered, timestamped lines (→ sent, ← received, ! stderr, · note)
// and picks the window around a check's evidence, marking omitted stretches with an ellipsis.
import type { Direction, TranscriptEntry } from '../../wire/results/index.js';
import { printable } from './printable.js';
import { createStyle, type Style } from './style.js';
import { ELLIPSIS, truncate } from './text-width.js';

const DIRECTION_MARKS: Record<Direction, string> = { send: '→', recv: '←', stderr: '!', note: '·' };

export interface TranscriptWindowOptions {
  /** Entries shown on each side of an evidence entry. */
  context?: number;
  /** Entries shown from the end when no evidence entry is in the transcript. */
  tail?: number;
}

/** One row of a window: an entry (flagged when it is evidence) or a gap of omitted entries. */
export type WindowRow = { kind: 'entry'; entry: TranscriptEntry; evidence: boolean } | { kind: 'gap'; omitted: number };

export function transcriptWindow(
  entries: readonly TranscriptEntry[],
  evidence: readonly number[] | undefined,
  options: TranscriptWindowOptions = {},
): WindowRow[] {
  const context = options.context ?? 2;
  const tail = options.tail ?? 6;
  const ordered = [...entries].sort((a, b) => a.seq - b.seq);
  const wanted = new Set(evidence ?? []);
  const hits = ordered.flatMap((e, i) => (wanted.has(e.seq) ? [i] : []));
  const keep = new Set<number>();
  if (hits.length > 0) {
    for (const i of hits) for (let j = i - context; j <= i + context; j++) if (j >= 0 && j < ordered.length) keep.add(j);
  } else {
    // No evidence (or it fell outside a bounded transcript): the end of the exchange explains most.
    for (let j = Math.max(0, ordered.length - tail); j < ordered.length; j++) keep.add(j);
  }
  const rows: WindowRow[] = [];
  let gap = 0;
  ordered.forEach((entry, i) => {
    if (!keep.has(i)) {
      gap++;
      return;
    }
    if (gap > 0) rows.push({ kind: 'gap', omitted: gap });
    gap = 0;
    rows.push({ kind: 'entry', entry, evidence: wanted.has(entry.seq) });
  });
  if (gap > 0) rows.push({ kind: 'gap', omitted: gap });
  return rows;
}

export interface RenderTranscriptOptions extends TranscriptWindowOptions {
  /** Evidence seq numbers; without them the whole transcript is rendered. */
  evidence?: readonly number[];
  /** Show every entry instead of a window (verbose output). */
  full?: boolean;
  /** Longest message text shown on one line before it is cut with an ellipsis. */
  maxText?: number;
  style?: Style;
}

const PLAIN = createStyle(false);

/** Lines such as `▸ #4  +12ms ← {"jsonrpc":"2.0",...}`; evidence rows carry the ▸ marker. */
export function renderTranscript(entries: readonly TranscriptEntry[], options: RenderTranscriptOptions = {}): string[] {
  const style = options.style ?? PLAIN;
  const maxText = options.maxText ?? 160;
  if (entries.length === 0) return [style.dim('(no messages were exchanged)')];
  const rows: WindowRow[] = options.full
    ? [...entries].sort((a, b) => a.seq - b.seq).map((entry) => ({ kind: 'entry', entry, evidence: (options.evidence ?? []).includes(entry.seq) }))
    : transcriptWindow(entries, options.evidence, options);
  const shown = rows.flatMap((r) => (r.kind === 'entry' ? [r.entry] : []));
  const seqWidth = Math.max(...shown.map((e) => String(e.seq).length)) + 1;
  const timeWidth = Math.max(...shown.map((e) => formatOffset(e.t).length));
  return rows.map((row) => {
    if (row.kind === 'gap') return style.dim(`  ${ELLIPSIS} ${row.omitted} ${row.omitted === 1 ? 'entry' : 'entries'} omitted`);
    const { entry } = row;
    const head = `${`#${entry.seq}`.padEnd(seqWidth)} ${formatOffset(entry.t).padEnd(timeWidth)} ${DIRECTION_MARKS[entry.dir]} `;
    const text = truncate(printable(entry.text), maxText);
    const painted = paintDirection(style, entry.dir, head + text);
    return row.evidence ? `${style.bold('▸')} ${style.bold(painted)}` : `  ${painted}`;
  });
}

function formatOffset(ms: number): string {
  return `+${Math.round(ms)}ms`;
}

function paintDirection(style: Style, dir: Direction, text: string): string {
  switch (dir) {
    case 'send':
      return style.cyan(text);
    case 'stderr':
      return style.yellow(text);
    case 'note':
      return style.dim(text);
    default:
      return text;
  }
}
