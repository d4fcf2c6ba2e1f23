// The checks `npm test` makes before the tests: the build (the tests start the built CLI and
// reference server), the type check of everything (tests included), the linter, knip, then the
// package check, which packs the built tree. Run one after another they took about 28 s, most of it
// two TypeScript compilers each near one core; all but the package check are independent of each
// other, so they run side by side and the package check follows the build. Each step's output is
// printed whole when it ends (never interleaved); the exit code is non-zero if any step failed, and
// the steps that failed are named last.
import { spawn } from 'node:child_process';

/** npm scripts of package.json, each with the steps that must have passed before it starts. */
const STEPS = [
  { script: 'build', after: [] },
  { script: 'typecheck', after: [] },
  { script: 'lint', after: [] },
  { script: 'knip', after: [] },
  { script: 'package:check', after: ['build'] },
];

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs `npm run -s <script>`; resolves with its exit code and everything it wrote. */
function run(script) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '-s', script], { stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => resolve({ code: 1, output: `${error.message}\n`, seconds: 0 }));
    child.on('close', (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(output).toString('utf8'), seconds: (performance.now() - started) / 1000 }),
    );
  });
}

const outcomes = new Map();
/** Starts each step once every step it waits for has passed; a step after a failed one is not run. */
function start(step) {
  if (!outcomes.has(step.script)) {
    outcomes.set(
      step.script,
      Promise.all(step.after.map((name) => start(STEPS.find((s) => s.script === name)))).then(async (before) => {
        if (before.some((b) => b.code !== 0)) return { code: 1, output: `not run: ${step.after.join(', ')} failed\n`, seconds: 0 };
        const result = await run(step.script);
        process.stdout.write(
          `\n> npm run ${step.script} (${result.seconds.toFixed(1)} s${result.code === 0 ? '' : `, exit ${result.code}`})\n${result.output}`,
        );
        return result;
      }),
    );
  }
  return outcomes.get(step.script);
}

const results = await Promise.all(STEPS.map(start));
const failed = STEPS.filter((_, i) => results[i].code !== 0).map((s) => s.script);
if (failed.length > 0) {
  process.stderr.write(`\nFailed: ${failed.join(', ')}\n`);
  process.exit(1);
}
