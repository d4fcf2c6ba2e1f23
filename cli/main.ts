#!/usr/bin/env node
// Entry point of `mcp-conform`: parses flags, loads rules and scenarios, runs the engine with the
// chosen reporters, and maps the outcome to an exit code. Everything it prints goes through
// reporters or the one-line error format.
import { CommanderError, type Command } from 'commander';
import { readFileSync } from 'node:fs';
import { fromRoot } from '../schema/package-root.js';
import { ExitCode } from './exit-codes.js';
import type { FuzzCliOptions } from './fuzz-program.js';
import type { MockCommandOptions } from './mock-command.js';
import { buildProgram, type CliOptions } from './program.js';
import { UsageError } from './usage-error.js';

function version(): string {
  try {
    return (JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}

/** Parses `argv` with `program` and runs `run` on its options: help and version exit 0, bad flags 2. */
async function parseAndRun<T>(program: Command, argv: string[], run: (opts: T) => Promise<number>): Promise<number> {
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
    return await run(program.opts<T & Record<string, unknown>>());
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`mcp-conform: ${err.message}${err.fix ? ` ${err.fix}` : ''}\n`);
      return ExitCode.Usage;
    }
    throw err;
  }
}

async function main(argv: string[]): Promise<number> {
  // Subcommands have their own flags, so commands never share a half-fitting option.
  // The subcommands' modules (the mock kit, the fuzzer) load only when asked for: a conformance run
  // would otherwise spend CPU loading about a hundred modules it never uses.
  if (argv[2] === 'mock') {
    const { buildMockProgram, runMockCommand } = await import('./mock-command.js');
    return parseAndRun<MockCommandOptions>(buildMockProgram(), [argv[0]!, argv[1]!, ...argv.slice(3)], async (opts) => {
      await runMockCommand(opts);
      return ExitCode.Conformant;
    });
  }
  if (argv[2] === 'fuzz') {
    const [{ buildFuzzProgram }, { runFuzzCommand }] = await Promise.all([import('./fuzz-program.js'), import('./fuzz-command.js')]);
    return parseAndRun<FuzzCliOptions>(buildFuzzProgram(version()), [argv[0]!, argv[1]!, ...argv.slice(3)], (opts) => runFuzzCommand(opts, version()));
  }
  // --fuzz is run by runCommand, after the cells and before the reports are written. The engine
  // loads only once the flags are parsed: a server the run starts over HTTP boots meanwhile.
  return parseAndRun<CliOptions>(buildProgram(version()), argv, async (opts) => {
    const started = opts.portEnv !== undefined ? (await import('./early-server.js')).startServerEarly(opts) : undefined;
    const { runCommand } = await import('./run-command.js');
    return runCommand(opts, version(), started);
  });
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
