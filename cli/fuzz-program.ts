// The `mcp-conform fuzz` subcommand's flags and help; `fuzz-command.ts` runs it.
import { Command, Option } from 'commander';
import { DEFAULT_TIMEOUT_MS, type ToolScope } from '../runner/config/index.js';
import { REPORT_FORMATS } from '../reports/index.js';
import { collect, collectToolNames, parseEnv, parseHeader, parsePositiveInt, parseReport, parseRevision, parseToolScope, type ReportSpec } from './options.js';
import type { Revision } from '../schema/revisions.js';

export interface FuzzCliOptions {
  server?: string;
  url?: string;
  header?: [string, string][];
  portEnv?: string;
  cwd?: string;
  env?: [string, string][];
  revision?: Revision;
  seed?: number;
  runs: number;
  timeBudget: number;
  timeout: number;
  out: string;
  skipTool?: string[];
  /** Which tools the fuzzer may call (--tools), tools allowed by name (--tool), known-good arguments (--tool-args). */
  tools?: ToolScope;
  tool?: string[];
  toolArgs?: string;
  report?: ReportSpec[];
  strict: boolean;
  color: boolean;
}

export const DEFAULT_FUZZ_RUNS = 10_000;
const DEFAULT_FUZZ_BUDGET_S = 10;
export const DEFAULT_COUNTEREXAMPLE_DIR = 'mcp-conform-counterexamples';

export function buildFuzzProgram(version: string): Command {
  return new Command('mcp-conform fuzz')
    .description(
      'Property-based fuzzing of an MCP server: generated requests, tool arguments and stdio or HTTP framing; a failure is shrunk and saved as a scenario file.',
    )
    .version(version, '-V, --version')
    .addOption(new Option('--server <command>', 'stdio target: the command that starts the server; default: the bundled reference server'))
    .addOption(new Option('--url <url>', 'Streamable HTTP target: the MCP endpoint, e.g. http://127.0.0.1:3000/mcp'))
    .addOption(new Option('--header <Name: value>', 'HTTP header sent on every request to --url (repeatable)').argParser(collect(parseHeader)))
    .addOption(new Option('--port-env <NAME>', 'with --server: the command is an HTTP server; its port is passed in this environment variable'))
    .addOption(new Option('--cwd <dir>', 'working directory for --server'))
    .addOption(new Option('--env <KEY=VALUE>', 'environment variable for --server (repeatable)').argParser(collect(parseEnv)))
    .addOption(new Option('--revision <revision>', 'revision to fuzz at; default: the newest the target accepts').argParser(parseRevision))
    .addOption(new Option('--seed <n>', 'seed of the generated inputs; default: a fresh one, always printed').argParser(parsePositiveInt('--seed', 0)))
    .addOption(new Option('--runs <n>', 'most inputs to try').default(DEFAULT_FUZZ_RUNS).argParser(parsePositiveInt('--runs')))
    .addOption(
      new Option('--time-budget <seconds>', 'stop generating inputs after this many seconds')
        .default(DEFAULT_FUZZ_BUDGET_S)
        .argParser(parsePositiveInt('--time-budget')),
    )
    .addOption(new Option('--timeout <ms>', 'bound on the answers to one input').default(DEFAULT_TIMEOUT_MS).argParser(parsePositiveInt('--timeout', 10)))
    .addOption(new Option('--out <dir>', 'folder for counterexample scenario files').default(DEFAULT_COUNTEREXAMPLE_DIR))
    .addOption(new Option('--skip-tool <name>', 'leave this tool out, e.g. one that sleeps on purpose (repeatable)').argParser(collect(String)))
    .addOption(
      new Option(
        '--tools <scope>',
        'which tools the fuzzer may call: declared-safe (default: tools declared read-only or non-destructive, and those named by --tool or --tool-args) or all (only on a test instance)',
      ).argParser(parseToolScope),
    )
    .addOption(new Option('--tool <name>', 'allow calling this tool (repeatable, or a comma list)').argParser(collectToolNames))
    .addOption(
      new Option(
        '--tool-args <file>',
        'YAML or JSON file of tool name -> arguments object (or a list of them) known to work, the valid calls start from (instead of generated arguments); allows calling those tools',
      ),
    )
    .addOption(
      new Option(
        '--report <format[=path]>',
        `also write the outcome as a report (repeatable): ${REPORT_FORMATS.filter((f) => f !== 'console').join(', ')}; without a path it goes to stdout`,
      ).argParser(collect(parseReport(REPORT_FORMATS))),
    )
    .addOption(new Option('--strict', 'SHOULD-level violations fail the run').default(false))
    .addOption(new Option('--no-color', 'plain output without colours'))
    .showSuggestionAfterError(true)
    .allowExcessArguments(false)
    .addHelpText(
      'after',
      `
Examples:
  mcp-conform fuzz                                        fuzz the bundled reference server for 10 s
  mcp-conform fuzz --server "node build/server.js" --seed 42 --runs 2000
  mcp-conform fuzz --url http://127.0.0.1:3000/mcp        a running Streamable HTTP server
  mcp-conform fuzz --server "node build/http.js" --port-env PORT
  mcp-conform --server "node build/server.js" --scenario-file mcp-conform-counterexamples/fuzz-seed-42.yaml

Exit codes: 0 no violation, 1 a property was violated, 2 usage error, 3 target unavailable.`,
    );
}
