// Loads client-role scenarios: YAML files under the suites tree whose `role` is `client`. Each is
// validated against schema/scenario/client-scenario.schema.json, its rules against the catalogue,
// its id and area against its place, and its `server` against the mock file schema. Problems come
// back with file, line, column and fix, like the server scenario loader's.
import { readFileSync } from 'node:fs';
import type { RulesCatalogue } from '../../schema/rules.js';
import { expandRange, RevisionRangeError, type RevisionRange } from '../../schema/revisions.js';
import { parseYamlSource, schemaProblems, userFileSchema, userFileValidator, type SourceProblem, type YamlSource } from '../../schema/scenario/index.js';
import { CLIENT_ROLE_LINE, expectationsFor, yamlFiles } from '../suite-loader/index.js';
import type { AuthSetup } from '../../mocks/index.js';
import type { AuthCheckName, CanaryDuty, CancellationDuty, ClientScenario, Expectation, HttpCheckName, MrtrDuty } from './types.js';

const CLIENT_SCENARIO_INVALID = 'MCPC_CLIENT_SCENARIO_INVALID';
const KINDS = [
  'first',
  'sent',
  'notSent',
  'each',
  'before',
  'uniqueRequestIds',
  'answered',
  'echoes',
  'http',
  'cancellations',
  'auth',
  'canary',
  'mrtr',
] as const;

export interface ClientLoadResult {
  scenarios: ClientScenario[];
  problems: SourceProblem[];
}

function isClientScenarioText(text: string): boolean {
  return CLIENT_ROLE_LINE.test(text);
}

export function loadClientScenarios(options: { dirs: string[]; root: string; rules: RulesCatalogue }): ClientLoadResult {
  const scenarios: ClientScenario[] = [];
  const problems: SourceProblem[] = [];
  for (const dir of options.dirs) {
    for (const file of yamlFiles(dir)) {
      const text = readFileSync(file, 'utf8');
      if (!isClientScenarioText(text)) continue;
      const one = parseClientScenario(file, text, options.rules, expectationsFor(file, options.root));
      problems.push(...one.problems);
      if (one.scenario && one.problems.length === 0) scenarios.push(one.scenario);
    }
  }
  scenarios.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { scenarios, problems };
}

export function parseClientScenario(
  file: string,
  text: string,
  rules: RulesCatalogue,
  expect: { id?: string; area?: string } = {},
): { scenario?: ClientScenario; problems: SourceProblem[] } {
  const source = parseYamlSource(file, text, CLIENT_SCENARIO_INVALID);
  if (source.problems.length > 0) return { problems: source.problems };
  const validate = userFileValidator('client-scenario');
  if (!validate(source.value)) {
    return { problems: schemaProblems(validate.errors ?? [], source, { code: CLIENT_SCENARIO_INVALID, rootSchema: userFileSchema('client-scenario') }) };
  }
  const raw = source.value as Record<string, unknown>;
  const problems: SourceProblem[] = [];
  const at = (pointer: string, message: string, fix: string, key?: string) =>
    problems.push({ code: CLIENT_SCENARIO_INVALID, file, ...source.locate(pointer, key), ...(key ? { key } : {}), message, fix });
  if (expect.id && raw.id !== expect.id)
    at('', `The id \`${String(raw.id)}\` does not match the file's place.`, `Use \`id: ${expect.id}\` or move the file.`, 'id');
  if (expect.area && raw.area !== expect.area)
    at('', `The area \`${String(raw.area)}\` does not match the file's folder.`, `Use \`area: ${expect.area}\`.`, 'area');
  const cited = [...(raw.rules as string[]), ...(raw.expect as Record<string, unknown>[]).map((e) => e.rule).filter((r): r is string => typeof r === 'string')];
  for (const id of new Set(cited)) {
    if (!rules.has(id)) at('', `The rule \`${id}\` is not in the rules catalogue.`, 'Cite a rule id from schema/rules/*.yaml, or add the rule there.', 'rules');
  }
  try {
    if (expandRange((raw.revisions as RevisionRange | undefined) ?? '*').length === 0)
      at('', 'The revision range selects no revision.', 'Widen the range.', 'revisions');
  } catch (err) {
    if (!(err instanceof RevisionRangeError)) throw err;
    at('', err.message, err.fix, 'revisions');
  }
  (raw.expect as Record<string, unknown>[]).forEach((e, i) => {
    if (e.precondition !== undefined && !Object.hasOwn(e, 'sent'))
      at(`/expect/${i}`, 'Only a `sent` check can be a precondition.', 'Remove `precondition`, or make the check a `sent`.', 'precondition');
  });
  problems.push(...serverProblems(raw.server, source));
  const scenario: ClientScenario = {
    id: raw.id as string,
    title: raw.title as string,
    area: raw.area as string,
    role: 'client',
    revisions: (raw.revisions as RevisionRange | undefined) ?? '*',
    rules: raw.rules as string[],
    tags: (raw.tags as string[] | undefined) ?? [],
    ...(typeof raw.description === 'string' ? { description: raw.description } : {}),
    server: (raw.server as Record<string, unknown> | undefined) ?? {},
    ...(raw.within !== undefined ? { withinMs: raw.within as number } : {}),
    ...(raw.transport === 'http' || raw.transport === 'stdio' ? { transport: raw.transport } : {}),
    ...(raw.auth !== undefined ? { auth: raw.auth as AuthSetup } : {}),
    expect: (raw.expect as Record<string, unknown>[]).map((e, i) => toExpectation(e, source.locate(`/expect/${i}`).line)),
    file,
  };
  return { scenario, problems };
}

/** The `server` block is a mock file without the need for serverInfo; its errors point into the scenario. */
function serverProblems(server: unknown, source: YamlSource): SourceProblem[] {
  if (server === undefined) return [];
  const withInfo = { serverInfo: { name: 'mcp-conform-mock', version: '1.0.0' }, ...(server as object) };
  const validate = userFileValidator('mock');
  if (validate(withInfo)) return [];
  const errors = (validate.errors ?? []).map((e) => ({ ...e, instancePath: `/server${e.instancePath}` }));
  return schemaProblems(errors, source, { code: CLIENT_SCENARIO_INVALID, rootSchema: userFileSchema('mock') });
}

function toExpectation(e: Record<string, unknown>, sourceLine: number): Expectation {
  const kind = KINDS.find((k) => Object.hasOwn(e, k))!;
  const options = {
    sourceLine,
    ...(typeof e.rule === 'string' ? { rule: e.rule } : {}),
    ...(typeof e.check === 'string' ? { check: e.check } : {}),
    ...(typeof e.message === 'string' ? { message: e.message } : {}),
    ...(e.precondition === true ? { precondition: true } : {}),
  };
  switch (kind) {
    case 'first':
      return { kind, pattern: e.first, ...(e.probes === true ? { probes: true } : {}), ...options };
    case 'notSent':
      return { kind, pattern: e.notSent, ...options };
    case 'sent':
      return { kind, pattern: e.sent, ...(e.capture ? { capture: e.capture as Record<string, string> } : {}), ...options };
    case 'each':
      return { kind, pattern: e.each, ...(Object.hasOwn(e, 'where') ? { where: e.where } : {}), ...options };
    case 'before': {
      const [earlier, later] = e.before as unknown[];
      return { kind, earlier, later, ...options };
    }
    case 'uniqueRequestIds':
      return { kind, ...options };
    case 'echoes':
      return { kind, pointer: e.echoes as string, issuedAt: e.issuedAt as string, ...(Object.hasOwn(e, 'where') ? { where: e.where } : {}), ...options };
    case 'answered':
      return {
        kind,
        method: e.answered as string,
        ...(Object.hasOwn(e, 'result') ? { result: e.result } : {}),
        ...(Object.hasOwn(e, 'error') ? { error: e.error } : {}),
        ...(typeof e.capability === 'string' ? { capability: e.capability } : {}),
        ...options,
      };
    case 'http':
      return { kind, duty: e.http as HttpCheckName, ...options };
    case 'cancellations':
      return { kind, duty: e.cancellations as CancellationDuty, ...options };
    case 'auth':
      return { kind, duty: e.auth as AuthCheckName, ...options };
    case 'canary':
      return { kind, duty: e.canary as CanaryDuty, ...options };
    case 'mrtr':
      return { kind, duty: e.mrtr as MrtrDuty, ...options };
  }
}
