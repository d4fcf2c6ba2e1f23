// The rules catalogue: every schema/rules/*.yaml entry, validated against rules.schema.json, with
// lookups by id, spec links per revision, "did you mean" for unknown ids and consistency checks.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fromRoot } from './package-root.js';
import { expandRange, inRange, RevisionRangeError, type Revision, type RevisionRange } from './revisions.js';
import { nearestName, parseYamlSource, schemaProblems, SourceProblemsError, userFileSchema, userFileValidator, type SourceProblem } from './scenario/index.js';

/** Same union as wire/results' Level; repeated here because schema/ imports nothing from runner/. */
type Level = 'MUST' | 'SHOULD' | 'MAY';
type RuleSide = 'server' | 'client' | 'both';

/** Structurally identical to wire/results' RuleRef (schema/ may not import it). */
interface RuleRef {
  id: string;
  level: Level;
  section: string;
  url: string;
  summary: string;
}

export interface RuleEntry {
  id: string;
  level: Level;
  side: RuleSide;
  revisions: RevisionRange;
  section: string;
  /** Page path and anchor under /specification/<revision>/. */
  path: string;
  /** Later homes of the page: first revision of each → its path (the page moved, e.g. progress in 2026-07-28). */
  pathSince?: Record<string, string>;
  /** Base URL of `path` for a rule stated outside the core specification (an official extension's repository). */
  specBase?: string;
  summary: string;
  untestable?: string;
  supersedes?: string[];
  supersededBy?: string[];
  /** Absolute path of the YAML file the entry came from. */
  file: string;
  /** 1-based line of the entry in that file. */
  line: number;
}

export interface RulesCatalogue {
  /** Every entry, in file order (files sorted by name); duplicates included so checkCatalogue sees them. */
  all(): RuleEntry[];
  get(id: string): RuleEntry | undefined;
  has(id: string): boolean;
  /** The entry as results cite it, linked to the spec page of `revision`. Throws MCPC_RULE_UNKNOWN for an unknown id. */
  ruleRef(id: string, revision: Revision): RuleRef;
  /** The known id closest to a mistyped one, if any is close. */
  suggest(id: string): string | undefined;
  /** Whether the rule is in force at `revision` (false for an unknown id). */
  appliesAt(id: string, revision: Revision): boolean;
}

const SPEC_BASE_URL = 'https://modelcontextprotocol.io/specification';

const RULES_INVALID = 'MCPC_RULES_INVALID';
const RULES_YAML = 'MCPC_RULES_YAML';
const RULE_UNKNOWN = 'MCPC_RULE_UNKNOWN';

/** Thrown by loadRules: every problem of every file, one per line. */
export class RulesLoadError extends SourceProblemsError {
  constructor(problems: SourceProblem[]) {
    super(RULES_INVALID, 'load the rules catalogue', problems);
    this.name = 'RulesLoadError';
  }
}

function defaultRulesDir(): string {
  return fromRoot('schema', 'rules');
}

function specUrl(revision: Revision, path: string): string {
  return `${SPEC_BASE_URL}/${revision}/${path}`;
}

/** Reads every `*.yaml` in `dir` (default schema/rules). Synchronous; throws RulesLoadError. */
export function loadRules(dir: string = defaultRulesDir()): RulesCatalogue {
  const problems: SourceProblem[] = [];
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new RulesLoadError([
      {
        code: RULES_INVALID,
        file: dir,
        line: 0,
        column: 0,
        message: 'The rules folder does not exist.',
        fix: 'Pass the folder that holds the rules YAML files (default: schema/rules of the package).',
      },
    ]);
  }
  const entries: RuleEntry[] = [];
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.yaml'))
    .sort();
  const known = dir === defaultRulesDir() ? rulesSnapshot() : undefined;
  for (const name of files) {
    const file = join(dir, name);
    const text = readFileSync(file, 'utf8');
    const checked = known?.[name];
    if (checked !== undefined && checked.hash === hashOf(text)) {
      // The same members in the same order as read from the file.
      for (const { line, ...entry } of checked.entries) entries.push({ ...entry, file, line });
      continue;
    }
    entries.push(...readRulesFile(file, text, problems));
  }
  if (problems.length > 0) throw new RulesLoadError(problems);
  return createCatalogue(entries);
}

/** The entries of one rules file; its problems go to `problems`. */
function readRulesFile(file: string, text: string, problems: SourceProblem[]): RuleEntry[] {
  const source = parseYamlSource(file, text, RULES_YAML);
  if (source.problems.length > 0) {
    problems.push(...source.problems);
    return [];
  }
  // A file of comments only is an empty list, not an error: areas are added one entry at a time.
  const value = source.value ?? [];
  const validate = userFileValidator('rules');
  if (!validate(value)) {
    problems.push(
      ...schemaProblems(validate.errors ?? [], source, {
        code: RULES_INVALID,
        rootSchema: userFileSchema('rules'),
        describe: (pointer) => describeRulePointer(pointer, value),
      }),
    );
    return [];
  }
  return (value as Omit<RuleEntry, 'file' | 'line'>[]).map((raw, i) => ({ ...raw, file, line: source.locate(`/${i}`).line }));
}

// The bundled rules files, read and validated once at build time (about 0.2 s of CPU a run):
// `npm run build` writes each file's entries with the hash of its text into dist/; loadRules reuses
// them for a file of the bundled folder whose text is unchanged, and reads the file otherwise.
type RulesSnapshot = Record<string, { hash: string; entries: Omit<RuleEntry, 'file'>[] }>;
const RULES_SNAPSHOT = ['dist', 'bundled-rules.json'];

function hashOf(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function rulesSnapshot(): RulesSnapshot | undefined {
  try {
    return JSON.parse(readFileSync(fromRoot(...RULES_SNAPSHOT), 'utf8')) as RulesSnapshot;
  } catch {
    return undefined; // not built yet (tests from sources): every file is read in full
  }
}

/** Build step: reads and validates the bundled rules files and writes them into dist/; throws RulesLoadError on a problem. */
export function snapshotBundledRules(): string {
  const dir = defaultRulesDir();
  const problems: SourceProblem[] = [];
  const out: RulesSnapshot = {};
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.yaml'))) {
    const text = readFileSync(join(dir, name), 'utf8');
    const entries = readRulesFile(join(dir, name), text, problems).map(({ file, ...entry }) => entry);
    out[name] = { hash: hashOf(text), entries };
  }
  if (problems.length > 0) throw new RulesLoadError(problems);
  const path = fromRoot(...RULES_SNAPSHOT);
  writeFileSync(path, JSON.stringify(out));
  return path;
}

function describeRulePointer(pointer: string, value: unknown): string {
  const m = /^\/(\d+)/.exec(pointer);
  if (!m) return 'the file';
  const raw = Array.isArray(value) ? (value[Number(m[1])] as { id?: unknown } | undefined) : undefined;
  const id = typeof raw?.id === 'string' ? ` (\`${raw.id}\`)` : '';
  return `entry ${m[1]}${id}`;
}

/** Builds a catalogue from entries already in memory (tests, generated catalogues). */
export function createCatalogue(entries: readonly RuleEntry[]): RulesCatalogue {
  const list = [...entries];
  const byId = new Map<string, RuleEntry>();
  for (const e of list) if (!byId.has(e.id)) byId.set(e.id, e);
  const suggest = (id: string): string | undefined => {
    const near = nearestName(id, byId.keys(), { maxDistance: Math.max(3, Math.floor(id.length * 0.3)) });
    if (near) return near;
    // An id cut short ("tools.call.unknown-tool" for "tools.call.unknown-tool-protocol-error").
    const longer = [...byId.keys()].filter((k) => k.startsWith(id)).sort((a, b) => a.length - b.length);
    return longer[0];
  };
  return {
    all: () => [...list],
    get: (id) => byId.get(id),
    has: (id) => byId.has(id),
    suggest,
    appliesAt(id, revision) {
      const entry = byId.get(id);
      return entry !== undefined && inRange(revision, entry.revisions);
    },
    ruleRef(id, revision) {
      const entry = byId.get(id);
      if (!entry) {
        const near = suggest(id);
        const error = new Error(
          `Failed to cite rule \`${id}\`: it is not in the rules catalogue. ` +
            (near ? `Did you mean \`${near}\`?` : 'Add it to schema/rules/<area>.yaml or cite an existing id.'),
        );
        throw Object.assign(error, { code: RULE_UNKNOWN });
      }
      return {
        id: entry.id,
        level: entry.level,
        section: entry.section,
        url: entry.specBase ? `${entry.specBase}/${entry.path}` : specUrl(revision, pathAt(entry, revision)),
        summary: entry.summary,
      };
    },
  };
}

/** The page path of a rule at one revision: the latest `pathSince` entry not after it, else `path`. */
export function pathAt(entry: Pick<RuleEntry, 'path' | 'pathSince'>, revision: Revision): string {
  let path = entry.path;
  for (const since of Object.keys(entry.pathSince ?? {}).sort()) if (since <= revision) path = entry.pathSince![since]!;
  return path;
}

/**
 * Consistency problems a schema cannot see: duplicate ids, supersede links that are not mirrored
 * or point nowhere, and revision ranges that do not parse or cover no revision. [] when clean.
 */
export function checkCatalogue(catalogue: RulesCatalogue): string[] {
  const out: string[] = [];
  const at = (e: RuleEntry) => `${e.file}:${e.line}`;
  const first = new Map<string, RuleEntry>();
  for (const e of catalogue.all()) {
    const earlier = first.get(e.id);
    if (earlier) out.push(`${at(e)} Rule id \`${e.id}\` is defined twice (first at ${at(earlier)}). Give one of them a different id.`);
    else first.set(e.id, e);
  }
  for (const e of first.values()) {
    try {
      if (expandRange(e.revisions).length === 0) {
        out.push(
          `${at(e)} Rule \`${e.id}\`: \`revisions: ${String(e.revisions)}\` covers no revision. Widen the range, or delete the rule if it applies nowhere.`,
        );
      }
    } catch (err) {
      if (!(err instanceof RevisionRangeError)) throw err;
      out.push(`${at(e)} Rule \`${e.id}\`: \`revisions\` is not a valid range: ${err.message}. ${upperFirst(err.fix)}.`);
    }
    for (const [forward, backward] of [
      ['supersedes', 'supersededBy'],
      ['supersededBy', 'supersedes'],
    ] as const) {
      for (const other of e[forward] ?? []) {
        if (other === e.id) {
          out.push(`${at(e)} Rule \`${e.id}\` lists itself in \`${forward}\`. Remove it.`);
          continue;
        }
        const target = first.get(other);
        if (!target) {
          const near = catalogue.suggest(other);
          out.push(
            `${at(e)} Rule \`${e.id}\`: \`${forward}\` names \`${other}\`, which is not in the catalogue. ${near ? `Did you mean \`${near}\`?` : 'Fix the id.'}`,
          );
        } else if (!(target[backward] ?? []).includes(e.id)) {
          out.push(
            `${at(e)} Rule \`${e.id}\` has \`${forward}: [${other}]\` but \`${other}\` (${at(target)}) does not list it in \`${backward}\`. Add \`${backward}: [${e.id}]\` to \`${other}\`.`,
          );
        }
      }
    }
  }
  return out;
}

function upperFirst(text: string): string {
  return text.length > 0 ? text[0]!.toUpperCase() + text.slice(1) : text;
}
