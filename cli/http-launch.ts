// The server command a run starts over HTTP (--server with --port-env), from the flags: one place
// for the HTTP target spec and for the early start of that server (early-server.ts), which loads
// before the rest of the command line and must start the very server the run would.
import { resolve } from 'node:path';
import type { HttpLaunch } from '../runner/config/index.js';
import type { CliOptions } from './program.js';

export function launchFromFlags(opts: Pick<CliOptions, 'server' | 'portEnv' | 'cwd' | 'env'>): HttpLaunch | undefined {
  if (opts.server === undefined || opts.portEnv === undefined) return undefined;
  return {
    command: opts.server,
    portEnv: opts.portEnv,
    ...(opts.cwd ? { cwd: resolve(opts.cwd) } : {}),
    ...(opts.env ? { env: Object.fromEntries(opts.env) } : {}),
  };
}
