// Runs `mcp-conform fuzz`: resolves the target, picks the revision, fuzzes within the budget, prints
// the outcome (seed always first), saves a counterexample scenario, writes the reports asked for and
// maps the outcome to an exit code. `--fuzz` on a normal run uses the same steps (fuzzForRun).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { loadRules, type RulesCatalogue } from '../schema/rules.js';
import type { TargetSpec } from '../runner/config/index.js';
import { callableTools, counterexampleYaml, prepareTarget, runFuzz, type FuzzOutcome } from '../runner/fuzz/index.js';
import type { ToolChoice } from '../runner/config/index.js';
import { toolChoiceOf, toolChoiceWords } from '../api/tool-options.js';
import { ConformanceOptionsError } from '../api/options-error.js';
import { toolSelectionFromFlags } from './run-flags.js';
import { UsageError } from './usage-error.js';
import type { FuzzResult } from '../wire/results/index.js';
import { fuzzResultOf, fuzzRunResult, writeFuzzReports } from './fuzz-report.js';
import { quoteWord } from '../wire/transports/index.js';
import { TransportStartError, type ClientIdentity } from '../wire/protocol/index.js';
import { envWords, httpTargetWords, withCredentialNote } from '../runner/repro.js';
import { httpTargetSpec } from './http-target.js';
import { ExitCode } from './exit-codes.js';
import { DEFAULT_COUNTEREXAMPLE_DIR, DEFAULT_FUZZ_RUNS, type FuzzCliOptions } from './fuzz-program.js';
import type { CliOptions } from './program.js';
import { renderFuzzOutcome } from './fuzz-output.js';
import { targetSpec } from './stdio-target.js';
import { openFuzzTarget, type FuzzTarget } from './fuzz-target.js';

export interface FuzzCommandIo {
  write(text: string): void;
}

/** A seed nobody chose: printed so that the run can be repeated exactly. */
function freshSeed(): number {
  return Math.floor(Math.random() * 0x7fffffff);
}

function targetWords(target: TargetSpec): string[] {
  if (target.kind === 'http') return httpTargetWords(target);
  if (target.kind !== 'stdio' || target.isDefault) return [];
  const words = ['--server', quoteWord(target.command)];
  if (target.cwd) words.push('--cwd', quoteWord(target.cwd));
  words.push(...envWords(target.env));
  return words;
}

export async function runFuzzCommand(opts: FuzzCliOptions, version: string, io?: FuzzCommandIo): Promise<number> {
  const rules = loadRules();
  // A bad --tools/--tool-args is a usage error before anything starts.
  fuzzToolChoice(opts);
  const target = httpTargetSpec(opts) ?? targetSpec(opts);
  const reports = (opts.report ?? []).filter((r) => r.format !== 'console');
  // A machine report on stdout owns it; the human outcome then goes to stderr.
  const out = io ?? { write: (t: string) => (reports.some((r) => !r.path) ? process.stderr : process.stdout).write(t) };
  const client = { clientInfo: { name: 'mcp-conform', version }, capabilities: {} };
  const seed = opts.seed ?? freshSeed();
  out.write(`mcp-conform fuzz: seed ${seed}\n`);
  let live: FuzzTarget;
  try {
    live = await openFuzzTarget(target, opts.timeout);
  } catch (err) {
    if (!(err instanceof TransportStartError)) throw err;
    out.write(`mcp-conform: ${err.message}\n`);
    return ExitCode.TargetUnavailable;
  }
  const startedAt = new Date().toISOString();
  try {
    const result = await fuzzLiveTarget({ ...opts, seed }, out, { rules, target, live, client });
    if (!result) return ExitCode.TargetUnavailable;
    if (reports.length > 0) await writeFuzzReports(reports, fuzzRunResult(result, { version, live, target, startedAt, strict: opts.strict }));
    // Only violations that stop the search (MUST-level, or any under --strict) become a failure.
    return result.status === 'failed' ? ExitCode.Failures : ExitCode.Conformant;
  } finally {
    await live.stop();
  }
}

/** What fuzzing needs besides the target: the fuzz flags, with the seed settled. */
type FuzzSettings = Omit<FuzzCliOptions, 'server' | 'url' | 'header' | 'portEnv' | 'cwd' | 'env' | 'report' | 'seed'> & { seed: number };

interface FuzzContext {
  rules: RulesCatalogue;
  target: TargetSpec;
  live: FuzzTarget;
  client: ClientIdentity;
}

/** Fuzzes a reachable target, prints the outcome and saves a counterexample; undefined when the target cannot be used. */
async function fuzzLiveTarget(settings: FuzzSettings, io: FuzzCommandIo, ctx: FuzzContext): Promise<FuzzResult | undefined> {
  const { rules, target, live, client } = ctx;
  const { makeTransport } = live;
  const seed = settings.seed;
  const prepared = await prepareTarget(makeTransport, client, settings.timeout, settings.revision);
  if (!prepared.ok) {
    io.write(`mcp-conform: Failed to fuzz ${live.description}: ${prepared.reason}.\n`);
    return undefined;
  }
  const toolChoice = fuzzToolChoice(settings);
  let outcome: FuzzOutcome;
  try {
    outcome = await runFuzz({
      makeTransport,
      client,
      ...prepared.target,
      seed,
      runs: settings.runs,
      timeBudgetMs: settings.timeBudget * 1000,
      timeoutMs: settings.timeout,
      framing: live.framing,
      // SHOULD-level deviations are collected without stopping, unless --strict makes them failures.
      stopOn: (v) => settings.strict || rules.get(v.ruleId)?.level === 'MUST',
      ...(settings.skipTool ? { skipTools: settings.skipTool } : {}),
      toolChoice,
    });
  } catch (err) {
    io.write(`mcp-conform: Failed to fuzz ${live.description}: ${(err as Error).message}\n`);
    return undefined;
  }
  const words = targetWords(target);
  const searchReplay = withCredentialNote(
    [
      'npx',
      'mcp-conform',
      'fuzz',
      ...words,
      '--revision',
      outcome.revision,
      '--seed',
      String(seed),
      '--runs',
      String(settings.runs),
      ...(settings.skipTool ?? []).flatMap((t) => ['--skip-tool', quoteWord(t)]),
      ...toolChoiceWords(toolSelectionFromFlags(settings)),
    ].join(' '),
  );
  let savedTo: string | undefined;
  let replay: string | undefined;
  if (outcome.failure) {
    const dir = resolve(settings.out);
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `fuzz-seed-${seed}.yaml`);
    writeFileSync(file, counterexampleYaml(outcome.failure, { seed, revision: outcome.revision, command: searchReplay }));
    savedTo = relative(process.cwd(), file) || file;
    replay = withCredentialNote(['npx', 'mcp-conform', ...words, '--scenario-file', quoteWord(savedTo), '--revision', outcome.revision].join(' '));
  }
  io.write(
    `${renderFuzzOutcome(outcome, {
      target: live.description,
      tools: prepared.target.tools.length,
      uncalled: callableTools({ tools: prepared.target.tools, ...(settings.skipTool ? { skipTools: settings.skipTool } : {}), toolChoice }).uncalled.size,
      color: settings.color && !process.env.NO_COLOR && process.stdout.isTTY === true,
      rules,
      searchReplay,
      ...(savedTo ? { savedTo } : {}),
      ...(replay ? { replay } : {}),
    }).join('\n')}\n`,
  );
  return fuzzResultOf(outcome, {
    rules,
    runs: settings.runs,
    replay: searchReplay,
    ...(savedTo ? { counterexample: savedTo } : {}),
    ...(replay ? { reproduce: replay } : {}),
  });
}

/** The tool choice of the fuzz flags (--tools, --tool, --tool-args); a bad one is a usage error. */
function fuzzToolChoice(flags: Pick<FuzzCliOptions, 'tools' | 'tool' | 'toolArgs'>): ToolChoice {
  try {
    return toolChoiceOf(toolSelectionFromFlags(flags));
  } catch (err) {
    if (err instanceof ConformanceOptionsError) throw new UsageError(err.problem, err.fix);
    throw err;
  }
}

/**
 * `--fuzz` on a normal run: a short fuzz of the same target with the run's seed (fixed by default,
 * so CI is deterministic), run by the engine after the cells so that every report carries it. Its
 * output goes to stderr when a machine report owns stdout.
 */
export function fuzzForRun(
  opts: CliOptions,
  version: string,
  target: TargetSpec,
  live: FuzzTarget,
  rules: RulesCatalogue,
): () => Promise<FuzzResult | undefined> {
  const machineOnStdout = (opts.report ?? []).some((r) => r.format !== 'console' && !r.path);
  const stream = machineOnStdout ? process.stderr : process.stdout;
  return async () => {
    stream.write(`\nmcp-conform fuzz: seed ${opts.seed}\n`);
    const settings: FuzzSettings = {
      ...(opts.revision?.length === 1 ? { revision: opts.revision[0]! } : {}),
      seed: opts.seed,
      runs: DEFAULT_FUZZ_RUNS,
      timeBudget: opts.fuzzBudget,
      timeout: opts.timeout,
      out: DEFAULT_COUNTEREXAMPLE_DIR,
      strict: opts.strict,
      color: opts.color,
      ...(opts.tools ? { tools: opts.tools } : {}),
      ...(opts.tool ? { tool: opts.tool } : {}),
      ...(opts.toolArgs !== undefined ? { toolArgs: opts.toolArgs } : {}),
    };
    const client = { clientInfo: { name: 'mcp-conform', version }, capabilities: opts.clientCapabilities ?? {} };
    return fuzzLiveTarget(settings, { write: (t) => stream.write(t) }, { rules, target, live, client });
  };
}
