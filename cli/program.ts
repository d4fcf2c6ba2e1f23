// The commander program: flags, help text and their translation into a RunConfig. No protocol
// logic lives here; `main.ts` wires the result to the engine and reporters.
import { Command, Option } from 'commander';
import { cpus } from 'node:os';
import { REPORT_FORMATS } from '../reports/index.js';
import { DEFAULT_SEED, DEFAULT_TIMEOUT_MS } from '../runner/config/index.js';
import { collect, parseEnv, parseEnvName, parseHeader, parsePositiveInt, parseReport, parseRevision, type ReportSpec, parseJsonObject } from './options.js';
import type { Revision } from '../schema/revisions.js';

export interface CliOptions {
  server?: string;
  client?: string;
  url?: string;
  sseUrl?: string;
  header?: [string, string][];
  portEnv?: string;
  cwd?: string;
  env?: [string, string][];
  revision?: Revision[];
  scenario?: string[];
  exclude?: string[];
  area?: string[];
  tag?: string[];
  rule?: string[];
  scenarioFile?: string[];
  suiteDir?: string[];
  timeout: number;
  /** Undefined: defaultConcurrency() of the target's transport. */
  concurrency?: number;
  report?: ReportSpec[];
  strict: boolean;
  isolate?: boolean;
  clientCapabilities?: Record<string, unknown>;
  baseline?: string;
  writeBaseline?: string;
  list: boolean;
  rules: boolean;
  verbose: boolean;
  seed: number;
  color: boolean;
  fuzz: boolean;
  fuzzBudget: number;
}

/**
 * Cells run at once by default. Over stdio every cell starts its own server process, so the CPU
 * count bounds it; over HTTP cells share one server and mostly wait on it, so more can overlap.
 */
export function defaultConcurrency(transport: 'stdio' | 'http'): number {
  const cores = Math.max(1, cpus().length);
  return transport === 'http' ? Math.max(8, cores * 4) : cores;
}

export function buildProgram(version: string): Command {
  const program = new Command('mcp-conform');
  program
    .description('Conformance tests for Model Context Protocol servers: every revision, every rule, with the exchange that broke it.')
    .version(version, '-V, --version')
    .addOption(new Option('--server <command>', 'stdio target: the command that starts the server (split like a shell would, run without one); default: the bundled reference server'))
    .addOption(new Option('--client <command>', 'test a client instead: the command that runs it, with {command} where the server command to spawn goes (stdio)'))
    .addOption(new Option('--cwd <dir>', 'working directory for --server or --client'))
    .addOption(new Option('--url <url>', 'Streamable HTTP target: the MCP endpoint, e.g. http://127.0.0.1:3000/mcp'))
    .addOption(new Option('--sse-url <url>', 'legacy HTTP+SSE target (2024-11-05 transport): the SSE endpoint, e.g. http://127.0.0.1:3000/sse').conflicts('url'))
    .addOption(new Option('--header <Name: value>', 'HTTP header sent on every request to --url, e.g. an Authorization token (repeatable)').argParser(collect(parseHeader)))
    .addOption(new Option('--port-env <NAME>', 'with --server: the command is an HTTP server; start it with a free port in this environment variable and test it over HTTP').argParser(parseEnvName))
    .addOption(new Option('--env <KEY=VALUE>', 'environment variable for --server (repeatable)').argParser(collect(parseEnv)))
    .addOption(new Option('--revision <revision>', 'revision to test (repeatable); default: every revision the target accepts').argParser(collect(parseRevision)))
    .addOption(new Option('--scenario <id>', 'run scenarios whose id equals, starts with, or matches this glob (repeatable)').argParser(collect(String)))
    .addOption(new Option('--exclude <id>', 'leave out scenarios matching this id, prefix or glob (repeatable)').argParser(collect(String)))
    .addOption(new Option('--area <name>', 'run one area, e.g. lifecycle (repeatable)').argParser(collect(String)))
    .addOption(new Option('--tag <tag>', 'run scenarios with this tag (repeatable)').argParser(collect(String)))
    .addOption(new Option('--rule <id>', 'run scenarios enforcing this rule id or prefix (repeatable)').argParser(collect(String)))
    .addOption(new Option('--scenario-file <file>', 'run this scenario file (repeatable); replaces the bundled suites unless --suite-dir is given too').argParser(collect(String)))
    .addOption(new Option('--suite-dir <dir>', 'load scenarios from this folder (repeatable); replaces the bundled suites').argParser(collect(String)))
    .addOption(new Option('--timeout <ms>', 'bound on every wait for the target').default(DEFAULT_TIMEOUT_MS).argParser(parsePositiveInt('--timeout', 10)))
    .addOption(
      new Option('--concurrency <n>', `scenarios run at once (default: ${defaultConcurrency('stdio')} for stdio, ${defaultConcurrency('http')} for HTTP targets, whose cells share one server)`).argParser(
        parsePositiveInt('--concurrency'),
      ),
    )
    .addOption(
      new Option('--report <format[=path]>', `report format (repeatable): ${REPORT_FORMATS.join(', ')}; without a path, machine formats go to stdout`).argParser(
        collect(parseReport(REPORT_FORMATS)),
      ),
    )
    .addOption(new Option('--strict', 'SHOULD-level findings fail the run').default(false))
    .addOption(new Option('--isolate', 'one target process per scenario cell (slower); by default stdio cells of read-only scenarios take turns on shared processes').default(false))
    .addOption(
      new Option('--client-capabilities <json>', 'capabilities the runner declares as the client, in the probe and in every scenario that declares none itself, e.g. \'{"sampling":{},"roots":{}}\'').argParser(
        parseJsonObject('--client-capabilities'),
      ),
    )
    .addOption(new Option('--baseline <file>', 'expected-failures file (YAML/JSON): listed failures do not fail the run; new failures and stale entries do'))
    .addOption(new Option('--write-baseline <file>', 'write the failures of this run as an expected-failures file to start a baseline from'))
    .addOption(new Option('--list', 'list the scenarios (id, area, revisions, rules) without connecting').default(false))
    .addOption(new Option('--rules', 'with --list: list the rules catalogue and which scenarios enforce each rule').default(false))
    .addOption(new Option('--verbose', 'show passed checks and discovery notes').default(false))
    .addOption(new Option('--seed <n>', 'seed for generated values (tool arguments, fuzzing)').default(DEFAULT_SEED).argParser(parsePositiveInt('--seed', 0)))
    .addOption(new Option('--no-color', 'plain output without colours'))
    .addOption(new Option('--fuzz', 'after the scenarios, fuzz the target with --seed for --fuzz-budget seconds (see mcp-conform fuzz)').default(false))
    .addOption(new Option('--fuzz-budget <seconds>', 'time budget of --fuzz').default(3).argParser(parsePositiveInt('--fuzz-budget')))
    .showSuggestionAfterError(true)
    .allowExcessArguments(false)
    .addHelpText(
      'after',
      `
Examples:
  mcp-conform                                   test the bundled reference server
  mcp-conform --server "node build/server.js"   test your stdio server at every revision it accepts
  mcp-conform --server "npx -y @modelcontextprotocol/server-everything" --revision 2025-06-18
  mcp-conform --client "node client.js {command}"   test a stdio client against scripted mock servers
  mcp-conform --url http://127.0.0.1:3000/mcp --header "Authorization: Bearer $TOKEN"
  mcp-conform --server "node build/http.js" --port-env PORT    start an HTTP server, test it, stop it
  mcp-conform --list                            list every scenario
  mcp-conform --scenario lifecycle/ --report junit=reports/mcp.xml
  mcp-conform fuzz --server "node build/server.js"   property-based fuzzing (see mcp-conform fuzz --help)

Exit codes: 0 conformant, 1 conformance failures, 2 usage or scenario-file error, 3 target unavailable.`,
    );
  return program;
}
