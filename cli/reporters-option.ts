// Builds the reporters --report asks for (the console one unless a machine report owns stdout).
import { resolve } from 'node:path';
import { ReportWriteError, createReporter, type ReportFormat } from '../reports/index.js';
import type { Reporter } from '../wire/results/index.js';
import type { CliOptions } from './program.js';
import { UsageError } from './usage-error.js';

/** The reporters the flags ask for; an unwritable report path is a usage error. */
export function makeReporters(opts: CliOptions): Reporter[] {
  try {
    return reportersFor(opts);
  } catch (err) {
    if (err instanceof ReportWriteError) throw new UsageError(err.message, err.fix);
    throw err;
  }
}

function reportersFor(opts: CliOptions): Reporter[] {
  const specs = opts.report ?? [];
  const machineOnStdout = specs.some((s) => s.format !== 'console' && !s.path);
  const reporters: Reporter[] = [];
  const wantsConsole = specs.length === 0 || specs.some((s) => s.format === 'console') || !machineOnStdout;
  if (wantsConsole) {
    const stream = machineOnStdout ? process.stderr : process.stdout;
    reporters.push(
      createReporter('console', {
        stream,
        color: opts.color && !process.env.NO_COLOR && stream.isTTY === true,
        verbose: opts.verbose,
        isTTY: stream.isTTY === true,
      }),
    );
  }
  for (const spec of specs) {
    if (spec.format === 'console') continue;
    reporters.push(
      createReporter(spec.format as ReportFormat, { ...(spec.path ? { path: resolve(spec.path) } : { stream: process.stdout }), verbose: opts.verbose }),
    );
  }
  return reporters;
}
