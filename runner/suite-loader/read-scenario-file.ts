// Reads one scenario file: YAML with positions, the shape of each step and condition (which kind it
// is), then the scenario JSON Schema; every problem is placed on the offending line and column.
import {
  CONDITION_KEYS,
  didYouMean,
  nearestName,
  parseYamlSource,
  pointerSegments,
  schemaProblems,
  STEP_KINDS,
  userFileSchema,
  userFileValidator,
  type YamlSource,
} from '../../schema/scenario/index.js';
import { problem, type ScenarioProblem } from './problems.js';
import { rawConditions, rawSteps, type RawStep } from './raw-walk.js';

export interface ScenarioFileRead {
  source: YamlSource;
  /** The parsed document; trust its shape only when `valid` is true. */
  raw: unknown;
  /** True when the document parsed and follows the scenario schema. */
  valid: boolean;
  problems: ScenarioProblem[];
  /** Steps by pointer, for describing places in messages. */
  steps: Map<string, RawStep>;
}

export function readScenarioText(file: string, text: string): ScenarioFileRead {
  const source = parseYamlSource(file, text, 'MCPC_SCENARIO_YAML');
  const steps = new Map<string, RawStep>();
  if (source.problems.length > 0) return { source, raw: undefined, valid: false, problems: source.problems, steps };
  const raw = source.value;
  const problems: ScenarioProblem[] = [];
  // Steps and conditions are unions keyed by their first key; a schema can only say "matches none
  // of 13 alternatives", so the kind is settled here, with a suggestion, before ajv runs.
  const suppressed: string[] = [];
  for (const step of rawSteps(raw)) {
    steps.set(step.pointer, step);
    const shape = stepShapeProblem(step, source);
    if (shape) {
      problems.push(shape);
      suppressed.push(step.pointer);
    }
  }
  for (const condition of rawConditions(raw)) {
    const shape = conditionShapeProblem(condition.node, condition.pointer, condition.keys, source);
    if (shape) {
      problems.push(shape);
      suppressed.push(condition.pointer);
    }
  }
  const validate = userFileValidator('scenario');
  const valid = validate(raw);
  if (!valid) {
    problems.push(
      ...schemaProblems(validate.errors ?? [], source, {
        code: 'MCPC_SCENARIO_INVALID',
        unknownKeyCode: 'MCPC_SCENARIO_KEY_UNKNOWN',
        unknownOperatorCode: 'MCPC_SCENARIO_OPERATOR_UNKNOWN',
        regexCode: 'MCPC_SCENARIO_REGEX',
        enumCode: (pointer) => (/^\/tags\/\d+$/.test(pointer) ? 'MCPC_SCENARIO_TAG_UNKNOWN' : undefined),
        rootSchema: userFileSchema('scenario'),
        describe: (pointer) => describePlace(pointer, steps),
        suppressed: (pointer) => suppressed.some((s) => pointer === s || pointer.startsWith(`${s}/`)),
      }),
    );
  }
  return { source, raw, valid: valid && problems.length === 0, problems, steps };
}

function stepShapeProblem(step: RawStep, source: YamlSource): ScenarioProblem | undefined {
  const keys = Object.keys(step.node);
  const label = `Step ${step.path}`;
  if (step.kinds.length === 1) {
    const kind = step.kinds[0]!;
    const value = step.node[kind];
    // `loop: { max: 3, steps: [...] }` reads naturally but the format puts the options beside the kind.
    if ((kind === 'loop' || kind === 'closeInput' || kind === 'handshake') && typeof value === 'object' && value !== null && Object.keys(value).length > 0) {
      return problem(
        'MCPC_SCENARIO_INVALID',
        source.file,
        source.locate(step.pointer, kind),
        `The options of \`${kind}\` in ${label.toLowerCase()} are written inside it (${Object.keys(value)
          .map((k) => `\`${k}\``)
          .join(', ')}); they go beside it.`,
        `Write \`- ${kind}:\` alone on its line and put each option on its own line below, indented like \`${kind}\`.`,
        kind,
      );
    }
    return undefined;
  }
  if (step.kinds.length > 1) {
    const second = step.kinds[1]!;
    return problem(
      'MCPC_SCENARIO_STEP_UNKNOWN',
      source.file,
      source.locate(step.pointer, second),
      `${label} has ${step.kinds.length} kinds (${step.kinds.map((k) => `\`${k}\``).join(', ')}); a step does one thing.`,
      'Split it into one step per kind.',
      second,
    );
  }
  if (keys.length === 0) {
    return problem(
      'MCPC_SCENARIO_STEP_UNKNOWN',
      source.file,
      source.locate(step.pointer),
      `${label} is empty.`,
      `Start it with a kind: ${STEP_KINDS.join(', ')}.`,
    );
  }
  // The first key is meant to be the kind; if it is a known option, look for a misspelt kind elsewhere.
  const guess = keys.find((k) => nearestName(k, STEP_KINDS) !== undefined) ?? keys[0]!;
  return problem(
    'MCPC_SCENARIO_STEP_UNKNOWN',
    source.file,
    source.locate(step.pointer, guess),
    `${label} has no known kind: \`${guess}\` is not a step kind.`,
    `${didYouMean(guess, STEP_KINDS) || 'Start the step with its kind.'} Step kinds: ${STEP_KINDS.join(', ')}.`.trim(),
    guess,
  );
}

function conditionShapeProblem(node: Record<string, unknown>, pointer: string, present: string[], source: YamlSource): ScenarioProblem | undefined {
  if (present.length === 1) return undefined;
  const keys = Object.keys(node);
  if (present.length > 1) {
    return problem(
      'MCPC_SCENARIO_CONDITION_UNKNOWN',
      source.file,
      source.locate(pointer, present[1]!),
      `A condition tests one thing, but this one has ${present.map((k) => `\`${k}\``).join(' and ')}.`,
      'Write one condition per test: list several under `requires`, or nest them with `not`.',
      present[1],
    );
  }
  const guess = keys.find((k) => nearestName(k, CONDITION_KEYS) !== undefined) ?? keys[0];
  if (guess === undefined) {
    return problem(
      'MCPC_SCENARIO_CONDITION_UNKNOWN',
      source.file,
      source.locate(pointer),
      'The condition is empty.',
      `Write one of: ${CONDITION_KEYS.join(', ')}.`,
    );
  }
  return problem(
    'MCPC_SCENARIO_CONDITION_UNKNOWN',
    source.file,
    source.locate(pointer, guess),
    `Unknown condition \`${guess}\`.`,
    `${didYouMean(guess, CONDITION_KEYS)} Conditions: ${CONDITION_KEYS.join(', ')}.`.trim(),
    guess,
  );
}

/** "step 3 (`expect`)", "`result.content` of step 3 (`expect`)", or the dotted path outside steps. */
function describePlace(pointer: string, steps: Map<string, RawStep>): string {
  const segments = pointerSegments(pointer);
  if (segments.length === 0) return 'the scenario';
  for (let n = segments.length; n >= 2; n--) {
    const prefix = '/' + segments.slice(0, n).join('/');
    const step = steps.get(prefix);
    if (!step) continue;
    const name = `step ${step.path}${step.kinds.length === 1 ? ` (\`${step.kinds[0]!}\`)` : ''}`;
    const rest = segments.slice(n);
    return rest.length === 0 ? name : `\`${dotted(rest)}\` of ${name}`;
  }
  return `\`${dotted(segments)}\``;
}

function dotted(segments: string[]): string {
  return segments.map((s, i) => (/^\d+$/.test(s) ? `[${s}]` : (i > 0 ? '.' : '') + s)).join('');
}
