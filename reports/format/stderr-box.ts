// A labelled box with the last lines the target wrote to stderr, shown under errored cells: a crash
// usually explains itself there (DESIGN rule 9).
import { printable } from './printable.js';
import type { Style } from './style.js';
import { truncate } from './text-width.js';

export function renderStderrBox(stderr: readonly string[], style: Style, options: { lines?: number; maxText?: number } = {}): string[] {
  if (stderr.length === 0) return [];
  const limit = options.lines ?? 10;
  const shown = stderr.slice(-limit);
  const title =
    shown.length < stderr.length
      ? `stderr of the target (last ${shown.length} of ${stderr.length} lines)`
      : `stderr of the target (${stderr.length} ${stderr.length === 1 ? 'line' : 'lines'})`;
  return [style.yellow(`┌─ ${title}`), ...shown.map((l) => `${style.yellow('│')} ${truncate(printable(l), options.maxText ?? 160)}`), style.yellow('└─')];
}
