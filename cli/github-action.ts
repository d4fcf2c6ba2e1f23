#!/usr/bin/env node
// The GitHub Action's logic (action.yml runs this file): reads the inputs from INPUT_* variables,
// runs mcp-conform with JUnit and Markdown reports, appends the Markdown summary to the job summary
// ($GITHUB_STEP_SUMMARY), records outputs ($GITHUB_OUTPUT), and exits with the run's exit code.
// Kept apart from action.yml so the repository's tests can run it as CI would.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { splitCommandLine } from '../wire/transports/index.js';

export interface ActionInputs {
  server?: string;
  url?: string;
  revisions: string[];
  baseline?: string;
  junit: string;
  markdown: string;
  html?: string;
  /** Further mcp-conform flags, split like a shell would (e.g. `--area tools --strict`). */
  args: string[];
  workingDirectory?: string;
}

export class ActionInputError extends Error {}

const input = (env: NodeJS.ProcessEnv, name: string): string | undefined => {
  const value = env[`INPUT_${name.toUpperCase().replace(/[ -]/g, '_')}`]?.trim();
  return value ? value : undefined;
};

/** The inputs of action.yml, from the INPUT_* variables its step sets. */
export function readActionInputs(env: NodeJS.ProcessEnv): ActionInputs {
  const server = input(env, 'server');
  const url = input(env, 'url');
  if (server === undefined && url === undefined) {
    throw new ActionInputError(
      'Failed to start mcp-conform: the action needs the `server` input (a stdio command) or `url` (a Streamable HTTP endpoint). Add `with: { server: "node build/server.js" }` to the step.',
    );
  }
  const html = input(env, 'html');
  const baseline = input(env, 'baseline');
  const cwd = input(env, 'working-directory');
  return {
    ...(server !== undefined ? { server } : {}),
    ...(url !== undefined ? { url } : {}),
    revisions: (input(env, 'revisions') ?? '').split(/[\s,]+/).filter(Boolean),
    ...(baseline !== undefined ? { baseline } : {}),
    junit: input(env, 'junit') ?? 'mcp-conform-junit.xml',
    markdown: input(env, 'markdown') ?? 'mcp-conform-summary.md',
    ...(html !== undefined ? { html } : {}),
    args: splitCommandLine(input(env, 'args') ?? ''),
    ...(cwd !== undefined ? { workingDirectory: cwd } : {}),
  };
}

/** The mcp-conform command line for the inputs: with `server` and `url` together, the server is an
 * HTTP server the runner starts (on the port of the URL's replacement, via --port-env PORT). */
export function cliArguments(inputs: ActionInputs): string[] {
  const target =
    inputs.server !== undefined && inputs.url !== undefined
      ? ['--server', inputs.server, '--port-env', 'PORT', '--url', inputs.url]
      : inputs.server !== undefined
        ? ['--server', inputs.server]
        : ['--url', inputs.url!];
  return [
    ...target,
    ...inputs.revisions.flatMap((r) => ['--revision', r]),
    ...(inputs.baseline !== undefined ? ['--baseline', inputs.baseline] : []),
    '--report',
    'console',
    '--report',
    `junit=${inputs.junit}`,
    '--report',
    `markdown=${inputs.markdown}`,
    ...(inputs.html !== undefined ? ['--report', `html=${inputs.html}`] : []),
    ...inputs.args,
  ];
}

export interface RunActionOptions {
  /** The built mcp-conform entry point; default the one beside this file. */
  cli?: string;
  /** Bounds the whole run; the child is ended (SIGTERM, then SIGKILL) past it. Default: none. */
  timeoutMs?: number;
}

/** Runs the action: mcp-conform as a child, then the job summary and outputs. Returns the exit code. */
export async function runAction(env: NodeJS.ProcessEnv, options: RunActionOptions = {}): Promise<number> {
  let inputs: ActionInputs;
  try {
    inputs = readActionInputs(env);
  } catch (err) {
    if (!(err instanceof ActionInputError)) throw err;
    process.stderr.write(`::error::${err.message}\n`);
    return 2;
  }
  const cwd = resolve(inputs.workingDirectory ?? '.');
  const cli = options.cli ?? join(dirname(fileURLToPath(import.meta.url)), 'main.js');
  const code = await runChild(process.execPath, [cli, ...cliArguments(inputs)], cwd, env, options.timeoutMs);
  const markdown = resolve(cwd, inputs.markdown);
  const summaryFile = env.GITHUB_STEP_SUMMARY;
  if (summaryFile) {
    // A run that died before writing its summary still says so in the job summary.
    const text =
      existsSync(markdown) && readFileSync(markdown, 'utf8').trim() !== ''
        ? readFileSync(markdown, 'utf8')
        : `## ❌ MCP conformance: no summary\n\nmcp-conform exited with code ${code} before writing ${inputs.markdown}; see the step's log.\n`;
    appendFileSync(summaryFile, text.endsWith('\n') ? text : `${text}\n`);
  }
  if (env.GITHUB_OUTPUT) {
    appendFileSync(
      env.GITHUB_OUTPUT,
      `exit-code=${code}\njunit=${resolve(cwd, inputs.junit)}\nmarkdown=${markdown}\n${inputs.html !== undefined ? `html=${resolve(cwd, inputs.html)}\n` : ''}`,
    );
  }
  return code;
}

function runChild(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, timeoutMs?: number): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
    let killer: NodeJS.Timeout | undefined;
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            child.kill('SIGTERM');
            killer = setTimeout(() => child.kill('SIGKILL'), 5000);
          }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      if (killer) clearTimeout(killer);
      resolvePromise(code ?? (signal ? 1 : 0));
    });
  });
}

// Run as a script (node dist/cli/github-action.js), not when imported by a test.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runAction(process.env).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      process.stderr.write(`::error::Failed to run mcp-conform: ${(err as Error).message}\n`);
      process.exitCode = 1;
    },
  );
}
