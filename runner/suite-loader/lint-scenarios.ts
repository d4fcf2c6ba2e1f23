// Checks across scenarios and against the rules catalogue: duplicate ids and titles, steps citing
// rules their scenario does not list, rules not in force at the revisions a check runs at, rules
// binding the other side than the one tested, and raw HTTP requests that are not requests of the
// revision they are sent at.
import { protocolValidator } from '../../schema/protocol-validator.js';
import { expandRange, isStateless, type Revision, type RevisionRange } from '../../schema/revisions.js';
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
      if (step.kind === 'http') out.push(...httpRequestProblems(s, step.json, stepRange, at, step.path));
      if (step.kind === 'loop') visit(step.steps, `${at}/steps`, stepRange);
    });
  };
  visit(s.steps, '/steps', scenarioRange);
  return out;
}

const PROTOCOL_VERSION_META = 'io.modelcontextprotocol/protocolVersion';

const methodsByRevision = new Map<Revision, Set<string>>();

/** Methods a client may send at `revision` (requests and notifications). */
function clientMethods(revision: Revision): Set<string> {
  let methods = methodsByRevision.get(revision);
  if (!methods) {
    const v = protocolValidator(revision);
    methods = new Set([...v.methods('client', 'request'), ...v.methods('client', 'notification')]);
    methodsByRevision.set(revision, methods);
  }
  return methods;
}

/**
 * An `http` step's raw request is sent as written, so it must be a request of each revision the step
 * runs at: a server may refuse a method that revision lacks, or a 2026-07-28 request without its
 * version in `_meta`, before it looks at what the step is about (an Origin, a header), and the step
 * would judge that refusal. Methods no revision defines are left alone: those are unknown on purpose.
 */
function httpRequestProblems(s: Scenario, json: unknown, range: Revision[] | undefined, at: string, path: string): ScenarioProblem[] {
  if (!range || typeof json !== 'object' || json === null || Array.isArray(json)) return [];
  const body = json as { id?: unknown; method?: unknown; params?: { _meta?: Record<string, unknown> } };
  if (typeof body.method !== 'string') return [];
  const method = body.method;
  const everDefined = expandRange('*').some((r) => clientMethods(r).has(method));
  const out: ScenarioProblem[] = [];
  for (const revision of range) {
    let what: string | undefined;
    if (everDefined && !clientMethods(revision).has(method)) what = `\`${method}\`, which revision ${revision} does not define`;
    else if (isStateless(revision) && 'id' in body && method !== 'initialize' && body.params?._meta?.[PROTOCOL_VERSION_META] === undefined)
      what = `a \`${method}\` request without \`${PROTOCOL_VERSION_META}\` in \`_meta\`, which every ${revision} request carries`;
    if (what === undefined) continue;
    out.push(
      problem(
        'MCPC_HTTP_REQUEST_REVISION',
        s.file,
        locateIn(s, `${at}/json`),
        `Step ${path} POSTs ${what}: a server may refuse it for that, and the step would judge that refusal.`,
        `Send a request of ${revision} there (a \`when: { revision: ... }\` on a second step with its own \`json\`), as suites/http/origin-rejected.yaml does.`,
        'json',
      ),
    );
    break;
  }
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
