// The streamed report (DESIGN rule 8): a header line at run start, one line per cell as it ends,
// and a footer with totals and the end reason; a file without its footer is an incomplete run.
import type { Reporter, RunHeader, RunResult, ScenarioResult } from '../../wire/results/index.js';
import { footerRecord, headerRecord, scenarioRecord, type OutputSink, type ReportLine } from '../format/index.js';

function jsonlLine(line: ReportLine): string {
  // JSON.stringify escapes U+2028/2029 and control characters, so one record is one physical line.
  return `${JSON.stringify(line)}\n`;
}

export function renderJsonlReport(run: RunResult): string {
  return [
    jsonlLine({ type: 'header', ...headerRecord(run) }),
    ...run.scenarios.map((s) => jsonlLine({ type: 'scenario', ...scenarioRecord(s) })),
    jsonlLine({ type: 'footer', ...footerRecord(run) }),
  ].join('');
}

export class JsonlReporter implements Reporter {
  private headerWritten = false;
  private cellsWritten = 0;

  constructor(private readonly sink: OutputSink) {}

  onRunStart(header: RunHeader): void {
    this.writeHeader(header);
  }

  onScenarioEnd(result: ScenarioResult): void {
    this.sink.write(jsonlLine({ type: 'scenario', ...scenarioRecord(result) }));
    this.cellsWritten++;
  }

  async onRunEnd(run: RunResult): Promise<void> {
    this.writeHeader(run);
    // A reporter attached after the cells ran still writes a whole report.
    if (this.cellsWritten === 0) for (const s of run.scenarios) this.onScenarioEnd(s);
    this.sink.write(jsonlLine({ type: 'footer', ...footerRecord(run) }));
    await this.sink.close();
  }

  private writeHeader(header: RunHeader): void {
    if (this.headerWritten) return;
    this.sink.write(jsonlLine({ type: 'header', ...headerRecord(header) }));
    this.headerWritten = true;
  }
}
