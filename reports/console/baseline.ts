// The console's baseline block: what the run expected, what is new, and which entries are stale.
import type { BaselineOutcome } from '../../wire/results/index.js';
import type { Style } from '../format/index.js';

export function renderBaseline(outcome: BaselineOutcome | undefined, style: Style): string[] {
  if (!outcome) return [];
  const cell = (c: { id: string; revision: string; transport: string }) => `${c.id} [${c.revision}]${c.transport === 'stdio' ? '' : ` (${c.transport})`}`;
  const lines = [style.bold(`Baseline ${outcome.file}`)];
  lines.push(`  ${outcome.expected.length} expected failure(s), ${outcome.unexpected.length} new, ${outcome.stale.length} stale entr${outcome.stale.length === 1 ? 'y' : 'ies'}`);
  for (const c of outcome.unexpected) lines.push(`  ${style.red('new')}    ${cell(c)}`);
  for (const e of outcome.stale) {
    const narrowed = [e.revision, e.transport, e.check && `#${e.check}`].filter(Boolean).join(' ');
    lines.push(`  ${style.yellow('stale')}  ${e.scenario}${narrowed ? ` ${narrowed}` : ''}  ${style.dim('no longer fails: remove the entry')}`);
  }
  for (const c of outcome.expected) lines.push(`  ${style.dim(`expected ${cell(c)}: ${c.reason}`)}`);
  return lines;
}
