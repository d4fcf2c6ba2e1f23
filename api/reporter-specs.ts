// Turns the `reporters` option into Reporter objects: ready-made reporters pass through, and
// `{ format, path? }` entries are built by the reports module's factory, so every format it knows
// (today's and those added later) is available by name.
import { createReporter, type ReportFormat, type ReporterOptions } from '../reports/index.js';
import type { Reporter } from '../wire/results/index.js';

/** A report the API builds itself: a format name and where it goes (a file path, or a stream; stdout by default). */
export interface ReportSpec extends ReporterOptions {
  format: ReportFormat;
}

/** A reporter object (any object with the optional `Reporter` hooks) or a report to build by name. */
export type ReporterEntry = Reporter | ReportSpec;

function isSpec(entry: ReporterEntry): entry is ReportSpec {
  return typeof (entry as { format?: unknown }).format === 'string';
}

export function reportersFrom(entries: readonly ReporterEntry[] | undefined): Reporter[] {
  return (entries ?? []).map((entry) => {
    if (!isSpec(entry)) return entry;
    const { format, ...options } = entry;
    return createReporter(format, options);
  });
}
