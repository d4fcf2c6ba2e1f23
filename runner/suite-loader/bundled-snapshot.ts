// The bundled scenario files, read and checked once at build time: parsing their YAML, validating
// them against the scenario schema (whose compilation alone is about 0.15 s) and linting them is
// the largest CPU cost of a run after the target's own (about 0.6 s of a 3 s run over HTTP).
// `npm run build` writes each bundled file that loads without a problem into dist/, with the hash
// of its text, the expectations its place set and the rules it was checked against; a run reuses
// an entry only when all three are the same, and reads, validates and lints the file otherwise
// (a suite edited after the build, a copy elsewhere). Cross-file lint always runs.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { fromRoot } from '../../schema/package-root.js';
import type { RulesCatalogue } from '../../schema/rules.js';
import { parseYamlSource, type Position, type YamlSource } from '../../schema/scenario/index.js';
import type { FileExpectations } from './lint-file.js';

interface SnapshotEntry {
  /** sha256 of the file's text. */
  hash: string;
  /** `expectationsFor` of the file at build time, as JSON. */
  expect: string;
  /** The parsed document. */
  raw: unknown;
  /** The positions `toScenario` asked for (step lines), by pointer and key. */
  places: Record<string, Position>;
}

interface Snapshot {
  rules: string;
  files: Record<string, SnapshotEntry>;
}

const SNAPSHOT_PATH = ['dist', 'bundled-scenarios.json'];

let loaded: Snapshot | null | undefined;
const fingerprints = new WeakMap<RulesCatalogue, string>();

function hashOf(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function placeKey(pointer: string, key: string | undefined): string {
  return key === undefined ? pointer : `${pointer}\u0000${key}`;
}

/** The package-relative name of a file, the same on the build machine and after an install. */
function bundledName(file: string): string {
  return relative(fromRoot(), file).split(sep).join('/');
}

/** What the lint of a file depends on besides its text and place: the rules, without the absolute paths of their files. */
function rulesFingerprint(rules: RulesCatalogue): string {
  let print = fingerprints.get(rules);
  if (print === undefined) {
    print = hashOf(JSON.stringify(rules.all().map(({ file, ...entry }) => ({ ...entry, file: bundledName(file) }))));
    fingerprints.set(rules, print);
  }
  return print;
}

function snapshot(): Snapshot | undefined {
  if (loaded === undefined) {
    try {
      loaded = JSON.parse(readFileSync(fromRoot(...SNAPSHOT_PATH), 'utf8')) as Snapshot;
    } catch {
      loaded = null; // not built yet (tests from sources), or unreadable: every file is read in full
    }
  }
  return loaded ?? undefined;
}

/**
 * The parsed document of a bundled file that loaded without a problem at build time, and a source
 * that places its steps; undefined unless the text, its expectations and the rules are unchanged.
 */
export function checkedAtBuild(file: string, text: string, rules: RulesCatalogue, expect: FileExpectations): { raw: unknown; source: YamlSource } | undefined {
  const known = snapshot();
  const entry = known?.files[bundledName(file)];
  if (!known || !entry || entry.expect !== JSON.stringify(expect) || entry.hash !== hashOf(text) || known.rules !== rulesFingerprint(rules)) return undefined;
  const raw = structuredClone(entry.raw);
  let parsed: YamlSource | undefined;
  const source: YamlSource = {
    file,
    value: raw,
    problems: [],
    // A position nobody asked for at build time (a cross-file lint finding) parses the file then.
    locate: (pointer, key) => entry.places[placeKey(pointer, key)] ?? (parsed ??= parseYamlSource(file, text, 'MCPC_SCENARIO_YAML')).locate(pointer, key),
  };
  return { raw, source };
}

/** A source that notes every position asked of it, for the snapshot. */
export function recordingSource(source: YamlSource): { source: YamlSource; places: Record<string, Position> } {
  const places: Record<string, Position> = {};
  const locate = (pointer: string, key?: string): Position => {
    const at = source.locate(pointer, key);
    places[placeKey(pointer, key)] = at;
    return at;
  };
  return { source: { ...source, locate }, places };
}

/** One file for the snapshot; left out when its document does not survive JSON (NaN, Infinity). */
export function snapshotEntry(text: string, expect: FileExpectations, raw: unknown, places: Record<string, Position>): SnapshotEntry | undefined {
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(raw)), raw)) return undefined;
  return { hash: hashOf(text), expect: JSON.stringify(expect), raw, places };
}

export function writeSnapshot(rules: RulesCatalogue, entries: Map<string, SnapshotEntry>): string {
  const files: Record<string, SnapshotEntry> = {};
  for (const [file, entry] of entries) files[bundledName(file)] = entry;
  const path = fromRoot(...SNAPSHOT_PATH);
  writeFileSync(path, JSON.stringify({ rules: rulesFingerprint(rules), files } satisfies Snapshot));
  loaded = undefined;
  return path;
}
