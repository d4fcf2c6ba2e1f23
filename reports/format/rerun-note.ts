// How every report words a cell that was re-run alone after failing or erroring (`--retries`): a
// confirmation is one phrase; a flaky cell shows its re-run beside the first attempt, so a reader
// sees both verdicts and both exchanges.
import type { CellAttempt, ScenarioResult } from '../../wire/results/index.js';
import { formatDuration } from './duration.js';
import { printable } from './printable.js';
import { createStyle, type Style } from './style.js';
import { indent } from './text-width.js';
import { renderTranscript } from './transcript.js';

/** The verdict of the cell's first attempt, whose checks, transcript and stderr the cell carries. */
export function firstVerdict(cell: Pick<ScenarioResult, 'status' | 'rerun'>): Exclude<ScenarioResult['status'], 'flaky'> {
  return cell.status === 'flaky' ? (cell.rerun?.first ?? 'failed') : cell.status;
}

function attemptWords(a: CellAttempt): string {
  const why = a.errorReason ?? a.skipReason;
  return `${a.inconclusive ? 'inconclusive (mcp-conform failed, not the target)' : a.status}${why && !a.inconclusive ? ` (${why})` : ''}`;
}

/**
 * One phrase on the re-run, or undefined when the cell was not re-run: "flaky: failed, then passed
 * when re-run alone", "confirmed by a re-run alone", "re-run alone: errored (…)".
 */
export function rerunNote(cell: Pick<ScenarioResult, 'status' | 'rerun'>): string | undefined {
  const rerun = cell.rerun;
  if (!rerun || rerun.attempts.length === 0) return undefined;
  const last = rerun.attempts[rerun.attempts.length - 1]!;
  if (cell.status === 'flaky') return `flaky: ${rerun.first}, then ${last.status} when re-run alone`;
  if (rerun.attempts.every((a) => a.status === rerun.first && !a.inconclusive)) return 'confirmed by a re-run alone';
  return `re-run alone: ${rerun.attempts.map(attemptWords).join('; ')}`;
}

/** The re-runs that differed from the first attempt, each with its verdict and the tail of its exchange. */
export function renderRerunBlock(cell: ScenarioResult, options: { style?: Style; maxText?: number } = {}): string[] {
  const style = options.style ?? createStyle(false);
  const shown = (cell.rerun?.attempts ?? []).filter((a) => a.transcript !== undefined);
  return shown.flatMap((a, i) => {
    const head = `${style.dim(`re-run alone${shown.length > 1 ? ` ${i + 1}` : ''}:`)} ${style.paint(a.status, printable(attemptWords(a)))} ${style.dim(`in ${formatDuration(a.durationMs)}`)}`;
    const judged = (a.checks ?? []).filter((c) => c.status !== 'passed' && c.status !== 'info');
    const findings = judged.map((c) => `  ${style.mark(c.status)} ${c.rule.id} (${c.rule.level}, ${c.status}): ${printable(c.message)}`);
    const exchange =
      a.transcript!.length > 0
        ? [
            style.dim('  its exchange'),
            ...indent(renderTranscript(a.transcript!, { style, ...(options.maxText !== undefined ? { maxText: options.maxText } : {}) }), '    '),
          ]
        : [];
    return [head, ...findings, ...exchange];
  });
}
