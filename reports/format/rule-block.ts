// Block (a) of a finding (DESIGN rule 5): the rule broken — id, level, revision, spec section with
// its link, and our one-line summary.
import type { CheckResult } from '../../wire/results/index.js';
import type { Revision } from '../../schema/revisions.js';
import { field } from './field.js';
import type { Style } from './style.js';

export function renderRuleBlock(check: Pick<CheckResult, 'rule'>, revision: Revision, style: Style): string[] {
  const { rule } = check;
  const level = rule.level === 'MUST' ? style.red(rule.level) : rule.level === 'SHOULD' ? style.yellow(rule.level) : style.cyan(rule.level);
  return [
    ...field(style, 'rule', `${style.bold(rule.id)} (${level}, revision ${revision})`, { trusted: true }),
    ...field(style, 'section', rule.section, { trusted: true }),
    ...(rule.url ? field(style, '', style.cyan(rule.url), { trusted: true }) : []),
    ...field(style, 'summary', rule.summary, { trusted: true }),
  ];
}
