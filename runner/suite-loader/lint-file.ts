// Semantic checks of one scenario file that its JSON Schema cannot express: id and area against the
// file's place, cited rules, revision ranges, labels used before they exist, $schema type names,
// check-name collisions and title style.
import { protocolValidator } from '../../schema/index.js';
import { expandRange, REVISIONS, RevisionRangeError, type Revision, type RevisionRange } from '../../schema/revisions.js';
import type { RulesCatalogue } from '../../schema/rules.js';
import { didYouMean, nearestName, type YamlSource } from '../../schema/scenario/index.js';
import { problem, type ScenarioProblem } from './problems.js';
import { isMap, rawConditions, rawSteps, type RawMap, type RawStep } from './raw-walk.js';
import { nestedRepeat } from './regex-risk.js';

export interface FileExpectations {
  /** The id the file's place demands (`area/slug`), or undefined for files given one by one. */
  id?: string;
  /** The folder the file is in, when it must equal `area`. */
  area?: string;
}

/** Defensive about shapes: it also runs on documents the schema rejected, so one pass shows every problem. */
export function lintFile(raw: RawMap, source: YamlSource, rules: RulesCatalogue, expect: FileExpectations): ScenarioProblem[] {
  const out: ScenarioProblem[] = [];
  const file = source.file;
  const id = typeof raw.id === 'string' ? raw.id : undefined;
  const area = typeof raw.area === 'string' ? raw.area : undefined;

  if (id !== undefined && expect.id !== undefined && id !== expect.id) {
    out.push(
      expect.id.includes('/')
        ? problem(
            'MCPC_SCENARIO_ID_MISMATCH',
            file,
            source.locate('/id'),
            `\`id: ${id}\` does not match the file's path, which makes it \`${expect.id}\`.`,
            `Set \`id: ${expect.id}\`, or rename the file to ${id}.yaml under the suites folder.`,
            'id',
          )
        : problem(
            'MCPC_SCENARIO_ID_MISMATCH',
            file,
            source.locate('/id'),
            `The file is not inside an area folder, so no \`area/slug\` id can match its path.`,
            `Move it to <suites>/${id}.yaml.`,
            'id',
          ),
    );
  }
  if (area !== undefined && expect.area !== undefined && area !== expect.area) {
    out.push(
      problem(
        'MCPC_SCENARIO_AREA_MISMATCH',
        file,
        source.locate('/area'),
        `\`area: ${area}\` differs from the folder \`${expect.area}\` the file is in.`,
        `Set \`area: ${expect.area}\`.`,
        'area',
      ),
    );
  } else if (id !== undefined && area !== undefined && expect.area === undefined && id.split('/')[0] !== area) {
    out.push(
      problem(
        'MCPC_SCENARIO_AREA_MISMATCH',
        file,
        source.locate('/area'),
        `\`area: ${area}\` differs from the area in \`id: ${id}\`.`,
        `Set \`area: ${id.split('/')[0]!}\`, or change the id.`,
        'area',
      ),
    );
  }

  const title = typeof raw.title === 'string' ? raw.title : '';
  if (/\bshould\b/i.test(title)) {
    out.push(
      problem(
        'MCPC_SCENARIO_TITLE_STYLE',
        file,
        source.locate('/title'),
        'The title says "should"; a title states the behaviour as a fact.',
        'Rewrite it in the present tense, e.g. "The server answers ping with an empty result".',
        'title',
      ),
    );
  }
  if (/^\s*tests?\b|^\s*testing\b/i.test(title)) {
    out.push(
      problem(
        'MCPC_SCENARIO_TITLE_STYLE',
        file,
        source.locate('/title'),
        'The title starts with "test"; a title names the behaviour, not the test.',
        'Drop "test (that)" and state the behaviour, e.g. "The server answers ping with an empty result".',
        'title',
      ),
    );
  }

  const cite = (ruleId: unknown, pointer: string) => {
    if (typeof ruleId !== 'string' || rules.has(ruleId)) return;
    const near = rules.suggest(ruleId);
    out.push(
      problem(
        'MCPC_RULE_UNKNOWN',
        file,
        source.locate(pointer),
        `Rule \`${ruleId}\` is not in the rules catalogue.`,
        near ? `Did you mean \`${near}\`?` : 'Cite an existing rule (mcp-conform --list --rules), or add it to schema/rules/<area>.yaml.',
        'rule',
      ),
    );
  };
  if (Array.isArray(raw.rules)) raw.rules.forEach((r, i) => cite(r, `/rules/${i}`));

  const range = raw.revisions ?? '*';
  const rangeOk = typeof range === 'string' || (Array.isArray(range) && range.every((r) => typeof r === 'string'));
  const scenarioRevisions = (rangeOk ? checkRange(range, '/revisions', 'revisions', source, out) : undefined) ?? [...REVISIONS];
  for (const condition of rawConditions(raw)) {
    const r = condition.node.revision;
    if (typeof r === 'string' || (Array.isArray(r) && r.every((x) => typeof x === 'string')))
      checkRange(r, `${condition.pointer}/revision`, 'revision', source, out);
  }

  const steps = rawSteps(raw);
  const labels = new Set<string>();
  const checkNames = new Map<string, string>();
  for (const step of steps) {
    const kind = step.kinds[0];
    const node = step.node;
    if (Object.hasOwn(node, 'rule')) cite(node.rule, `${step.pointer}/rule`);
    for (const [key, used] of labelUses(step)) {
      if (labels.has(used)) continue;
      const near = nearestName(used, labels);
      out.push(
        problem(
          'MCPC_SCENARIO_LABEL_UNDEFINED',
          file,
          source.locate(`${step.pointer}/${key}`),
          `Step ${step.path} (\`${kind}\`) refers to \`${used}\`, but no earlier request, send or handshake has \`as: ${used}\`.`,
          near ? `Did you mean \`${near}\`?` : `Add \`as: ${used}\` to the request this step is about, before this step.`,
          key,
        ),
      );
    }
    // A step of unknown kind is probably a misspelt request: count its label, so one typo makes one problem.
    if ((kind === 'request' || kind === 'send' || kind === 'handshake' || step.kinds.length === 0) && typeof node.as === 'string') labels.add(node.as);
    if (typeof node.check === 'string') {
      const earlier = checkNames.get(node.check);
      if (earlier !== undefined) {
        out.push(
          problem(
            'MCPC_SCENARIO_CHECK_DUPLICATE',
            file,
            source.locate(`${step.pointer}/check`),
            `Steps ${earlier} and ${step.path} are both named \`check: ${node.check}\`, so their check ids collide.`,
            'Give each check its own name.',
            'check',
          ),
        );
      } else checkNames.set(node.check, step.path);
    }
  }

  out.push(...typeNameProblems(raw, steps, scenarioRevisions, source));
  out.push(...slowRegexProblems(raw, source));
  return out;
}

/** Every `$regex` that nests a repeat inside a repeat: it can hang on a value that almost matches. */
function slowRegexProblems(raw: RawMap, source: YamlSource): ScenarioProblem[] {
  const out: ScenarioProblem[] = [];
  const visit = (node: unknown, pointer: string) => {
    if (Array.isArray(node)) node.forEach((item, i) => visit(item, `${pointer}/${i}`));
    if (!isMap(node)) return;
    for (const [key, value] of Object.entries(node)) {
      const part = key === '$regex' && typeof value === 'string' ? nestedRepeat(value) : undefined;
      if (part !== undefined) {
        out.push(
          problem(
            'MCPC_SCENARIO_REGEX_SLOW',
            source.file,
            source.locate(`${pointer}/${key}`),
            `The \`$regex\` /${value as string}/ repeats \`${part}\`, a group whose every part repeats too: a value that almost matches can take exponential time.`,
            'Make one part of the group match exactly once (e.g. a separator, as in `(\\w+\\.)*`), or drop the inner repeat.',
            key,
          ),
        );
      } else visit(value, `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`);
    }
  };
  visit(raw, '');
  return out;
}

/** Parses a range, reporting a problem when it is malformed or empty; returns the revisions or undefined. */
function checkRange(range: unknown, pointer: string, key: string, source: YamlSource, out: ScenarioProblem[]): Revision[] | undefined {
  const written = Array.isArray(range) ? `[${range.join(', ')}]` : String(range);
  try {
    const revisions = expandRange(range as RevisionRange);
    if (revisions.length === 0) {
      out.push(
        problem(
          'MCPC_SCENARIO_REVISIONS',
          source.file,
          source.locate(pointer),
          `\`${key}: ${written}\` covers no revision.`,
          `Check the comparators; known revisions: ${REVISIONS.join(', ')}.`,
          key,
        ),
      );
      return undefined;
    }
    return revisions;
  } catch (err) {
    if (!(err instanceof RevisionRangeError)) throw err;
    const near = typeof range === 'string' ? nearRevision(range) : '';
    out.push(
      problem(
        'MCPC_SCENARIO_REVISIONS',
        source.file,
        source.locate(pointer),
        `\`${key}: ${written}\` is not a valid revision range: ${err.message}.`,
        `${near}${near ? ' ' : ''}${err.fix[0]!.toUpperCase()}${err.fix.slice(1)}.`,
        key,
      ),
    );
    return undefined;
  }
}

function nearRevision(range: string): string {
  const date = /\d{4}-\d{2}-\d{2}/.exec(range)?.[0];
  return date ? didYouMean(date, REVISIONS, { maxDistance: 2 }) : '';
}

/** [key, label] pairs of the labels a step refers to. */
function labelUses(step: RawStep): [string, string][] {
  const node = step.node;
  const uses: [string, string][] = [];
  const add = (key: string) => {
    if (typeof node[key] === 'string') uses.push([key, node[key] as string]);
  };
  switch (step.kinds[0]) {
    case 'expect':
      add('expect');
      add('until');
      break;
    case 'cancel':
      add('cancel');
      break;
    case 'expectNoResponse':
      add('expectNoResponse');
      add('until');
      break;
    case 'expectNotification':
      add('since');
      break;
    case 'expectNoNotification':
    case 'expectNoServerRequest':
    case 'collectNotifications':
      add('until');
      add('since');
      add('afterResponse');
      break;
    case 'expectServerRequest':
      add('since');
      break;
    default:
      break;
  }
  return uses;
}

/** `$schema: Name` must name a type of the protocol schema in at least one revision the scenario covers. */
function typeNameProblems(raw: RawMap, steps: RawStep[], revisions: Revision[], source: YamlSource): ScenarioProblem[] {
  const out: ScenarioProblem[] = [];
  const known = (name: string) => revisions.some((r) => protocolValidator(r).hasType(name));
  const visit = (pattern: unknown, pointer: string) => {
    if (Array.isArray(pattern)) return pattern.forEach((p, i) => visit(p, `${pointer}/${i}`));
    if (!isMap(pattern)) return;
    for (const [key, value] of Object.entries(pattern)) {
      const at = `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
      if (key === '$schema' && typeof value === 'string' && !known(value)) {
        const names = new Set(revisions.flatMap((r) => protocolValidator(r).typeNames()));
        out.push(
          problem(
            'MCPC_SCENARIO_TYPE_UNKNOWN',
            source.file,
            source.locate(at),
            `\`$schema: ${value}\` names no type of the protocol schema for ${revisions.length === REVISIONS.length ? 'any revision' : revisions.join(', ')}.`,
            didYouMean(value, names) || 'Use a type name of schema/protocol, e.g. ListToolsResult, InitializeResult, CallToolResult.',
            '$schema',
          ),
        );
      }
      // Literal operands are data, not patterns.
      if (key !== '$eq' && key !== '$ne' && key !== '$in' && key !== '$validAgainst') visit(value, at);
    }
  };
  for (const step of steps) {
    const n = step.node;
    for (const key of ['result', 'error', 'oneOf']) if (Object.hasOwn(n, key)) visit(n[key], `${step.pointer}/${key}`);
    const filtersParams = ['expectNotification', 'expectNoNotification', 'expectServerRequest', 'expectNoServerRequest', 'collectNotifications'].includes(
      step.kinds[0] ?? '',
    );
    if (filtersParams && Object.hasOwn(n, 'params')) visit(n.params, `${step.pointer}/params`);
    if (step.kinds[0] === 'check' && isMap(n.check)) visit(n.check.matches, `${step.pointer}/check/matches`);
  }
  for (const condition of rawConditions(raw)) if (Object.hasOwn(condition.node, 'where')) visit(condition.node.where, `${condition.pointer}/where`);
  return out;
}
