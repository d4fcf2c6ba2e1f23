import { describe, expect, it } from 'vitest';
import type { TranscriptEntry } from '../../wire/results/index.js';
import { createStyle } from './style.js';
import { renderTranscript, transcriptWindow } from './transcript.js';

const entries: TranscriptEntry[] = Array.from({ length: 12 }, (_, i) => ({
  seq: i + 1,
  t: i * 3,
  dir: (['send', 'recv', 'stderr', 'note'] as const)[i % 4]!,
  text: `message ${i + 1}`,
}));

describe('transcriptWindow', () => {
  it('keeps the evidence entries with their neighbours and counts what it leaves out', () => {
    const rows = transcriptWindow(entries, [6], { context: 1 });
    expect(rows.map((r) => (r.kind === 'gap' ? `…${r.omitted}` : `${r.entry.seq}${r.evidence ? '*' : ''}`))).toEqual(['…4', '5', '6*', '7', '…5']);
  });

  it('merges overlapping windows of several evidence entries', () => {
    const rows = transcriptWindow(entries, [1, 3, 12], { context: 1 });
    expect(rows.map((r) => (r.kind === 'gap' ? `…${r.omitted}` : r.entry.seq))).toEqual([1, 2, 3, 4, '…6', 11, 12]);
  });

  it('falls back to the tail when the evidence is not in the (bounded) transcript', () => {
    const rows = transcriptWindow(entries, [99], { tail: 3 });
    expect(rows.map((r) => (r.kind === 'gap' ? `…${r.omitted}` : r.entry.seq))).toEqual(['…9', 10, 11, 12]);
  });

  it('orders entries by seq whatever order they arrive in', () => {
    const rows = transcriptWindow([...entries].reverse(), [2], { context: 0 });
    expect(rows.map((r) => (r.kind === 'gap' ? `…${r.omitted}` : r.entry.seq))).toEqual(['…1', 2, '…10']);
  });
});

describe('renderTranscript', () => {
  it('numbers, timestamps and marks each direction, and flags evidence', () => {
    expect(renderTranscript(entries.slice(0, 4), { evidence: [2] })).toEqual([
      '  #1 +0ms → message 1',
      '▸ #2 +3ms ← message 2',
      '  #3 +6ms ! message 3',
      '  #4 +9ms · message 4',
    ]);
  });

  it('cuts long lines and escapes control characters from the target', () => {
    const [line] = renderTranscript([{ seq: 1, t: 0, dir: 'recv', text: `\u001b[2J${'y'.repeat(300)}` }], { maxText: 50 });
    expect(line).toContain('\\u001b[2J');
    expect(line).not.toContain('\u001b');
    expect(line).toMatch(/… \(\+\d+ chars\)$/);
  });

  it('says so when nothing was exchanged', () => {
    expect(renderTranscript([])).toEqual(['(no messages were exchanged)']);
  });

  it('renders the whole transcript on request', () => {
    expect(renderTranscript(entries, { full: true, evidence: [1] })).toHaveLength(12);
  });

  it('paints only when the style has colour', () => {
    expect(renderTranscript(entries.slice(0, 1), { style: createStyle(true) })[0]).toContain('\u001b[');
  });
});
