// `mcp-conform mock`: serves a mock MCP server over stdio, described by a YAML/JSON file
// (`--config`), or the bundled reference server without one. A client under test spawns this
// command as its server. Only protocol messages go to stdout; problems go to stderr.
import { Command, Option } from 'commander';
import { createMockFromConfig, createReferenceServer, loadMockConfig, serveStdio, type MockServer } from '../../mocks/index.js';
import { SourceProblemsError } from '../../schema/scenario/index.js';
import { UsageError } from './usage-error.js';

export interface MockCommandOptions {
  config?: string;
}

export function buildMockProgram(): Command {
  return new Command('mcp-conform mock')
    .description('Serve a mock MCP server over stdio: the one a mock file describes, or the bundled reference server.')
    .addOption(new Option('--config <file>', 'mock server file (YAML or JSON, schema/mock/mock-config.schema.json); default: the reference server'))
    .showSuggestionAfterError(true)
    .allowExcessArguments(false)
    .addHelpText(
      'after',
      `
Examples:
  mcp-conform mock --config examples/weather.mock.yaml    a client spawns this as its stdio server
  mcp-conform mock                                        the reference server (every revision)`,
    );
}

/** Builds the server the options ask for; a bad file becomes a UsageError listing every problem. */
export function mockServerFor(options: MockCommandOptions): MockServer {
  if (!options.config) return createReferenceServer({ record: false });
  try {
    return createMockFromConfig(loadMockConfig(options.config), { record: false });
  } catch (err) {
    if (err instanceof SourceProblemsError) throw new UsageError(err.message);
    throw err;
  }
}

/** Serves until stdin closes; resolves when the connection has ended. */
export async function runMockCommand(options: MockCommandOptions): Promise<void> {
  const handle = serveStdio(mockServerFor(options));
  await handle.ended;
}
