// Chooses scenarios by id (exact, folder prefix or glob), area, tag and cited rule, as the CLI's
// --scenario, --exclude, --area, --tag and --rule flags do; says which selectors matched nothing.
import { nearestName } from '../../schema/scenario/index.js';
import type { Scenario, Step } from './types.js';

export interface Selection {
  /** Ids: exact (`lifecycle/ping`), folder prefix (`lifecycle/` or `lifecycle`), or glob (`pagination/*`, `*cursor*`). */
  scenario?: string[];
  /** Same forms as `scenario`; removes matches. */
  exclude?: string[];
  area?: string[];
  tag?: string[];
  /** Rule ids: exact, dotted prefix (`lifecycle` or `lifecycle.version`), or glob (`tools.*.result`). */
  rule?: string[];
}

/** Filters of different kinds all apply (AND); values of one filter are alternatives (OR). Order is kept. */
export function selectScenarios(scenarios: Scenario[], selection: Selection): Scenario[] {
  return scenarios.filter((s) => {
    if (nonEmpty(selection.scenario) && !selection.scenario.some((p) => idMatches(s.id, p))) return false;
    if (nonEmpty(selection.exclude) && selection.exclude.some((p) => idMatches(s.id, p))) return false;
    if (nonEmpty(selection.area) && !selection.area.includes(s.area)) return false;
    if (nonEmpty(selection.tag) && !selection.tag.some((t) => s.tags.includes(t))) return false;
    if (nonEmpty(selection.rule)) {
      const cited = citedRules(s);
      if (!selection.rule.some((p) => cited.some((r) => ruleMatches(r, p)))) return false;
    }
    return true;
  });
}

export interface UnmatchedSelector {
  filter: keyof Selection;
  value: string;
  /** The nearest value that would have matched something. */
  suggestion?: string;
}

/** Selector values that match no scenario at all, each with a "did you mean" when one is close. */
export function unmatchedSelectors(scenarios: Scenario[], selection: Selection): UnmatchedSelector[] {
  const out: UnmatchedSelector[] = [];
  const ids = scenarios.map((s) => s.id);
  const check = (filter: keyof Selection, values: string[] | undefined, matches: (v: string) => boolean, vocabulary: string[]) => {
    for (const value of values ?? []) {
      if (matches(value)) continue;
      const suggestion = nearestName(value, vocabulary);
      out.push({ filter, value, ...(suggestion ? { suggestion } : {}) });
    }
  };
  const areas = [...new Set(scenarios.map((s) => s.area))];
  check('scenario', selection.scenario, (p) => ids.some((id) => idMatches(id, p)), [...ids, ...areas, ...areas.map((a) => `${a}/`)]);
  check('exclude', selection.exclude, (p) => ids.some((id) => idMatches(id, p)), [...ids, ...areas]);
  check('area', selection.area, (a) => areas.includes(a), areas);
  const tags = [...new Set(scenarios.flatMap((s) => s.tags))];
  check('tag', selection.tag, (t) => tags.includes(t), tags);
  const rules = [...new Set(scenarios.flatMap(citedRules))];
  // Dotted prefixes are valid selectors too, so `paginaton` can suggest `pagination`.
  const prefixes = rules.flatMap((r) =>
    r
      .split('.')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('.')),
  );
  check('rule', selection.rule, (p) => rules.some((r) => ruleMatches(r, p)), [...new Set([...prefixes, ...rules])]);
  return out;
}

/** The scenario's rules plus any rule its steps cite. */
export function citedRules(s: Scenario): string[] {
  const out = new Set(s.rules);
  const visit = (steps: Step[]) => {
    for (const step of steps) {
      if ('rule' in step && step.rule !== undefined) out.add(step.rule);
      if (step.kind === 'loop') visit(step.steps);
    }
  };
  visit(s.steps);
  return [...out];
}

export function idMatches(id: string, pattern: string): boolean {
  if (hasGlob(pattern)) return globToRegExp(pattern).test(id);
  if (id === pattern) return true;
  const folder = pattern.endsWith('/') ? pattern : `${pattern}/`;
  return id.startsWith(folder);
}

export function ruleMatches(ruleId: string, pattern: string): boolean {
  if (hasGlob(pattern)) return globToRegExp(pattern).test(ruleId);
  if (ruleId === pattern) return true;
  const prefix = pattern.endsWith('.') ? pattern : `${pattern}.`;
  return ruleId.startsWith(prefix);
}

function hasGlob(pattern: string): boolean {
  return /[*?]/.test(pattern);
}

/** `*` is any run of characters (slashes included, so `*cursor*` looks in every area), `?` one character. */
function globToRegExp(glob: string): RegExp {
  const body = [...glob].map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&'))).join('');
  return new RegExp(`^${body}$`);
}

function nonEmpty(list: string[] | undefined): list is string[] {
  return list !== undefined && list.length > 0;
}
