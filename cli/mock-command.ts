// `mcp-conform mock`: serves a mock MCP server over stdio (or Streamable HTTP with --port), described by a YAML/JSON file
// (`--config`), or the bundled reference server without one. A client under test spawns this
// command as its server. Only protocol messages go to stdout; problems go to stderr.
import { Command, InvalidArgumentError, Option } from 'commander';
import { createMockFromConfig, createReferenceServer, loadMockConfig, serveStdio, serveStreamableHttp, type MockServer } from '../mocks/index.js';
import { SourceProblemsError } from '../schema/scenario/index.js';
import { UsageError } from './usage-error.js';

export interface MockCommandOptions {
  config?: string;
  /** Serve over Streamable HTTP on 127.0.0.1 at this port (0: a free one) instead of stdio. */
  port?: number;
  /** HTTP: end a session unused this long (ms; 0: never). */
  sessionIdle?: number;
  /** HTTP: longest wait for a whole request, headers and body (ms). */
  requestTimeout?: number;
}

export function buildMockProgram(): Command {
  return new Command('mcp-conform mock')
    .description('Serve a mock MCP server over stdio: the one a mock file describes, or the bundled reference server.')
    .addOption(new Option('--config <file>', 'mock server file (YAML or JSON, schema/mock/mock-config.schema.json); default: the reference server'))
    .addOption(
      new Option('--port <n>', 'serve over Streamable HTTP on 127.0.0.1 at this port (0: a free one; the URL is printed on stderr) instead of stdio').argParser(
        parsePort,
      ),
    )
    .addOption(
      new Option(
        '--session-idle <ms>',
        'HTTP: end a session with no request and no open stream for this long; its id then gets 404 (default 1800000, 0: never)',
      ).argParser(parseMs),
    )
    .addOption(
      new Option(
        '--request-timeout <ms>',
        'HTTP: longest wait for a request to arrive whole, headers and body (default 30000; headers alone: 10000)',
      ).argParser(parseMs),
    )
    .showSuggestionAfterError(true)
    .allowExcessArguments(false)
    .addHelpText(
      'after',
      `
Examples:
  mcp-conform mock --config examples/weather.mock.yaml    a client spawns this as its stdio server
  mcp-conform mock --config examples/weather.mock.yaml --port 3000   http://127.0.0.1:3000/mcp
  mcp-conform mock                                        the reference server (every revision)`,
    );
}

/** Builds the server the options ask for; a bad file becomes a UsageError listing every problem. */
function mockServerFor(options: MockCommandOptions): MockServer {
  if (!options.config) return createReferenceServer({ record: false });
  try {
    return createMockFromConfig(loadMockConfig(options.config), { record: false });
  } catch (err) {
    if (err instanceof SourceProblemsError) throw new UsageError(err.message);
    throw err;
  }
}

function parseMs(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('expected a number of milliseconds.');
  return Number(value);
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new InvalidArgumentError('expected a port number from 0 to 65535.');
  return port;
}

/** Serves until stdin closes (stdio) or until SIGINT/SIGTERM (HTTP). */
export async function runMockCommand(options: MockCommandOptions): Promise<void> {
  const server = mockServerFor(options);
  if (options.port === undefined) {
    await serveStdio(server).ended;
    return;
  }
  const handle = await serveStreamableHttp(server, {
    port: options.port,
    ...(options.sessionIdle !== undefined ? { sessionIdleMs: options.sessionIdle } : {}),
    ...(options.requestTimeout !== undefined ? { requestTimeoutMs: options.requestTimeout } : {}),
  });
  process.stderr.write(`mcp-conform mock: serving ${handle.url}\n`);
  await new Promise<void>((resolve) => {
    const stop = () => void handle.close().then(resolve);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
