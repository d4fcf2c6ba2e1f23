// The fuzz outcome as report data: a FuzzResult (rules resolved, counterexample file, reproduce
// commands) for the run's reports, and for `mcp-conform fuzz --report` a run with no cells whose
// result is the fuzz, written through the ordinary reporters (JSON, JSON Lines, JUnit, TAP).
import { resolve } from 'node:path';
import { createReporter, ReportWriteError, type ReportFormat } from '../reports/index.js';
import type { RulesCatalogue } from '../schema/rules.js';
import type { TargetSpec } from '../runner/config/index.js';
import type { FuzzOutcome, Violation } from '../runner/fuzz/index.js';
import { summarise, type FuzzResult, type FuzzViolation, type RunResult } from '../wire/results/index.js';
import type { FuzzTarget } from './fuzz-target.js';
import type { ReportSpec } from './options.js';
import { UsageError } from './usage-error.js';

export interface FuzzResultFacts {
  rules: RulesCatalogue;
  runs: number;
  replay: string;
  counterexample?: string;
  reproduce?: string;
}

export function fuzzResultOf(outcome: FuzzOutcome, facts: FuzzResultFacts): FuzzResult {
  const violation = (v: Violation): FuzzViolation => ({ rule: facts.rules.ruleRef(v.ruleId, outcome.revision), property: v.property, detail: v.detail });
  const failure = outcome.failure;
  return {
    seed: outcome.seed,
    revision: outcome.revision,
    runs: facts.runs,
    cases: outcome.cases,
    durationMs: outcome.durationMs,
    casesPerSecond: outcome.casesPerSecond,
    interrupted: outcome.interrupted,
    status: failure ? 'failed' : 'passed',
    replay: facts.replay,
    ...(failure
      ? {
          failure: {
            input: failure.input.label,
            violations: failure.violations.map(violation),
            reproducible: failure.reproducible,
            path: failure.path,
            shrinks: failure.shrinks,
            ...(facts.counterexample !== undefined ? { counterexample: facts.counterexample } : {}),
            ...(facts.reproduce !== undefined ? { reproduce: facts.reproduce } : {}),
            transcript: failure.transcript,
          },
        }
      : {}),
    warnings: outcome.warnings.map((w) => ({ ...violation(w.violation), input: w.input.label, count: w.count })),
  };
}

/** A run whose only result is the fuzz: no cells, its revision, its verdict. */
export function fuzzRunResult(fuzz: FuzzResult, ctx: { version: string; live: FuzzTarget; target: TargetSpec; startedAt: string; strict: boolean }): RunResult {
  const target =
    ctx.target.kind === 'http'
      ? { kind: ctx.live.framing === 'http' ? ('http' as const) : ('sse' as const), url: ctx.live.description }
      : { kind: 'stdio' as const, command: ctx.live.description };
  return {
    tool: { name: 'mcp-conform', version: ctx.version },
    target: { ...target, acceptedRevisions: [fuzz.revision] },
    revisions: [fuzz.revision],
    startedAt: ctx.startedAt,
    strict: ctx.strict,
    seed: fuzz.seed,
    planned: 0,
    fuzzPlanned: true,
    summary: summarise([], fuzz.durationMs),
    scenarios: [],
    endReason: fuzz.status === 'failed' ? 'failed' : 'passed',
    fuzz,
  };
}

export async function writeFuzzReports(specs: ReportSpec[], run: RunResult): Promise<void> {
  try {
    for (const spec of specs) {
      const reporter = createReporter(spec.format as ReportFormat, spec.path ? { path: resolve(spec.path) } : { stream: process.stdout });
      await reporter.onRunStart?.(run);
      await reporter.onRunEnd?.(run);
    }
  } catch (err) {
    if (err instanceof ReportWriteError) throw new UsageError(err.message, err.fix);
    throw err;
  }
}
