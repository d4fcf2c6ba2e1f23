#!/usr/bin/env node
// Entry point of `mcp-conform`: parses flags, loads rules and scenarios, runs the engine with the
// chosen reporters, and maps the outcome to an exit code. Everything it prints goes through
// reporters or the one-line error format.
import { CommanderError } from 'commander';
import { readFileSync } from 'node:fs';
import { fromRoot } from '../../schema/package-root.js';
import { ExitCode } from './exit-codes.js';
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

async function main(argv: string[]): Promise<number> {
  const program = buildProgram(version());
  program.exitOverride();
  program.configureOutput({ writeErr: (s) => process.stderr.write(s) });
  try {
    program.parse(argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help') return ExitCode.Conformant;
      return ExitCode.Usage;
    }
    throw err;
  }
  try {
    return await runCommand(program.opts<CliOptions>(), version());
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`mcp-conform: ${err.message}${err.fix ? ` ${err.fix}` : ''}\n`);
      return ExitCode.Usage;
    }
    throw err;
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
