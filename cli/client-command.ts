// `mcp-conform --client "CMD {command}"`: checks the flags that apply to client mode and hands the
// run to the API's runClientConformance.
import { runClientConformance } from '../api/index.js';
import { SERVER_PLACEHOLDER } from '../runner/client-mode/index.js';
import { writeBaselineIfAsked } from './baseline-option.js';
import type { CliOptions } from './program.js';
import { makeReporters } from './reporters-option.js';
import { selectionFromFlags, usageOutcome, withInterrupt } from './run-flags.js';
import { UsageError } from './usage-error.js';

export async function runClientCommand(opts: CliOptions): Promise<number> {
  const command = opts.client!.trim();
  if (command === '') throw new UsageError('--client needs a command.', `Example: --client "node client.js ${SERVER_PLACEHOLDER}".`);
  if (opts.server !== undefined)
    throw new UsageError('--client and --server exclude each other: one run tests either a client or a server.', 'Drop one of them.');
  const reporters = makeReporters(opts);
  try {
    return await withInterrupt(async (signal) => {
      const { result, exitCode } = await runClientConformance({
        ...selectionFromFlags(opts),
        command,
        ...(opts.cwd ? { cwd: opts.cwd } : {}),
        ...(opts.env ? { env: Object.fromEntries(opts.env) } : {}),
        timeoutMs: opts.timeout,
        ...(opts.auth ? { auth: true } : {}),
        reporters,
        signal,
      });
      writeBaselineIfAsked(opts, result);
      return exitCode;
    });
  } catch (err) {
    return usageOutcome(err, 'client scenarios');
  }
}
