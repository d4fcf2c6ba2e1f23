// Checks across scenarios and against the rules catalogue: duplicate ids and titles, steps citing
// rules their scenario does not list, rules not in force at the revisions a check runs at, and
// rules binding the other side than the one tested.
import { expandRange, type Revision, type RevisionRange } from '../../schema/revisions.js';
import type { RulesCatalogue } from '../../schema/rules.js';
import { problem, type ScenarioProblem } from './problems.js';
import { locateIn } from './scenario-sources.js';
import type { Condition, Scenario, Step } from './types.js';

export function lintScenarios(scenarios: Scenario[], rules: RulesCatalogue): ScenarioProblem[] {
  const out: ScenarioProblem[] = [];
  const byId = new Map<string, Scenario>();
  const byTitle = new Map<string, Scenario>();
  // In the given order: the later of two files is the one reported (folders load before single files).
  for (const s of scenarios) {
    const sameId = byId.get(s.id);
    if (sameId) {
      out.push(
        problem(
          'MCPC_SCENARIO_DUPLICATE_ID',
          s.file,
          locateIn(s, '/id'),
          `Scenario id \`${s.id}\` is already used by ${sameId.file}.`,
          'Give each scenario its own id (and file name).',
          'id',
        ),
      );
    } else byId.set(s.id, s);
    const titleKey = s.title.trim().toLowerCase();
    const sameTitle = byTitle.get(titleKey);
    if (sameTitle && sameTitle.id !== s.id) {
      out.push(
        problem(
          'MCPC_SCENARIO_DUPLICATE_TITLE',
          s.file,
          locateIn(s, '/title'),
          `The title is the same as that of \`${sameTitle.id}\`.`,
          'Say what distinguishes this behaviour from the other one.',
          'title',
        ),
      );
    } else if (!sameTitle) byTitle.set(titleKey, s);
    out.push(...ruleProblems(s, rules));
  }
  return out;
}

function ruleProblems(s: Scenario, rules: RulesCatalogue): ScenarioProblem[] {
  const out: ScenarioProblem[] = [];
  const scenarioRange = safeExpand(s.revisions);
  const side = (ruleId: string, pointer: string) => {
    const rule = rules.get(ruleId);
    if (!rule || rule.side === 'both' || rule.side === s.role) return;
    out.push(
      problem(
        'MCPC_RULE_SIDE',
        s.file,
        locateIn(s, pointer),
        `Rule \`${ruleId}\` binds the ${rule.side}, but this scenario tests a ${s.role}.`,
        `Cite a rule whose side is ${s.role} or both, or set \`role: ${rule.side}\`.`,
        'rule',
      ),
    );
  };
  const inForce = (ruleId: string, revisions: Revision[] | undefined, pointer: string, where: string) => {
    const rule = rules.get(ruleId);
    if (!rule || !revisions || revisions.length === 0) return;
    const ruleRange = safeExpand(rule.revisions);
    if (!ruleRange || revisions.some((r) => ruleRange.includes(r))) return;
    out.push(
      problem(
        'MCPC_RULE_OUT_OF_RANGE',
        s.file,
        locateIn(s, pointer),
        `Rule \`${ruleId}\` is in force for ${show(rule.revisions)}, none of the revisions ${where} runs at (${revisions.join(', ')}).`,
        'Cite the rule that applies at these revisions, or narrow the revisions (a `when: { revision: ... }` on the step).',
        'rule',
      ),
    );
  };
  s.rules.forEach((ruleId, i) => {
    side(ruleId, `/rules/${i}`);
    inForce(ruleId, scenarioRange, `/rules/${i}`, 'the scenario');
  });
  const visit = (steps: Step[], pointer: string, range: Revision[] | undefined) => {
    steps.forEach((step, i) => {
      const at = `${pointer}/${i}`;
      const stepRange = narrow(range, step.when);
      const ruleId = 'rule' in step ? step.rule : undefined;
      if (ruleId !== undefined) {
        if (!s.rules.includes(ruleId)) {
          out.push(
            problem(
              'MCPC_RULE_NOT_LISTED',
              s.file,
              locateIn(s, `${at}/rule`),
              `Step ${step.path} cites \`${ruleId}\`, which the scenario's \`rules\` list leaves out.`,
              `Add \`${ruleId}\` to \`rules\`, so coverage and --rule see that this scenario enforces it.`,
              'rule',
            ),
          );
        }
        side(ruleId, `${at}/rule`);
        inForce(ruleId, stepRange, `${at}/rule`, `step ${step.path}`);
      }
      if (step.kind === 'loop') visit(step.steps, `${at}/steps`, stepRange);
    });
  };
  visit(s.steps, '/steps', scenarioRange);
  return out;
}

/** The revisions left after a step's `when`, when it is a plain revision condition. */
function narrow(range: Revision[] | undefined, when: Condition | undefined): Revision[] | undefined {
  if (!range || !when) return range;
  if ('revision' in when) {
    const allowed = safeExpand(when.revision);
    return allowed ? range.filter((r) => allowed.includes(r)) : range;
  }
  // Every member of an allOf narrows; an anyOf may widen again, so it is left as it is.
  if ('allOf' in when) return when.allOf.reduce<Revision[] | undefined>((acc, inner) => narrow(acc, inner), range);
  if ('not' in when && 'revision' in when.not) {
    const excluded = safeExpand(when.not.revision);
    return excluded ? range.filter((r) => !excluded.includes(r)) : range;
  }
  return range;
}

function safeExpand(range: RevisionRange): Revision[] | undefined {
  try {
    return expandRange(range);
  } catch {
    return undefined;
  }
}

function show(range: RevisionRange): string {
  return Array.isArray(range) ? range.join(', ') : `"${String(range)}"`;
}
