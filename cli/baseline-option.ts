// --write-baseline FILE: records the failures of a run as an expected-failures file to start a
// baseline from. (--baseline itself is an option of the API, which measures the run against it.)
import { resolve } from 'node:path';
import { baselineFor, writeBaseline } from '../runner/baseline/index.js';
import type { RunResult } from '../wire/results/index.js';

const RECORDED_REASON = 'recorded by --write-baseline: replace with why this failure is accepted for now';

export function writeBaselineIfAsked(flags: { writeBaseline?: string }, run: RunResult): void {
  if (flags.writeBaseline === undefined) return;
  const entries = baselineFor(run, RECORDED_REASON);
  writeBaseline(resolve(flags.writeBaseline), entries);
  process.stderr.write(`mcp-conform: wrote ${entries.length} expected failure(s) to ${flags.writeBaseline}\n`);
}
