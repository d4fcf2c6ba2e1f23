// The JSON report: one document written when the run ends, shaped by reports/format's records and
// described by schema/report/report.schema.json. The transcript in it is each cell's bounded one.
// The document is written cell by cell, never built as one string: a run of many cells with large
// transcripts would exceed the longest string JavaScript can hold (and used to crash the writer).
import type { Reporter, RunResult } from '../../wire/results/index.js';
import { footerRecord, headerRecord, reportDocument, scenarioRecord, type OutputSink } from '../format/index.js';

export function renderJsonReport(run: RunResult): string {
  return `${JSON.stringify(reportDocument(run), null, 2)}\n`;
}

/** The text of renderJsonReport in pieces of one cell each, byte for byte the same document. */
export function* jsonReportChunks(run: RunResult): Generator<string> {
  const head = JSON.stringify({ ...headerRecord(run), ...footerRecord(run) }, null, 2);
  // `head` ends with "\n}": the scenarios go in as its last member, as reportDocument puts them.
  yield `${head.slice(0, -2)},\n  "scenarios": `;
  if (run.scenarios.length === 0) yield '[]';
  else {
    yield '[\n';
    for (const [i, cell] of run.scenarios.entries()) {
      const text = JSON.stringify(scenarioRecord(cell), null, 2).replaceAll('\n', '\n    ');
      yield `    ${text}${i < run.scenarios.length - 1 ? ',' : ''}\n`;
    }
    yield '  ]';
  }
  yield '\n}\n';
}

export class JsonReporter implements Reporter {
  constructor(private readonly sink: OutputSink) {}

  onRunStart(): void {
    // Empties a file left by an earlier run now, so a crash cannot leave it looking like ours.
    this.sink.open();
  }

  async onRunEnd(run: RunResult): Promise<void> {
    for (const chunk of jsonReportChunks(run)) this.sink.write(chunk);
    await this.sink.close();
  }
}
