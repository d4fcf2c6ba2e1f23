// The detailed explanation of one failed, errored or warned cell in the console report: a headline
// with the cell and its title, then the shared four-block explanation (DESIGN rule 5). A finding
// already explained for an earlier cell (one defect seen in many cells) is one line pointing there.
import type { ScenarioResult } from '../../wire/results/index.js';
import {
  baselineNote,
  cellLabel,
  cellMark,
  checksToExplain,
  indent,
  printable,
  renderCellExplanation,
  repeatedPhrase,
  type RepeatedFindings,
  type Style,
} from '../format/index.js';

const WORDS = { failed: 'FAIL', errored: 'ERROR', warning: 'WARN', flaky: 'FLAKY' } as const;

export function renderCellSection(cell: ScenarioResult, strict: boolean, style: Style, maxText: number, repeated?: RepeatedFindings): string[] {
  const mark = cellMark(cell);
  const word = mark === 'failed' || mark === 'errored' || mark === 'warning' || mark === 'flaky' ? WORDS[mark] : mark.toUpperCase();
  const note = baselineNote(cell);
  const headline = `${style.mark(mark)} ${style.bold(style.paint(mark, word))} ${style.bold(cellLabel(cell))} ${style.dim(`— ${printable(cell.title)}`)}${note ? ` ${style.dim(`(${printable(note)})`)}` : ''}`;
  const checks = checksToExplain(cell, strict);
  const seenBefore = checks.filter((c) => {
    const group = repeated?.groupOf(c);
    return group !== undefined && group.first.cell !== cell;
  });
  const explained = checks.filter((c) => !seenBefore.includes(c));
  const pointers = seenBefore.map((c) => {
    const group = repeated!.groupOf(c)!;
    return `${style.mark(c.status)} ${c.rule.id} (${c.rule.level}): ${printable(c.message)} ${style.dim(`— same defect as in ${cellLabel(group.first.cell)} above, ${repeatedPhrase(group)}`)}`;
  });
  const firsts = explained.flatMap((c) => {
    const group = repeated?.groupOf(c);
    return group ? [`${style.bold(`${c.rule.id}: ${repeatedPhrase(group)}`)} ${style.dim('(listed under "Repeated findings"; explained here once)')}`] : [];
  });
  const body = renderCellExplanation(cell, explained, { style, withRule: true, maxText });
  const lead = [...firsts, ...pointers];
  return [headline, ...indent([...lead, ...(lead.length > 0 && explained.length > 0 ? [''] : []), ...body], '  ')];
}

/** Whether every finding of the cell was explained under an earlier cell: the "Repeated findings"
 * recap names it then, and its section would only repeat the exchange (a failed cell only; an
 * errored one keeps its section for the stderr of the target). */
export function onlyRepeatsSeenBefore(cell: ScenarioResult, strict: boolean, repeated: RepeatedFindings): boolean {
  // An errored cell keeps its section for the target's stderr, a flaky one for its re-run.
  if (cell.status === 'errored' || cell.status === 'flaky') return false;
  const checks = checksToExplain(cell, strict);
  return (
    checks.length > 0 &&
    checks.every((c) => {
      const group = repeated.groupOf(c);
      return group !== undefined && group.first.cell !== cell;
    })
  );
}
