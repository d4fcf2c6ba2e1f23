// Runs `mcp-conform fuzz`: resolves the target, picks the revision, fuzzes within the budget, prints
// the outcome (seed always first), saves a counterexample scenario and maps the outcome to an exit code.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { loadRules } from '../../schema/rules.js';
import type { TargetSpec } from '../config/index.js';
import { counterexampleYaml, prepareTarget, runFuzz, type FuzzOutcome } from '../fuzz/index.js';
import { StdioTransport, quoteWord } from '../transports/index.js';
import { ExitCode } from './exit-codes.js';
import { DEFAULT_COUNTEREXAMPLE_DIR, DEFAULT_FUZZ_RUNS, type FuzzCliOptions } from './fuzz-program.js';
import type { CliOptions } from './program.js';
import { renderFuzzOutcome } from './fuzz-output.js';
import { targetSpec } from './run-command.js';
import { UsageError } from './usage-error.js';

export interface FuzzCommandIo {
  write(text: string): void;
}

/** A seed nobody chose: printed so that the run can be repeated exactly. */
function freshSeed(): number {
  return Math.floor(Math.random() * 0x7fffffff);
}

function targetWords(target: TargetSpec): string[] {
  if (target.kind !== 'stdio' || target.isDefault) return [];
  const words = ['--server', quoteWord(target.command)];
  if (target.cwd) words.push('--cwd', quoteWord(target.cwd));
  for (const [k, v] of Object.entries(target.env ?? {})) words.push('--env', quoteWord(`${k}=${v}`));
  return words;
}

export async function runFuzzCommand(opts: FuzzCliOptions, version: string, io: FuzzCommandIo = { write: (t) => process.stdout.write(t) }): Promise<number> {
  const rules = loadRules();
  const target = targetSpec(opts);
  if (target.kind !== 'stdio') throw new UsageError('mcp-conform fuzz needs a stdio target.', 'Give --server "<command>".');
  if (opts.report !== undefined && !/^json=.+/.test(opts.report)) throw new UsageError(`--report ${opts.report} is not understood.`, 'Use --report json=PATH.');
  const makeTransport = () =>
    new StdioTransport({ command: target.command, ...(target.cwd ? { cwd: target.cwd } : {}), ...(target.env ? { env: target.env } : {}) });
  const client = { clientInfo: { name: 'mcp-conform', version }, capabilities: {} };
  const seed = opts.seed ?? freshSeed();
  io.write(`mcp-conform fuzz: seed ${seed}\n`);
  const prepared = await prepareTarget(makeTransport, client, opts.timeout, opts.revision);
  if (!prepared.ok) {
    io.write(`mcp-conform: Failed to fuzz ${target.command}: ${prepared.reason}.\n`);
    return ExitCode.TargetUnavailable;
  }
  let outcome: FuzzOutcome;
  try {
    outcome = await runFuzz({
      makeTransport,
      client,
      ...prepared.target,
      seed,
      runs: opts.runs,
      timeBudgetMs: opts.timeBudget * 1000,
      timeoutMs: opts.timeout,
      framing: true,
      // SHOULD-level deviations are collected without stopping, unless --strict makes them failures.
      stopOn: (v) => opts.strict || rules.get(v.ruleId)?.level === 'MUST',
      ...(opts.skipTool ? { skipTools: opts.skipTool } : {}),
    });
  } catch (err) {
    io.write(`mcp-conform: Failed to fuzz ${target.command}: ${(err as Error).message}\n`);
    return ExitCode.TargetUnavailable;
  }
  const words = targetWords(target);
  const searchReplay = ['npx', 'mcp-conform', 'fuzz', ...words, '--revision', outcome.revision, '--seed', String(seed), '--runs', String(opts.runs), ...(opts.skipTool ?? []).flatMap((t) => ['--skip-tool', quoteWord(t)])].join(' ');
  let savedTo: string | undefined;
  let replay: string | undefined;
  if (outcome.failure) {
    const dir = resolve(opts.out);
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `fuzz-seed-${seed}.yaml`);
    writeFileSync(file, counterexampleYaml(outcome.failure, { seed, revision: outcome.revision, command: searchReplay }));
    savedTo = relative(process.cwd(), file) || file;
    replay = ['npx', 'mcp-conform', ...words, '--scenario-file', quoteWord(savedTo), '--revision', outcome.revision].join(' ');
  }
  io.write(
    `${renderFuzzOutcome(outcome, {
      target: target.isDefault ? 'the bundled reference server' : target.command,
      tools: prepared.target.tools.length,
      color: opts.color && !process.env.NO_COLOR && process.stdout.isTTY === true,
      rules,
      searchReplay,
      ...(savedTo ? { savedTo } : {}),
      ...(replay ? { replay } : {}),
    }).join('\n')}\n`,
  );
  if (opts.report) {
    const path = resolve(opts.report.slice('json='.length));
    const document = { tool: { name: 'mcp-conform', version }, target: target.command, ...outcome, ...(savedTo ? { counterexample: savedTo } : {}) };
    writeFileSync(path, `${JSON.stringify(document, null, 2)}\n`);
  }
  // Only violations that stop the search (MUST-level, or any under --strict) become a failure.
  return outcome.failure ? ExitCode.Failures : ExitCode.Conformant;
}

/**
 * `--fuzz` on a normal run: a short fuzz of the same target with the run's seed (fixed by default,
 * so CI is deterministic). Its output goes to stderr when a machine report owns stdout.
 */
export async function fuzzAfterRun(opts: CliOptions, runExit: number, version: string): Promise<number> {
  if (runExit === ExitCode.Usage || runExit === ExitCode.TargetUnavailable) return runExit;
  const machineOnStdout = (opts.report ?? []).some((r) => r.format !== 'console' && !r.path);
  const stream = machineOnStdout ? process.stderr : process.stdout;
  stream.write('\n');
  const fuzzExit = await runFuzzCommand(
    {
      ...(opts.server !== undefined ? { server: opts.server } : {}),
      ...(opts.cwd ? { cwd: opts.cwd } : {}),
      ...(opts.env ? { env: opts.env } : {}),
      ...(opts.revision?.length === 1 ? { revision: opts.revision[0]! } : {}),
      seed: opts.seed,
      runs: DEFAULT_FUZZ_RUNS,
      timeBudget: opts.fuzzBudget,
      timeout: opts.timeout,
      out: DEFAULT_COUNTEREXAMPLE_DIR,
      strict: opts.strict,
      color: opts.color,
    },
    version,
    { write: (t) => stream.write(t) },
  );
  return Math.max(runExit, fuzzExit === ExitCode.Failures ? ExitCode.Failures : runExit);
}
