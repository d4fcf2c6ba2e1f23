// Builds the one command that reruns exactly one cell (scenario x revision x transport), shown
// under every failure so a user can reproduce it by copy and paste.
import type { RunConfig } from './config/index.js';
import { quoteWord } from '../wire/transports/index.js';

export interface ReproCell {
  scenarioId: string;
  revision: string;
}

export function reproCommand(config: RunConfig, cell: ReproCell): string {
  const words = ['npx', 'mcp-conform'];
  const target = config.target;
  if (target.kind === 'stdio' && !target.isDefault) {
    words.push('--server', quoteWord(target.command));
    if (target.cwd) words.push('--cwd', quoteWord(target.cwd));
    for (const [k, v] of Object.entries(target.env ?? {})) words.push('--env', quoteWord(`${k}=${v}`));
  }
  if (target.kind === 'http') words.push(...httpTargetWords(target));
  words.push(...config.reproExtras);
  words.push('--scenario', quoteWord(cell.scenarioId), '--revision', cell.revision);
  if (config.seed !== 1) words.push('--seed', String(config.seed));
  if (config.timeoutMs !== 5000) words.push('--timeout', String(config.timeoutMs));
  return words.join(' ');
}

/** Header values that look like credentials are never printed; the user substitutes their own. */
const SECRET_HEADER = /auth|token|key|cookie|secret|session/i;

/** The flags that name an HTTP target again (shared with the fuzzer's reproduce commands). */
export function httpTargetWords(target: Extract<RunConfig['target'], { kind: 'http' }>): string[] {
  const words: string[] = [];
  if (target.launch) {
    words.push('--server', quoteWord(target.launch.command), '--port-env', target.launch.portEnv);
    if (target.launch.cwd) words.push('--cwd', quoteWord(target.launch.cwd));
    for (const [k, v] of Object.entries(target.launch.env ?? {})) words.push('--env', quoteWord(`${k}=${v}`));
    if (target.legacySse) words.push('--sse-url', quoteWord(target.url));
    else if (target.url !== 'http://127.0.0.1/mcp') words.push('--url', quoteWord(target.url));
  } else words.push(target.legacySse ? '--sse-url' : '--url', quoteWord(target.url));
  for (const [name, value] of Object.entries(target.headers ?? {})) {
    words.push('--header', quoteWord(`${name}: ${SECRET_HEADER.test(name) ? '<redacted>' : value}`));
  }
  return words;
}
