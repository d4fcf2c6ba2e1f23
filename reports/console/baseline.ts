// The console's baseline block: what the run expected, what is new, which entries are stale (a cell
// ran and the check passed: delete them), which this run did not exercise, and which to re-record.
import type { BaselineEntry, BaselineOutcome } from '../../wire/results/index.js';
import type { Style } from '../format/index.js';

function entryLabel(e: BaselineEntry): string {
  const narrowed = [e.revision, e.transport, e.rule, e.check && `#${e.check}`].filter(Boolean).join(' ');
  return `${e.scenario}${narrowed ? ` ${narrowed}` : ''}`;
}

export function renderBaseline(outcome: BaselineOutcome | undefined, style: Style): string[] {
  if (!outcome) return [];
  const cell = (c: { id: string; revision: string; transport: string }) => `${c.id} [${c.revision}]${c.transport === 'stdio' ? '' : ` (${c.transport})`}`;
  const lines = [style.bold(`Baseline ${outcome.file}`)];
  const stale = `${outcome.stale.length} stale entr${outcome.stale.length === 1 ? 'y' : 'ies'}`;
  const notRun = outcome.notRun.length > 0 ? `, ${outcome.notRun.length} not exercised by this run` : '';
  lines.push(`  ${outcome.expected.length} expected failure(s), ${outcome.unexpected.length} new, ${stale}${notRun}`);
  for (const c of outcome.unexpected) lines.push(`  ${style.red('new')}    ${cell(c)}`);
  for (const e of outcome.stale) lines.push(`  ${style.yellow('stale')}  ${entryLabel(e)}  ${style.dim('ran and passed: delete the entry')}`);
  for (const c of outcome.expected) lines.push(`  ${style.dim(`expected ${cell(c)}: ${c.reason}`)}`);
  if (outcome.positional.length > 0) {
    lines.push(
      `  ${style.yellow('note')}   ${outcome.positional.length} entr${outcome.positional.length === 1 ? 'y is' : 'ies are'} keyed by a step number (${outcome.positional
        .map((e) => `${e.scenario}#${e.check}`)
        .slice(0, 3)
        .join(
          ', ',
        )}${outcome.positional.length > 3 ? ', …' : ''}), which shifts when the scenario is edited: re-record with --write-baseline, which keys entries by rule.`,
    );
  }
  return lines;
}
