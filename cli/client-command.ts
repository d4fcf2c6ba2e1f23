// `mcp-conform --client "CMD {command}"`: loads the client scenarios, checks the flags that apply
// to client mode, and runs every client scenario × revision against the client command.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fromRoot } from '../schema/package-root.js';
import type { RulesCatalogue } from '../schema/rules.js';
import { formatProblem } from '../schema/scenario/index.js';
import { HttpClientHost, loadClientScenarios, runClients, SERVER_PLACEHOLDER, URL_PLACEHOLDER, type ClientScenario } from '../runner/client-mode/index.js';
import { defaultSuitesDir, idMatches, ruleMatches } from '../runner/suite-loader/index.js';
import { quoteWord } from '../wire/transports/index.js';
import { ExitCode } from './exit-codes.js';
import { defaultConcurrency, type CliOptions } from './program.js';
import { withBaseline } from './baseline-option.js';
import { makeReporters } from './reporters-option.js';
import { plainExitCode } from './exit-codes.js';
import { validatorsFor } from './protocol-validators.js';
import { UsageError } from './usage-error.js';

export const RELAY_ENTRY = ['dist', 'runner', 'client-mode', 'relay-main.js'];

export async function runClientCommand(opts: CliOptions, rules: RulesCatalogue, version: string): Promise<number> {
  const command = opts.client!.trim();
  if (command === '') throw new UsageError('--client needs a command.', `Example: --client "node client.js ${SERVER_PLACEHOLDER}".`);
  if (opts.server !== undefined) throw new UsageError('--client and --server exclude each other: one run tests either a client or a server.', 'Drop one of them.');
  if (!command.includes(SERVER_PLACEHOLDER) && !command.includes(URL_PLACEHOLDER)) {
    throw new UsageError(
      `The --client command has neither ${SERVER_PLACEHOLDER} nor ${URL_PLACEHOLDER}, so the client cannot be pointed at the mock servers.`,
      `Add ${SERVER_PLACEHOLDER} where your client takes the command of a stdio server to spawn, or ${URL_PLACEHOLDER} where it takes a Streamable HTTP URL.`,
    );
  }
  if (command.includes(SERVER_PLACEHOLDER) && command.includes(URL_PLACEHOLDER)) {
    throw new UsageError(`The --client command has both ${SERVER_PLACEHOLDER} and ${URL_PLACEHOLDER}.`, 'Keep the one that matches how your client reaches its server.');
  }
  const relayEntry = fromRoot(...RELAY_ENTRY);
  if (!existsSync(relayEntry)) throw new UsageError('Failed to find the client-mode relay: mcp-conform has not been built.', 'Run `npm run build`.');

  const dirs = opts.suiteDir?.length ? opts.suiteDir.map((d) => resolve(d)) : [defaultSuitesDir()];
  const loaded = loadClientScenarios({ dirs, root: defaultSuitesDir(), rules });
  if (loaded.problems.length > 0) {
    for (const p of loaded.problems) process.stderr.write(`${formatProblem(p)}\n`);
    process.stderr.write(`mcp-conform: Failed to load client scenarios: ${loaded.problems.length} problem(s) above. Fix the files and run again.\n`);
    return ExitCode.Usage;
  }
  const scenarios = select(loaded.scenarios, opts);
  if (scenarios.length === 0) throw new UsageError('No client scenario matches the filters given.', 'Run `mcp-conform --list` to see scenario ids (client scenarios live in suites/client/).');

  const baseline = withBaseline(opts, makeReporters(opts));
  const cwd = opts.cwd ? resolve(opts.cwd) : undefined;
  const env = opts.env ? Object.fromEntries(opts.env) : undefined;
  const run = await runClients({
    scenarios,
    revisions: opts.revision ?? [],
    // Every cell starts a client process, whatever the wire: the process-bound default fits.
    concurrency: opts.concurrency ?? defaultConcurrency('stdio'),
    reporters: baseline.reporters,
    header: { tool: { name: 'mcp-conform', version }, target: { kind: 'stdio', command, ...(cwd ? { cwd } : {}) }, strict: opts.strict, seed: opts.seed },
    cell: {
      command,
      ...(cwd ? { cwd } : {}),
      ...(env ? { env } : {}),
      relayEntry,
      makeHttpHost: (mock, record) => new HttpClientHost(mock, record),
      ruleRef: (id, revision) => rules.ruleRef(id, revision),
      validatorsFor,
      strict: opts.strict,
    },
    repro: (scenarioId, revision) =>
      ['npx', 'mcp-conform', '--client', quoteWord(command), ...(cwd ? ['--cwd', quoteWord(cwd)] : []), '--scenario', quoteWord(scenarioId), '--revision', revision].join(' '),
  });
  return baseline.finish(run, plainExitCode(run));
}

function select(scenarios: ClientScenario[], opts: CliOptions): ClientScenario[] {
  return scenarios.filter((s) => {
    if (opts.scenario?.length && !opts.scenario.some((p) => idMatches(s.id, p))) return false;
    if (opts.exclude?.some((p) => idMatches(s.id, p))) return false;
    if (opts.area?.length && !opts.area.includes(s.area)) return false;
    if (opts.tag?.length && !opts.tag.some((t) => s.tags.includes(t))) return false;
    const cited = [...s.rules, ...s.expect.flatMap((e) => (e.rule ? [e.rule] : []))];
    if (opts.rule?.length && !opts.rule.some((p) => cited.some((r) => ruleMatches(r, p)))) return false;
    return true;
  });
}
