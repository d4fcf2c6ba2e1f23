// Loads scenario files from folders and single files: reads, validates and lints each, converts the
// good ones to typed Scenarios sorted by id, and collects every problem instead of stopping at one.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readUserFile } from '../../schema/index.js';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fromRoot } from '../../schema/package-root.js';
import type { RulesCatalogue } from '../../schema/rules.js';
import { compareProblems } from '../../schema/scenario/index.js';
import { lintFile, type FileExpectations } from './lint-file.js';
import { lintScenarios } from './lint-scenarios.js';
import { problem, ScenarioLoadError, type ScenarioProblem } from './problems.js';
import { checkedAtBuild, recordingSource, snapshotEntry, writeSnapshot } from './bundled-snapshot.js';
import { isMap, type RawMap } from './raw-walk.js';
import { readScenarioText } from './read-scenario-file.js';
import { rememberSource } from './scenario-sources.js';
import { toScenario } from './to-scenario.js';
import type { Scenario } from './types.js';

export interface LoadOptions {
  /** Folders searched recursively for `*.yaml`; ids must match paths (see `root`). */
  dirs?: string[];
  /** Single files (e.g. --scenario-file); exempt from the id/path and area/folder checks. */
  files?: string[];
  rules: RulesCatalogue;
  /**
   * Ids of files found under `dirs` are relative to this folder (default: the bundled suites folder).
   * A file outside it must sit in `<area>/<slug>.yaml`, whatever folder holds the areas.
   */
  root?: string;
}

export interface LoadResult {
  /** Scenarios without problems, sorted by id. */
  scenarios: Scenario[];
  /** Every problem of every file, sorted by file and position. */
  problems: ScenarioProblem[];
}

/** A top-level `role: client` line marks a client scenario file. */
export const CLIENT_ROLE_LINE = /^role:\s*['"]?client['"]?\s*(#.*)?$/m;

export function defaultSuitesDir(): string {
  return fromRoot('suites');
}

/** Synchronous; never throws for bad input: problems are returned with their positions. */
export function loadScenarios(options: LoadOptions): LoadResult {
  const root = resolve(options.root ?? defaultSuitesDir());
  const problems: ScenarioProblem[] = [];
  const targets = new Map<string, FileExpectations>();
  for (const dir of options.dirs ?? []) {
    const abs = resolve(dir);
    if (!existsSync(abs) || !statSync(abs).isDirectory()) {
      const exists = existsSync(abs);
      problems.push(
        readProblem(
          abs,
          exists ? 'The path is not a folder.' : 'The scenario folder does not exist.',
          exists ? 'Give a folder with --suite-dir, or one file with --scenario-file.' : 'Check the path given with --suite-dir.',
        ),
      );
      continue;
    }
    for (const file of yamlFiles(abs)) if (!targets.has(file)) targets.set(file, expectationsFor(file, root));
  }
  const texts = new Map<string, string>();
  for (const f of options.files ?? []) {
    const abs = resolve(f);
    const read = readUserFile(abs, 'a scenario file');
    if (!read.ok) {
      const fix =
        read.reason === 'missing'
          ? 'Check the path given with --scenario-file.'
          : read.reason === 'directory'
            ? 'Give the folder with --suite-dir, or name one YAML file with --scenario-file.'
            : 'Name one YAML scenario file with --scenario-file.';
      problems.push(readProblem(abs, read.message, fix));
      continue;
    }
    // A file named on its own may live anywhere (fuzz counterexamples, drafts): no path rules.
    targets.set(abs, {});
    texts.set(abs, read.text);
  }

  const loaded: { scenario: Scenario; clean: boolean }[] = [];
  for (const [file, expect] of targets) {
    const read = texts.has(file) ? { ok: true as const, text: texts.get(file) as string } : readUserFile(file, 'a scenario file');
    if (!read.ok) {
      problems.push(readProblem(file, read.message, 'Remove the file from the folder, or fix it.'));
      continue;
    }
    const text = read.text;
    // Client-role scenarios have their own format and loader (runner/client-mode).
    if (CLIENT_ROLE_LINE.test(text)) continue;
    const one = loadScenarioText(file, text, options.rules, expect);
    problems.push(...one.problems);
    if (one.scenario) loaded.push({ scenario: one.scenario, clean: one.problems.length === 0 });
  }

  const crossFile = lintScenarios(
    loaded.map((l) => l.scenario),
    options.rules,
  );
  problems.push(...crossFile);
  const flagged = new Set(crossFile.map((p) => p.file));
  const scenarios = loaded
    .filter((l) => l.clean && !flagged.has(l.scenario.file))
    .map((l) => l.scenario)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : a.file.localeCompare(b.file)));
  return { scenarios, problems: problems.sort(compareProblems) };
}

/**
 * Reads, validates and lints one file's text; the scenario is returned when the file is structurally
 * valid (its own semantic problems, if any, are in `problems`). Cross-file checks are not included.
 */
export function loadScenarioText(
  file: string,
  text: string,
  rules: RulesCatalogue,
  expect: FileExpectations,
): { scenario?: Scenario; problems: ScenarioProblem[] } {
  const known = checkedAtBuild(file, text, rules, expect);
  if (known) {
    const scenario = toScenario(known.raw as RawMap, known.source, file);
    rememberSource(scenario, known.source.locate);
    return { scenario, problems: [] };
  }
  const read = readScenarioText(file, text);
  if (!isMap(read.raw)) return { problems: read.problems };
  // Semantic lint runs even on a structurally broken file, so one pass shows every problem; a
  // finding on a spot the schema already flagged would only repeat it.
  const taken = new Set(read.problems.map((p) => `${p.line}:${p.column}`));
  const own = lintFile(read.raw, read.source, rules, expect).filter((p) => !taken.has(`${p.line}:${p.column}`));
  const problems = [...read.problems, ...own];
  if (!read.valid) return { problems };
  const scenario = toScenario(read.raw, read.source, file);
  rememberSource(scenario, read.source.locate);
  return { scenario, problems };
}

/**
 * Build step: reads, validates and lints every bundled scenario file and writes those without a
 * problem, parsed, into dist/ (bundled-snapshot.ts); returns the snapshot's path and its size.
 */
export function snapshotBundledSuites(rules: RulesCatalogue): { path: string; files: number } {
  const root = defaultSuitesDir();
  const entries = new Map<string, NonNullable<ReturnType<typeof snapshotEntry>>>();
  for (const file of yamlFiles(root)) {
    const read = readUserFile(file, 'a scenario file');
    if (!read.ok || CLIENT_ROLE_LINE.test(read.text)) continue;
    const expect = expectationsFor(file, root);
    const parsed = readScenarioText(file, read.text);
    if (!parsed.valid || !isMap(parsed.raw) || lintFile(parsed.raw, parsed.source, rules, expect).length > 0) continue;
    const recording = recordingSource(parsed.source);
    toScenario(parsed.raw, recording.source, file);
    const entry = snapshotEntry(read.text, expect, parsed.raw, recording.places);
    if (entry) entries.set(file, entry);
  }
  return { path: writeSnapshot(rules, entries), files: entries.size };
}

/** Like loadScenarios, but throws ScenarioLoadError (code MCPC_SCENARIO_INVALID) on any problem. */
export function loadScenariosOrThrow(options: LoadOptions): Scenario[] {
  const result = loadScenarios(options);
  if (result.problems.length > 0) throw new ScenarioLoadError(result.problems);
  return result.scenarios;
}

/** The id and area a file's place demands: relative to the root when inside it, else its last two path parts. */
export function expectationsFor(file: string, root: string): FileExpectations {
  const rel = relative(root, file);
  const inside = rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
  const id = inside
    ? rel
        .split(sep)
        .join('/')
        .replace(/\.yaml$/, '')
    : `${basename(dirname(file))}/${basename(file, '.yaml')}`;
  return { id, area: basename(dirname(file)) };
}

/** Every .yaml file under `dir`, sorted, skipping dot folders and node_modules. */
export function yamlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...yamlFiles(path));
    else if (entry.isFile() && entry.name.endsWith('.yaml')) out.push(path);
  }
  return out.sort();
}

function readProblem(file: string, message: string, fix: string): ScenarioProblem {
  return problem('MCPC_SCENARIO_READ', file, { line: 0, column: 0 }, message, fix);
}
