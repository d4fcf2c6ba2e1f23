// The stdio target a run or a fuzz session speaks to: the command of --server (with --cwd and --env),
// or the bundled reference server when no target is named.
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { REFERENCE_SERVER_ENTRY } from '../api/target-spec.js';
import { fromRoot } from '../schema/package-root.js';
import type { TargetSpec } from '../runner/config/index.js';
import { quoteWord } from '../wire/transports/index.js';
import type { CliOptions } from './program.js';
import { UsageError } from './usage-error.js';

/** The stdio target of --server/--cwd/--env, or the bundled reference server. Shared by runs and `fuzz`. */
export function targetSpec(opts: Pick<CliOptions, 'server' | 'cwd' | 'env'>): TargetSpec {
  if (opts.server !== undefined) {
    if (opts.server.trim() === '') throw new UsageError('--server needs a command.', 'Example: --server "node build/server.js".');
    if (opts.cwd !== undefined && !statSync(resolve(opts.cwd), { throwIfNoEntry: false })?.isDirectory()) {
      // Otherwise the spawn fails with ENOENT, which reads as "the command was not found".
      throw new UsageError(`--cwd ${opts.cwd}: no such folder.`, 'Give the folder the server command runs in, or leave --cwd out.');
    }
    return {
      kind: 'stdio',
      command: opts.server,
      ...(opts.cwd ? { cwd: resolve(opts.cwd) } : {}),
      ...(opts.env ? { env: Object.fromEntries(opts.env) } : {}),
    };
  }
  if (opts.cwd || opts.env) throw new UsageError('--cwd and --env apply to --server, which was not given.', 'Add --server "<command>".');
  const entry = fromRoot(...REFERENCE_SERVER_ENTRY);
  if (!existsSync(entry)) {
    throw new UsageError('Failed to find the bundled reference server: it has not been built.', 'Run `npm run build` (npm install does it for you).');
  }
  return { kind: 'stdio', command: `${quoteWord(process.execPath)} ${quoteWord(entry)}`, unsetEnv: REFERENCE_SERVER_UNSET_ENV, isDefault: true };
}

/**
 * Set, NODE_EXTRA_CA_CERTS makes every Node process read and parse that CA bundle as it starts (on
 * a machine whose variable names the system's 140-odd certificates: about 40 ms of CPU, against
 * about 20 ms for the rest of a reference server's start). A default run starts the reference
 * server about 110 times, and it never opens a TLS connection, so it is started without it. A
 * server of the user's (--server) inherits the whole environment: it may need those certificates.
 */
const REFERENCE_SERVER_UNSET_ENV = ['NODE_EXTRA_CA_CERTS'];
