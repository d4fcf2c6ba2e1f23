// Builds a reporter from a format name and where its output goes; the one entry point the CLI uses.
// Destination rules: a path gets a file (folders created), otherwise the stream (stdout by default).
import type { Reporter } from '../wire/results/index.js';
import { ConsoleReporter } from './console/index.js';
import { colorWanted, createSink, createStyle } from './format/index.js';
import { HtmlReporter } from './html/index.js';
import { JsonReporter } from './json/index.js';
import { JsonlReporter } from './jsonl/index.js';
import { JunitReporter } from './junit/index.js';
import { MarkdownReporter } from './markdown/index.js';
import { TapReporter } from './tap/index.js';
import { REPORT_FORMATS, type ReportFormat } from './formats.js';

export interface ReporterOptions {
  /** Write to this file instead of a stream; missing folders are created. */
  path?: string;
  /** Where to write when there is no path; default process.stdout. */
  stream?: NodeJS.WritableStream;
  /** Console only: colours; default on for a terminal. NO_COLOR always wins; never for a file. */
  color?: boolean;
  /** Console only: list passed checks and every skipped cell. */
  verbose?: boolean;
  /** Console only: draw a live progress line; default: whether the stream is a terminal. */
  isTTY?: boolean;
}

export function createReporter(format: ReportFormat, options: ReporterOptions = {}): Reporter {
  const stream = options.stream ?? process.stdout;
  const sink = createSink(options.path !== undefined ? { path: options.path } : { stream });
  switch (format) {
    case 'console': {
      const terminal = options.path === undefined && (options.isTTY ?? (stream as { isTTY?: boolean }).isTTY === true);
      const color = options.path === undefined && colorWanted(options.color, terminal);
      const columns = (stream as { columns?: number }).columns;
      return new ConsoleReporter({
        sink,
        style: createStyle(color),
        live: terminal,
        verbose: options.verbose === true,
        ...(terminal && typeof columns === 'number' && columns > 0 ? { width: columns } : {}),
      });
    }
    case 'json':
      return new JsonReporter(sink);
    case 'jsonl':
      return new JsonlReporter(sink);
    case 'junit':
      return new JunitReporter(sink);
    case 'tap':
      return new TapReporter(sink);
    case 'html':
      return new HtmlReporter(sink);
    case 'markdown':
      return new MarkdownReporter(sink);
    default:
      throw new Error(`Failed to create a reporter: "${String(format)}" is not a report format. Use one of: ${REPORT_FORMATS.join(', ')}.`);
  }
}
