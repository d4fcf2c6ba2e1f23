// Evaluates scenario conditions (`requires`, `when`, `loop.while`) against a cell: its revision,
// transport, variables and the target's discovered profile. Returns a reason when one fails.
import { inRange, type Revision } from '../../schema/revisions.js';
import { describePattern, evaluate, getPath, matchPattern } from '../matchers/index.js';
import type { Condition } from '../suite-loader/types.js';
import type { TargetProfile } from './profile.js';
import { callableInOrder, DEFAULT_TOOL_CHOICE, noCallableToolReason, type ToolChoice } from '../config/index.js';
import { AUTHORIZATION_NOT_REQUESTED, MINTED_TOKENS_NEEDED, type AuthorizationContext } from './authorization-context.js';

export interface ConditionScope {
  revision: Revision;
  transport: string;
  vars: Record<string, unknown>;
  profile: TargetProfile;
  /** Which tools a pick for calling may choose (default: those declared harmless). */
  tools?: ToolChoice;
}

/** undefined when the condition holds, else a sentence saying why not (used as a skip reason). */
export function whyNot(condition: Condition, scope: ConditionScope): string | undefined {
  if ('capability' in condition) {
    return hasPath(scope.profile.capabilities, condition.capability) ? undefined : `the target does not advertise the \`${condition.capability}\` capability`;
  }
  if ('revision' in condition) {
    return inRange(scope.revision, condition.revision) ? undefined : `revision ${scope.revision} is outside ${String(condition.revision)}`;
  }
  if ('transport' in condition) {
    return scope.transport === condition.transport ? undefined : `the transport is ${scope.transport}, not ${condition.transport}`;
  }
  if ('authorization' in condition) {
    const auth = scope.vars.auth as AuthorizationContext | undefined;
    if (auth === undefined) return AUTHORIZATION_NOT_REQUESTED;
    return condition.authorization === 'minted' && auth.minted === undefined ? MINTED_TOKENS_NEEDED : undefined;
  }
  if ('defined' in condition) {
    // A dotted path reaches into stored values, e.g. an HTTP answer's `init.headers.mcp-session-id`.
    const found = getPath(scope.vars, condition.defined);
    return found.found && found.value !== undefined ? undefined : `\`${condition.defined}\` is not set`;
  }
  if ('extension' in condition) {
    const extensions = scope.profile.capabilities.extensions;
    const settings = typeof extensions === 'object' && extensions !== null ? (extensions as Record<string, unknown>)[condition.extension] : undefined;
    // An extension is advertised by a settings object; an empty one means support without settings.
    return typeof settings === 'object' && settings !== null ? undefined : `the target does not advertise the \`${condition.extension}\` extension`;
  }
  if ('value' in condition) {
    // Conditions build no arguments, so the seed of $validArgs and friends does not matter here.
    const value = evaluate(condition.value, { vars: scope.vars, seed: 0 });
    return matchPattern(condition.matches, value, { vars: scope.vars }).ok
      ? undefined
      : `the value ${JSON.stringify(value) ?? 'undefined'} does not match ${describePattern(condition.matches)}`;
  }
  if ('pick' in condition) {
    const list = scope.profile[condition.from];
    const matching = list.filter((candidate) => condition.where === undefined || matchPattern(condition.where, candidate, { vars: scope.vars }).ok);
    if (matching.length === 0) {
      return list.length === 0
        ? `the target lists no ${condition.from}`
        : `none of the target's ${list.length} ${condition.from} matches ${describePattern(condition.where)}`;
    }
    // A tool picked to be called: only one the run may call, the user's preferred first. Applied
    // here, once, so that every scenario that calls a tool gets it (docs/decisions/0010).
    const forCalling = condition.from === 'tools' && condition.use !== 'listing';
    const item = forCalling ? callableInOrder(matching, scope.tools ?? DEFAULT_TOOL_CHOICE)[0] : matching[0];
    if (item === undefined) return noCallableToolReason(matching.length, condition.where === undefined ? undefined : describePattern(condition.where));
    scope.vars[condition.pick] = item;
    return undefined;
  }
  if ('not' in condition) {
    return whyNot(condition.not, scope) === undefined ? describeHolding(condition.not, scope) : undefined;
  }
  if ('allOf' in condition) {
    for (const inner of condition.allOf) {
      const reason = whyNot(inner, scope);
      if (reason !== undefined) return reason;
    }
    return undefined;
  }
  if ('anyOf' in condition) {
    const reasons: string[] = [];
    for (const inner of condition.anyOf) {
      const reason = whyNot(inner, scope);
      if (reason === undefined) return undefined;
      reasons.push(reason);
    }
    return reasons.join(', and ');
  }
  return 'unknown condition';
}

/** Why a negated condition failed, in words: what the target or cell is, not the condition's JSON. */
function describeHolding(condition: Condition, scope: ConditionScope): string {
  if ('capability' in condition) return `the target advertises the \`${condition.capability}\` capability`;
  if ('extension' in condition) return `the target advertises the \`${condition.extension}\` extension`;
  if ('revision' in condition) return `revision ${scope.revision} is within ${String(condition.revision)}`;
  if ('transport' in condition) return `the transport is ${scope.transport}`;
  if ('defined' in condition) return `\`${condition.defined}\` is set`;
  if ('authorization' in condition) return 'the run has an authorization context';
  if ('pick' in condition)
    return condition.where === undefined
      ? `the target lists ${condition.from}`
      : `the target has ${condition.from} matching ${describePattern(condition.where)}`;
  if ('not' in condition) return whyNot(condition.not, scope) ?? 'the negated condition does not hold';
  return `the condition ${JSON.stringify(condition)} holds`;
}

/** Whether any condition of the scenario (in `requires` or a step's `when`) picks a tool to call. */
export function picksToolToCall(scenario: { requires?: unknown; steps?: unknown }): boolean {
  // The text of the conditions, like readsAcceptedRevisions: a listing-only pick that matches too
  // costs only the probes of the other revisions.
  return /"from":"tools"/.test(JSON.stringify([scenario.requires, scenario.steps]));
}

function hasPath(root: Record<string, unknown>, dotted: string): boolean {
  let node: unknown = root;
  for (const part of dotted.split('.')) {
    if (node === null || typeof node !== 'object' || !(part in (node as object))) return false;
    node = (node as Record<string, unknown>)[part];
  }
  // `listChanged: false` is a declared absence, not a capability.
  return node !== false && node !== undefined && node !== null;
}

/**
 * For planning only (process-units.ts): true when `condition` fails whatever the cell's steps store,
 * decided from the revision, the transport, the target's profile and the variables set before the
 * run. Conditions on values a step stores (`defined`, `value`) are undecided and rule nothing out.
 * A `pick` binds its variable in `scope.vars`, as it would in the run: give it a copy of the cell's.
 */
export function ruledOutBeforeRun(condition: Condition, scope: ConditionScope): boolean {
  return decidedBeforeRun(condition, scope) === false;
}

function decidedBeforeRun(condition: Condition, scope: ConditionScope): boolean | undefined {
  if ('defined' in condition || 'value' in condition) return undefined;
  if ('not' in condition) {
    const inner = decidedBeforeRun(condition.not, scope);
    return inner === undefined ? undefined : !inner;
  }
  if ('allOf' in condition || 'anyOf' in condition) {
    const all = 'allOf' in condition;
    let outcome: boolean | undefined = all;
    for (const inner of all ? condition.allOf : condition.anyOf) {
      const decided = decidedBeforeRun(inner, scope);
      if (decided === !all) return !all;
      if (decided === undefined) outcome = undefined;
    }
    return outcome;
  }
  return whyNot(condition, scope) === undefined;
}
