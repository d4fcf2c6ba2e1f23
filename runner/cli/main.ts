#!/usr/bin/env node
// Entry point of `mcp-conform`: parses flags, loads rules and scenarios, runs the engine with the
// chosen reporters, and maps the outcome to an exit code. Everything it prints goes through
// reporters or the one-line error format.
import { CommanderError, type Command } from 'commander';
import { readFileSync } from 'node:fs';
import { fromRoot } from '../../schema/package-root.js';
import { ExitCode } from './exit-codes.js';
import { buildMockProgram, runMockCommand, type MockCommandOptions } from './mock-command.js';
import { buildProgram, type CliOptions } from './program.js';
import { runCommand } from './run-command.js';
import { UsageError } from './usage-error.js';

function version(): string {
  try {
    return (JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}

/** Parses with commander; returns an exit code when parsing ended the run (help, version, bad flag). */
function parseOrExit(program: Command, argv: string[], from: 'node' | 'user' = 'node'): number | undefined {
  program.exitOverride();
  program.configureOutput({ writeErr: (s) => process.stderr.write(s) });
  try {
    program.parse(argv, { from });
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help') return ExitCode.Conformant;
      return ExitCode.Usage;
    }
    throw err;
  }
  return undefined;
}

function reportUsageError(err: unknown): number {
  if (!(err instanceof UsageError)) throw err;
  process.stderr.write(`mcp-conform: ${err.message}${err.fix ? ` ${err.fix}` : ''}\n`);
  return ExitCode.Usage;
}

/** `mcp-conform mock ...`: serve a mock server over stdio until the client closes stdin. */
async function mock(args: string[]): Promise<number> {
  const program = buildMockProgram();
  const exit = parseOrExit(program, args, 'user');
  if (exit !== undefined) return exit;
  try {
    await runMockCommand(program.opts<MockCommandOptions>());
    return ExitCode.Conformant;
  } catch (err) {
    return reportUsageError(err);
  }
}

async function main(argv: string[]): Promise<number> {
  if (argv[2] === 'mock') return mock(argv.slice(3));
  const program = buildProgram(version());
  const exit = parseOrExit(program, argv);
  if (exit !== undefined) return exit;
  try {
    return await runCommand(program.opts<CliOptions>(), version());
  } catch (err) {
    return reportUsageError(err);
  }
}

main(process.argv).then(
  (code) => {
    // Exit once stdout has drained: a lingering handle in a target library must not keep us alive.
    process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
  },
  (err: unknown) => {
    process.stderr.write(`mcp-conform: internal error: ${(err as Error)?.stack ?? String(err)}\nPlease report this as a bug in mcp-conform.\n`);
    process.exitCode = 70;
  },
);
