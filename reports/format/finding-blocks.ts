// Composes the explanation of a cell (DESIGN rule 5): per check the rule (a), expected vs actual
// (b) and the exchange (c); then the one reproduce command (d) and numbered hints.
import type { CheckResult, ScenarioResult } from '../../wire/results/index.js';
import { renderExpectedActual } from './expected-actual.js';
import { collectHints, renderHints } from './hints.js';
import { printable } from './printable.js';
import { renderReproLine } from './repro-line.js';
import { firstVerdict, renderRerunBlock, rerunNote } from './rerun-note.js';
import { renderRuleBlock } from './rule-block.js';
import { renderStderrBox } from './stderr-box.js';
import { createStyle, type Style } from './style.js';
import { indent } from './text-width.js';
import { renderTranscript } from './transcript.js';

export interface FindingOptions {
  style?: Style;
  /** Print block (a) in full; without it the headline carries the rule id and level only. */
  withRule?: boolean;
  /** Longest transcript or value line before it is cut. */
  maxText?: number;
  /** Show the whole transcript instead of the window around the evidence. */
  fullTranscript?: boolean;
}

const STATUS_WORDS: Record<CheckResult['status'], string> = {
  passed: 'passed',
  failed: 'failed',
  warning: 'warning',
  skipped: 'skipped',
  info: 'info',
  errored: 'errored',
  'runner-bug': 'runner bug',
};

/** One check: `✗ <rule id> (MUST) <message>` then blocks (a)–(c). */
function renderFinding(cell: ScenarioResult, check: CheckResult, options: FindingOptions = {}): string[] {
  const style = options.style ?? createStyle(false);
  const headline = options.withRule
    ? `${style.mark(check.status)} ${style.paint(check.status, STATUS_WORDS[check.status])}  ${printable(check.message)} ${style.dim(`[${check.id}]`)}`
    : `${style.mark(check.status)} ${check.rule.id} (${check.rule.level}, ${STATUS_WORDS[check.status]}): ${printable(check.message)} [${check.id}]`;
  const body = [
    ...(options.withRule ? renderRuleBlock(check, cell.revision, style) : []),
    ...renderExpectedActual(check, style, options.maxText),
    style.dim('exchange'),
    ...indent(
      renderTranscript(cell.transcript, {
        ...(check.evidence ? { evidence: check.evidence } : {}),
        ...(options.fullTranscript ? { full: true } : {}),
        ...(options.maxText !== undefined ? { maxText: options.maxText } : {}),
        style,
      }),
      '  ',
    ),
  ];
  return [headline, ...indent(body, '  ')];
}

/** A whole cell: every check worth explaining, the errored reason and stderr box when the target
 * misbehaved, then the reproduce command and hints. */
export function renderCellExplanation(cell: ScenarioResult, checks: readonly CheckResult[], options: FindingOptions = {}): string[] {
  const style = options.style ?? createStyle(false);
  const lines: string[] = [];
  // A flaky cell carries its first attempt: explained as that attempt's verdict, then its re-run.
  const errored = firstVerdict(cell) === 'errored';
  const note = rerunNote(cell);
  if (cell.status === 'flaky' && note) lines.push(`${style.paint('flaky', note)}`);
  if (errored && cell.errorReason) lines.push(`${style.paint('errored', 'errored:')} ${printable(cell.errorReason)}`);
  if (errored) lines.push(...renderStderrBox(cell.stderr, style, options.maxText !== undefined ? { maxText: options.maxText } : {}));
  for (const check of checks) {
    if (lines.length > 0) lines.push('');
    lines.push(...renderFinding(cell, check, options));
  }
  if (checks.length === 0 && cell.transcript.length > 0) {
    // An errored cell may have no check to hang the exchange on; the tail of it still helps.
    lines.push(
      style.dim('exchange'),
      ...indent(renderTranscript(cell.transcript, { style, ...(options.maxText !== undefined ? { maxText: options.maxText } : {}) }), '  '),
    );
  }
  const rerun = renderRerunBlock(cell, { style, ...(options.maxText !== undefined ? { maxText: options.maxText } : {}) });
  if (rerun.length > 0) lines.push('', ...rerun);
  else if (note) lines.push('', style.dim(note));
  lines.push('', ...renderReproLine(cell.repro, style), ...renderHints(collectHints(checks), style));
  return lines;
}
