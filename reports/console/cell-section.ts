// The detailed explanation of one failed, errored or warned cell in the console report: a headline
// with the cell and its title, then the shared four-block explanation (DESIGN rule 5).
import type { ScenarioResult } from '../../wire/results/index.js';
import { cellLabel, cellMark, checksToExplain, indent, printable, renderCellExplanation, type Style } from '../format/index.js';

const WORDS = { failed: 'FAIL', errored: 'ERROR', warning: 'WARN' } as const;

export function renderCellSection(cell: ScenarioResult, strict: boolean, style: Style, maxText: number): string[] {
  const mark = cellMark(cell);
  const word = mark === 'failed' || mark === 'errored' || mark === 'warning' ? WORDS[mark] : mark.toUpperCase();
  const headline = `${style.mark(mark)} ${style.bold(style.paint(mark, word))} ${style.bold(cellLabel(cell))} ${style.dim(`— ${printable(cell.title)}`)}`;
  const body = renderCellExplanation(cell, checksToExplain(cell, strict), { style, withRule: true, maxText });
  return [headline, ...indent(body, '  ')];
}
