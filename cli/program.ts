// The commander program: flags, help text and their translation into a RunConfig. No protocol
// logic lives here; `main.ts` wires the result to the engine and reporters.
import { Command, Option } from 'commander';
import { defaultConcurrency } from '../api/default-concurrency.js';
import { REPORT_FORMATS } from '../reports/formats.js';
import { DEFAULT_SEED, DEFAULT_TIMEOUT_MS, type ToolScope } from '../runner/config/index.js';
import { MAX_MESSAGE_BYTES_CEILING, MIN_MESSAGE_BYTES } from '../wire/protocol/index.js';
import {
  collect,
  collectToolNames,
  parseByteSize,
  parseEnv,
  parseEnvName,
  parseHeader,
  parsePositiveInt,
  parseReport,
  parseRevision,
  parseToolScope,
  type ReportSpec,
  parseJsonObject,
} from './options.js';
import type { Revision } from '../schema/revisions.js';

export interface CliOptions {
  server?: string;
  client?: string;
  url?: string;
  sseUrl?: string;
  header?: [string, string][];
  portEnv?: string;
  /** Server authorization (suites/authorization): a token the target accepts. */
  authToken?: string;
  /** Server authorization: the port of the mock authorization server the runner starts (0: any). */
  authMock?: number;
  /** With authMock: the scope of the tokens minted (default: what the target advertises). */
  authScope?: string;
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
  /** --max-message-bytes: the runner's limit on one message read (undefined: the 64 MiB default). */
  maxMessageBytes?: number;
  /** Client mode: judge authorization scenarios (OAuth is OPTIONAL for clients). */
  auth?: boolean;
  /** Undefined: defaultConcurrency() of the target's transport. */
  concurrency?: number;
  report?: ReportSpec[];
  strict: boolean;
  /** Undefined: the API's default (one re-run of a failed or errored cell). */
  retries?: number;
  failOnFlaky?: boolean;
  isolate?: boolean;
  clientCapabilities?: Record<string, unknown>;
  /** Which tools scenarios may call (--tools), which first (--tool), with what arguments (--tool-args). */
  tools?: ToolScope;
  tool?: string[];
  toolArgs?: string;
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

export function buildProgram(version: string): Command {
  const program = new Command('mcp-conform');
  program
    .description('Conformance tests for Model Context Protocol servers: every revision, every rule, with the exchange that broke it.')
    .version(version, '-V, --version')
    .addOption(
      new Option(
        '--server <command>',
        'stdio target: the command that starts the server (split like a shell would, run without one); default: the bundled reference server',
      ),
    )
    .addOption(
      new Option('--client <command>', 'test a client instead: the command that runs it, with {command} where the server command to spawn goes (stdio)'),
    )
    .addOption(new Option('--cwd <dir>', 'working directory for --server or --client'))
    .addOption(new Option('--url <url>', 'Streamable HTTP target: the MCP endpoint, e.g. http://127.0.0.1:3000/mcp'))
    .addOption(
      new Option('--sse-url <url>', 'legacy HTTP+SSE target (2024-11-05 transport): the SSE endpoint, e.g. http://127.0.0.1:3000/sse').conflicts('url'),
    )
    .addOption(
      new Option('--header <Name: value>', 'HTTP header sent on every request to --url, e.g. an Authorization token (repeatable)').argParser(
        collect(parseHeader),
      ),
    )
    .addOption(
      new Option(
        '--auth-token <token>',
        "test the server's authorization with this access token (sent as Authorization: Bearer on every request); without --auth-token or --auth-mock the authorization scenarios are skipped",
      ),
    )
    .addOption(
      new Option(
        '--auth-mock <port>',
        "test the server's authorization against a mock authorization server on 127.0.0.1:PORT (0: any free port; a server started with --port-env reads its issuer from MCP_CONFORM_AUTH_ISSUER); the runner mints the tokens",
      ).argParser(parsePositiveInt('--auth-mock', 0)),
    )
    .addOption(
      new Option('--auth-scope <scopes>', 'with --auth-mock: the space-separated scope of the valid token (default: the scopes the server advertises)'),
    )
    .addOption(
      new Option(
        '--port-env <NAME>',
        'with --server: the command is an HTTP server; start it with a free port in this environment variable and test it over HTTP',
      ).argParser(parseEnvName),
    )
    .addOption(new Option('--env <KEY=VALUE>', 'environment variable for --server (repeatable)').argParser(collect(parseEnv)))
    .addOption(
      new Option('--revision <revision>', 'revision to test (repeatable); default: every revision the target accepts').argParser(collect(parseRevision)),
    )
    .addOption(new Option('--scenario <id>', 'run scenarios whose id equals, starts with, or matches this glob (repeatable)').argParser(collect(String)))
    .addOption(new Option('--exclude <id>', 'leave out scenarios matching this id, prefix or glob (repeatable)').argParser(collect(String)))
    .addOption(new Option('--area <name>', 'run one area, e.g. lifecycle (repeatable)').argParser(collect(String)))
    .addOption(new Option('--tag <tag>', 'run scenarios with this tag (repeatable)').argParser(collect(String)))
    .addOption(new Option('--rule <id>', 'run scenarios enforcing this rule id or prefix (repeatable)').argParser(collect(String)))
    .addOption(
      new Option('--scenario-file <file>', 'run this scenario file (repeatable); replaces the bundled suites unless --suite-dir is given too').argParser(
        collect(String),
      ),
    )
    .addOption(new Option('--suite-dir <dir>', 'load scenarios from this folder (repeatable); replaces the bundled suites').argParser(collect(String)))
    .addOption(new Option('--auth', 'client mode: judge the authorization (OAuth) scenarios too; a client that does not implement OAuth skips them otherwise'))
    .addOption(new Option('--timeout <ms>', 'bound on every wait for the target').default(DEFAULT_TIMEOUT_MS).argParser(parsePositiveInt('--timeout', 10)))
    .addOption(
      new Option(
        '--max-message-bytes <size>',
        "longest message read from the target or client (default 64MiB, at most 256MiB; e.g. 128MiB): mcp-conform's own limit, so a longer message errors its cell, never fails it",
      ).argParser(parseByteSize('--max-message-bytes', MIN_MESSAGE_BYTES, MAX_MESSAGE_BYTES_CEILING)),
    )
    .addOption(
      new Option(
        '--concurrency <n>',
        `scenarios run at once (default: ${defaultConcurrency('stdio')} for stdio, ${defaultConcurrency('http')} for HTTP targets, whose cells share one server)`,
      ).argParser(parsePositiveInt('--concurrency')),
    )
    .addOption(
      new Option(
        '--report <format[=path]>',
        `report format (repeatable): ${REPORT_FORMATS.join(', ')}; without a path, machine formats go to stdout`,
      ).argParser(collect(parseReport(REPORT_FORMATS))),
    )
    .addOption(new Option('--strict', 'SHOULD-level findings fail the run').default(false))
    .addOption(
      new Option(
        '--retries <n>',
        're-run a failed or errored cell alone, after the others, this many times (0 to 3, default 1; 0: no re-run); a cell whose re-run passes is flaky',
      ).argParser(parsePositiveInt('--retries', 0)),
    )
    .addOption(new Option('--fail-on-flaky', 'flaky cells (failed or errored, then passed when re-run alone) fail the run'))
    .addOption(
      new Option(
        '--isolate',
        'stdio: start a target process for every cell (slower). Default: cells of read-only scenarios take turns on shared processes, with the same verdicts',
      ).default(false),
    )
    .addOption(
      new Option(
        '--client-capabilities <json>',
        'capabilities the runner declares as the client, in the probe and in every scenario that declares none itself, e.g. \'{"sampling":{},"roots":{}}\'',
      ).argParser(parseJsonObject('--client-capabilities')),
    )
    .addOption(
      new Option(
        '--tools <scope>',
        'which tools scenarios may call: declared-safe (default: tools declared read-only or non-destructive, and those named by --tool or --tool-args) or all (only on a test instance)',
      ).argParser(parseToolScope),
    )
    .addOption(
      new Option('--tool <name>', 'prefer this tool when a scenario picks one to call, and allow calling it (repeatable, or a comma list)').argParser(
        collectToolNames,
      ),
    )
    .addOption(
      new Option(
        '--tool-args <file>',
        'YAML or JSON file of tool name -> arguments object (or a list of them) known to work, used instead of generated arguments; allows calling those tools',
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
Commands:
  mcp-conform [options]          test a server (stdio, Streamable HTTP, legacy HTTP+SSE) or, with --client, a client
  mcp-conform fuzz [options]     property-based fuzzing of a server (mcp-conform fuzz --help)
  mcp-conform mock [options]     serve a scripted mock MCP server from a YAML/JSON file (mcp-conform mock --help)

Examples:
  mcp-conform                                   test the bundled reference server
  mcp-conform --server "node build/server.js"   test your stdio server at every revision it accepts
  mcp-conform --server "npx -y @modelcontextprotocol/server-everything" --revision 2025-06-18
  mcp-conform --client "node client.js {command}"   test a stdio client against scripted mock servers
  mcp-conform --url http://127.0.0.1:3000/mcp --header "Authorization: Bearer $TOKEN"
  mcp-conform --server "node build/http.js" --port-env PORT    start an HTTP server, test it, stop it
  mcp-conform --url http://127.0.0.1:3000/mcp --auth-mock 9000 --area authorization   a server that trusts http://127.0.0.1:9000
  mcp-conform --url http://127.0.0.1:3000/mcp --tool search --tool-args tool-args.yaml   call the tool you know works offline
  mcp-conform --list                            list every scenario
  mcp-conform --scenario lifecycle/ --report junit=reports/mcp.xml
  mcp-conform fuzz --server "node build/server.js"   property-based fuzzing (see mcp-conform fuzz --help)
  mcp-conform mock --config weather.mock.yaml --port 3000   a mock server over HTTP for your client's tests

Exit codes: 0 conformant, 1 conformance failures, 2 usage or scenario-file error, 3 target unavailable.`,
    );
  return program;
}
