// Walks a parsed-but-untyped scenario document: its steps (loop bodies included, in reading order)
// and its conditions, with the JSON pointer and step path of each, so checks can point at them.
import { CONDITION_KEYS, STEP_KINDS } from '../../schema/scenario/index.js';
import type { StepKind } from './types.js';

export type RawMap = Record<string, unknown>;

export interface RawStep {
  node: RawMap;
  /** JSON pointer of the step, e.g. /steps/4/steps/0. */
  pointer: string;
  /** Step path as check ids use it, e.g. "4.steps.0". */
  path: string;
  /** Every kind key present (normally exactly one). */
  kinds: StepKind[];
  /** Pointers of the enclosing loop steps, outermost first. */
  loops: string[];
}

export interface RawCondition {
  node: RawMap;
  pointer: string;
  /** Condition keys present (normally exactly one). */
  keys: string[];
}

export function isMap(value: unknown): value is RawMap {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const OTHER_KINDS = STEP_KINDS.filter((k) => k !== 'check');

/**
 * The kind keys of a step. `check` is both a kind (`check: { value, matches }`) and an option of
 * other checks (`check: short-name`); it names the kind only when no other kind is present or
 * when its value is a map.
 */
export function stepKinds(node: RawMap): StepKind[] {
  const kinds: StepKind[] = OTHER_KINDS.filter((k) => Object.hasOwn(node, k));
  if (Object.hasOwn(node, 'check') && (kinds.length === 0 || isMap(node.check))) kinds.push('check');
  return kinds;
}

export function rawSteps(doc: unknown): RawStep[] {
  const out: RawStep[] = [];
  const visit = (list: unknown, pointer: string, prefix: string, loops: string[]) => {
    if (!Array.isArray(list)) return;
    list.forEach((node, i) => {
      if (!isMap(node)) return;
      const stepPointer = `${pointer}/${i}`;
      const kinds = stepKinds(node);
      out.push({ node, pointer: stepPointer, path: `${prefix}${i}`, kinds, loops });
      if (kinds.length === 1 && kinds[0] === 'loop') visit(node.steps, `${stepPointer}/steps`, `${prefix}${i}.steps.`, [...loops, stepPointer]);
    });
  };
  if (isMap(doc)) visit(doc.steps, '/steps', '', []);
  return out;
}

export function rawConditions(doc: unknown): RawCondition[] {
  const out: RawCondition[] = [];
  const visit = (node: unknown, pointer: string) => {
    if (!isMap(node)) return;
    out.push({ node, pointer, keys: CONDITION_KEYS.filter((k) => Object.hasOwn(node, k)) });
    if (Object.hasOwn(node, 'not')) visit(node.not, `${pointer}/not`);
    for (const key of ['allOf', 'anyOf']) {
      const list = node[key];
      if (Array.isArray(list)) list.forEach((inner, i) => visit(inner, `${pointer}/${key}/${i}`));
    }
  };
  if (!isMap(doc)) return out;
  if (Array.isArray(doc.requires)) doc.requires.forEach((c, i) => visit(c, `/requires/${i}`));
  for (const step of rawSteps(doc)) {
    if (Object.hasOwn(step.node, 'when')) visit(step.node.when, `${step.pointer}/when`);
    if (step.kinds.length === 1 && step.kinds[0] === 'loop' && Object.hasOwn(step.node, 'while')) visit(step.node.while, `${step.pointer}/while`);
  }
  return out;
}
