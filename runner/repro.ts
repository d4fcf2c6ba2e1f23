// Builds the one command that reruns exactly one cell (scenario x revision x transport), shown
// under every failure so a user can reproduce it by copy and paste.
import type { RunConfig } from './config/index.js';
import { quoteWord } from './transports/index.js';

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
  words.push(...config.reproExtras);
  words.push('--scenario', quoteWord(cell.scenarioId), '--revision', cell.revision);
  if (config.seed !== 1) words.push('--seed', String(config.seed));
  if (config.timeoutMs !== 5000) words.push('--timeout', String(config.timeoutMs));
  return words.join(' ');
}
