// The JSON report: one document written when the run ends, shaped by reports/format's records and
// described by schema/report/report.schema.json. The transcript in it is complete.
import type { Reporter, RunResult } from '../../wire/results/index.js';
import { reportDocument, type OutputSink } from '../format/index.js';

export function renderJsonReport(run: RunResult): string {
  return `${JSON.stringify(reportDocument(run), null, 2)}\n`;
}

export class JsonReporter implements Reporter {
  constructor(private readonly sink: OutputSink) {}

  onRunStart(): void {
    // Empties a file left by an earlier run now, so a crash cannot leave it looking like ours.
    this.sink.open();
  }

  async onRunEnd(run: RunResult): Promise<void> {
    this.sink.write(renderJsonReport(run));
    await this.sink.close();
  }
}
