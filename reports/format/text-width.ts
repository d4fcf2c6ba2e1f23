// Width arithmetic for plain and painted text: visible length, padding and truncation with an
// ellipsis. Counts code points and ignores colour codes, which is what a terminal shows.
const ANSI = /\u001b\[[0-9;]*m/g;

export const ELLIPSIS = '…';

export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

export function visibleWidth(text: string): number {
  let n = 0;
  for (const _ of stripAnsi(text)) n++;
  return n;
}

export function padEnd(text: string, width: number): string {
  const missing = width - visibleWidth(text);
  return missing > 0 ? text + ' '.repeat(missing) : text;
}

/** Cuts plain text to at most `max` code points, ending with an ellipsis and how much was cut,
 * so a reader knows the complete line is in the JSON report. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const cut = (kept: number) => `${ELLIPSIS} (+${chars.length - kept} chars)`;
  // cut(0) is the longest the marker can get, so keeping this many always fits within max.
  const kept = Math.max(1, max - cut(0).length);
  return chars.slice(0, kept).join('') + cut(kept);
}

/** Cuts painted text to `max` visible characters; colours are dropped when a cut happens. */
export function fitLine(text: string, max: number): string {
  if (visibleWidth(text) <= max) return text;
  const plain = Array.from(stripAnsi(text));
  return plain.slice(0, Math.max(0, max - 1)).join('') + ELLIPSIS;
}

export function indent(lines: readonly string[], by: string): string[] {
  return lines.map((l) => (l === '' ? l : by + l));
}
