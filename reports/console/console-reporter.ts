// The human report: a live progress line on a terminal or one line per cell otherwise, then the
// summary by area, each failure explained in four blocks, the recap and the totals line.
import { renderBaseline } from './baseline.js';
import type { Reporter, RunHeader, RunResult, ScenarioResult } from '../../wire/results/index.js';
import { cellLabel, groupRepeatedFindings, isExpectedFailure, needsExplaining, printable, type OutputSink, type Style } from '../format/index.js';
import { renderCellLine, renderCheckLines } from './cell-line.js';
import { onlyRepeatsSeenBefore, renderCellSection } from './cell-section.js';
import { CLEAR_LINE, renderProgressLine } from './progress-line.js';
import { renderAreaSummary, renderEnding, renderRecap, renderRerunCost, renderSkipped, renderTotals } from './summary.js';

export interface ConsoleReporterOptions {
  sink: OutputSink;
  style: Style;
  /** Redraw one progress line instead of printing a line per cell. */
  live: boolean;
  verbose: boolean;
  /** Terminal width; bounds the progress line and the transcript lines. */
  width?: number;
}

export class ConsoleReporter implements Reporter {
  private readonly sink: OutputSink;
  private readonly style: Style;
  private readonly live: boolean;
  private readonly verbose: boolean;
  private readonly width: number;
  private planned = 0;
  private done = 0;
  private readonly counts = { passed: 0, failed: 0, skipped: 0, errored: 0, flaky: 0 };
  /** Labels of the cells in flight, in the order they started. */
  private readonly running = new Set<string>();
  private progressShown = false;
  /** Whether any per-cell line was printed, which the end-of-run report is set apart from. */
  private cellLinesPrinted = false;

  constructor(options: ConsoleReporterOptions) {
    this.sink = options.sink;
    this.style = options.style;
    this.live = options.live;
    this.verbose = options.verbose;
    this.width = options.width ?? 100;
  }

  onRunStart(header: RunHeader): void {
    this.sink.open();
    this.planned = header.planned;
    this.print([this.renderHeader(header), '']);
  }

  onScenarioStart(cell: { id: string; revision: RunHeader['revisions'][number]; transport: string; index: number }): void {
    this.running.add(cellLabel(cell));
    this.drawProgress();
  }

  onScenarioEnd(result: ScenarioResult, progress: { done: number; planned: number }): void {
    this.done = progress.done;
    this.planned = progress.planned;
    this.counts[result.status] += 1;
    this.running.delete(cellLabel(result));
    // On a terminal only what needs attention scrolls past the progress line; in logs every cell
    // does, except skipped ones, which the end of the run groups by reason (all of them when verbose).
    if (this.verbose || needsExplaining(result) || (!this.live && result.status !== 'skipped')) {
      this.print([renderCellLine(result, this.style), ...(this.verbose ? renderCheckLines(result.checks, this.style) : [])]);
      this.cellLinesPrinted = true;
    }
    this.drawProgress();
  }

  async onRunEnd(run: RunResult): Promise<void> {
    this.clearProgress();
    this.sink.open();
    if (run.endReason === 'target-unavailable' && run.scenarios.length === 0) {
      // Nothing ran: zero totals would only bury the one thing worth reading.
      this.print(renderEnding(run, this.style));
    } else {
      this.print(this.renderEnd(run));
    }
    await this.sink.close();
  }

  private renderEnd(run: RunResult): string[] {
    const repeated = groupRepeatedFindings(this.explained(run), run.strict);
    const sections: string[][] = [
      renderAreaSummary(run.scenarios, this.style),
      renderSkipped(run.scenarios, this.style, this.verbose),
      ...this.explained(run)
        .filter((cell) => !onlyRepeatsSeenBefore(cell, run.strict, repeated))
        .map((cell) => renderCellSection(cell, run.strict, this.style, this.maxText(), repeated)),
      renderRecap(run.scenarios, run.strict, this.style, repeated),
      renderBaseline(run.baseline, this.style),
    ].filter((s) => s.length > 0);
    const lines = [...(this.cellLinesPrinted ? [''] : []), ...sections.flatMap((s) => [...s, ''])];
    lines.push(
      renderTotals(run.summary, this.style, run.scenarios.filter(isExpectedFailure).length) +
        (run.strict ? this.style.dim(' (strict: warnings fail)') : '') +
        renderRerunCost(run.scenarios, this.style),
    );
    lines.push(...renderEnding(run, this.style));
    return lines;
  }

  /** Failed and errored cells first, in run order, then flaky ones, then cells that only warned. */
  private explained(run: RunResult): ScenarioResult[] {
    const attention = run.scenarios.filter(needsExplaining);
    const hard = attention.filter((c) => c.status === 'failed' || c.status === 'errored');
    const flaky = attention.filter((c) => c.status === 'flaky');
    return [...hard, ...flaky, ...attention.filter((c) => !hard.includes(c) && !flaky.includes(c))];
  }

  private renderHeader(header: RunHeader): string {
    const s = this.style;
    const target = header.target.command ?? header.target.url ?? header.target.kind;
    const server = header.target.serverInfo;
    const serverName = server && typeof server.name === 'string' ? ` (${server.name}${typeof server.version === 'string' ? ` ${server.version}` : ''})` : '';
    const parts = [
      `${s.bold(header.tool.name)} ${header.tool.version}`,
      `target ${printable(target)}${printable(serverName)}`,
      `revisions ${header.revisions.length > 0 ? header.revisions.join(', ') : 'none accepted'}`,
      `${header.planned} ${header.planned === 1 ? 'cell' : 'cells'}`,
      ...(header.seed !== undefined ? [`seed ${header.seed}`] : []),
      ...(header.strict ? ['strict'] : []),
    ];
    return parts.join(s.dim(' · '));
  }

  private maxText(): number {
    // Room for the indentation, seq, time and direction columns in front of the message text.
    return this.live ? Math.max(40, this.width - 24) : 160;
  }

  private print(lines: readonly string[]): void {
    if (lines.length === 0) return;
    this.clearProgress();
    this.sink.write(lines.map((l) => `${l}\n`).join(''));
  }

  private drawProgress(): void {
    if (!this.live) return;
    const line = renderProgressLine({ ...this.counts, done: this.done, planned: this.planned, running: [...this.running] }, this.style, this.width);
    this.sink.write(CLEAR_LINE + line);
    this.progressShown = true;
  }

  private clearProgress(): void {
    if (!this.progressShown) return;
    this.sink.write(CLEAR_LINE);
    this.progressShown = false;
  }
}
