// Reads a mock server file (YAML or JSON) and validates it against schema/mock: every problem comes
// back at once, each with its file, line and column and a fix, as for scenario files.
import { readFileSync } from 'node:fs';
import { parseYamlSource, schemaProblems, SourceProblemsError, userFileSchema, userFileValidator, type SourceProblem } from '../../schema/scenario/index.js';
import type { MockConfig } from './types.js';

/** Problem code of every mock-file error. */
const MOCK_CONFIG_INVALID = 'MCPC_MOCK_INVALID';

/**
 * A mock server file that cannot be used: `problems` lists every problem at once, each with its
 * file, line, column, key and a fix; the message shows them one per line.
 */
export class MockConfigError extends SourceProblemsError {
  constructor(file: string, problems: SourceProblem[]) {
    super(MOCK_CONFIG_INVALID, `read the mock file ${file}`, problems);
    this.name = 'MockConfigError';
  }
}

/** Options of {@link parseMockConfig}. */
export interface ParseMockConfigOptions {
  /** The name problems are reported under (default `mock config`), usually the file the text came from. */
  file?: string;
}

/**
 * Parses and validates the text of a mock server file (YAML, or JSON which YAML reads too).
 *
 * @throws MockConfigError listing every problem with its line and column.
 *
 * @example
 * ```ts
 * const config = parseMockConfig('serverInfo: { name: weather, version: 1.0.0 }\ntools: []\n', { file: 'weather.mock.yaml' });
 * const server = createMockFromConfig(config);
 * ```
 */
export function parseMockConfig(text: string, options: ParseMockConfigOptions = {}): MockConfig {
  const file = options.file ?? 'mock config';
  const source = parseYamlSource(file, text, MOCK_CONFIG_INVALID);
  if (source.problems.length > 0) throw new MockConfigError(file, source.problems);
  const validate = userFileValidator('mock');
  if (!validate(source.value)) {
    const problems = schemaProblems(validate.errors ?? [], source, {
      code: MOCK_CONFIG_INVALID,
      rootSchema: userFileSchema('mock'),
      describe: (pointer) => describeMockPointer(pointer, source.value),
    });
    throw new MockConfigError(file, problems);
  }
  const config = source.value as MockConfig;
  const found = [...duplicateNames(config), ...answerProblems(config), ...exclusiveKeyProblems(config)];
  if (found.length > 0) {
    throw new MockConfigError(
      file,
      found.map(({ pointer, key, message, fix }) => ({
        code: MOCK_CONFIG_INVALID,
        file,
        ...source.locate(pointer, key),
        ...(key ? { key } : {}),
        message,
        fix,
      })),
    );
  }
  return config;
}

interface Finding {
  pointer: string;
  key?: string;
  message: string;
  fix: string;
}

/**
 * Reads and validates a mock server file from disk (see {@link parseMockConfig}).
 *
 * @throws MockConfigError when the file cannot be read or is not a valid mock file.
 */
export function loadMockConfig(file: string): MockConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new MockConfigError(file, [
      {
        code: MOCK_CONFIG_INVALID,
        file,
        line: 0,
        column: 0,
        message: `The file cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)}).`,
        fix: 'Check the path given to --config.',
      },
    ]);
  }
  return parseMockConfig(text, { file });
}

function describeMockPointer(pointer: string, value: unknown): string {
  const m = /^\/(tools|resources|resourceTemplates|prompts|completions)\/(\d+)/.exec(pointer);
  if (!m) return 'the file';
  const list = (value as Record<string, unknown[]>)[m[1]!];
  const item = Array.isArray(list) ? (list[Number(m[2])] as Record<string, unknown> | undefined) : undefined;
  const label = item?.name ?? item?.uri ?? item?.uriTemplate;
  return `${m[1]}[${m[2]}]${typeof label === 'string' ? ` (${JSON.stringify(label)})` : ''}`;
}

const ANSWER_KEYS = ['result', 'text', 'error', 'noResponse'] as const;

/** A case answers in exactly one way; so does a tool, except that one with cases may leave it out. */
function answerProblems(config: MockConfig): Finding[] {
  const out: Finding[] = [];
  const judge = (item: object, pointer: string, optional: boolean) => {
    const given = ANSWER_KEYS.filter((k) => Object.hasOwn(item, k));
    if (given.length > 1) {
      out.push({
        pointer,
        key: given[1]!,
        message: `${given.map((k) => `\`${k}\``).join(' and ')} are both given; an answer is exactly one of them.`,
        fix: `Keep one of ${ANSWER_KEYS.join(', ')}.`,
      });
    } else if (given.length === 0 && !optional) {
      out.push({ pointer, message: 'No answer is given.', fix: `Add one of ${ANSWER_KEYS.join(', ')} (e.g. \`text: done\`).` });
    }
  };
  (config.tools ?? []).forEach((tool, i) => {
    judge(tool, `/tools/${i}`, (tool.cases?.length ?? 0) > 0);
    (tool.cases ?? []).forEach((c, j) => judge(c, `/tools/${i}/cases/${j}`, false));
  });
  return out;
}

function exclusiveKeyProblems(config: MockConfig): Finding[] {
  const out: Finding[] = [];
  (config.resources ?? []).forEach((r, i) => {
    if (r.text !== undefined && r.blob !== undefined)
      out.push({
        pointer: `/resources/${i}`,
        key: 'blob',
        message: 'A resource has both `text` and `blob`.',
        fix: 'Keep `text` for text contents or `blob` (base64) for binary ones.',
      });
  });
  (config.completions ?? []).forEach((c, i) => {
    if ((c.prompt === undefined) === (c.resourceTemplate === undefined)) {
      out.push({
        pointer: `/completions/${i}`,
        message: 'A completion names exactly one of `prompt` and `resourceTemplate`.',
        fix: 'Name the prompt, or the URI template, whose argument it completes.',
      });
    }
  });
  return out;
}

/** Names (URIs for resources) must be unique within each list: a client could not tell them apart. */
function duplicateNames(config: MockConfig): Finding[] {
  const out: Finding[] = [];
  const scan = (list: Record<string, unknown>[] | undefined, key: string, listName: string, what: string) => {
    const seen = new Set<string>();
    (list ?? []).forEach((item, i) => {
      const name = String(item[key]);
      if (seen.has(name))
        out.push({
          pointer: `/${listName}/${i}`,
          key,
          message: `The ${what} ${JSON.stringify(name)} is defined twice.`,
          fix: `Give each ${what} a distinct name, or merge the two entries.`,
        });
      seen.add(name);
    });
  };
  scan(config.tools as unknown as Record<string, unknown>[], 'name', 'tools', 'tool');
  scan(config.resources as unknown as Record<string, unknown>[], 'uri', 'resources', 'resource URI');
  scan(config.resourceTemplates as unknown as Record<string, unknown>[], 'uriTemplate', 'resourceTemplates', 'resource template');
  scan(config.prompts as unknown as Record<string, unknown>[], 'name', 'prompts', 'prompt');
  return out;
}
