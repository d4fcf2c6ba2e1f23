// A labelled field (`expected  "2025-06-18"`) with continuation lines aligned under the value:
// the layout shared by the rule, expected/actual and repro blocks.
import { printable } from './printable.js';
import type { Style } from './style.js';
import { ELLIPSIS, truncate } from './text-width.js';

const LABEL_WIDTH = 10;

export interface FieldOptions {
  /** Longest line shown before it is cut with an ellipsis. */
  maxText?: number;
  /** Most lines shown for a multi-line value. */
  maxLines?: number;
  /** The value was composed by us (possibly painted): keep its escapes instead of showing them. */
  trusted?: boolean;
}

/** Lines of one field; untrusted value lines are made printable and cut, so target text cannot
 * inject terminal escapes or flood the screen. */
export function field(style: Style, label: string, value: string, options: FieldOptions = {}): string[] {
  const maxText = options.maxText ?? 160;
  const maxLines = options.maxLines ?? 20;
  const all = value.split(/\r?\n/);
  const lines = all.slice(0, maxLines).map((l) => (options.trusted ? l : truncate(printable(l), maxText)));
  if (all.length > maxLines) lines.push(`${ELLIPSIS} ${all.length - maxLines} more lines`);
  const pad = ' '.repeat(LABEL_WIDTH + 1);
  return lines.map((line, i) => (i === 0 ? `${style.dim(label.padEnd(LABEL_WIDTH))} ${line}` : pad + line));
}
