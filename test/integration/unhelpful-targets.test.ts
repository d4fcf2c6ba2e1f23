// Conformant but unhelpful targets: every scenario at every revision they accept, and no check may
// fail or warn beyond what a mode plants on purpose. Real servers and clients are often like this
// (tools that need the network or a token, reads that fail, slow tools, no annotations, big legal
// messages, lists that change, a client program that only lists): a verdict that is right only on
// helpful fixtures is a false alarm waiting for its first user. The modes are described in
// test/fixtures/targets/README.md and test/fixtures/clients/README.md.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConformanceOptions } from '../../api/index.js';
import { ROOT, type Report } from './run-cli.js';
import { runClient, runServer } from './run-in-process.js';

const SERVER = 'test/fixtures/targets/mini-server.mjs';
const HTTP_SERVER = 'test/fixtures/targets/mini-http-server.mjs';
const CLIENT = 'test/fixtures/clients/mini-client.mjs';

/**
 * The stdio runs: modes that do not contradict each other share a run (one fixture process serves
 * them all), so the family costs six runs of the suite instead of ten. Runs whose modes are about
 * tools widen the tools the suites may call to all (`tools: 'all'`, as for a test instance), so
 * that 2024-11-05, which has no annotations, is judged too; no-annotations runs with the default
 * and must be skipped, not failed, wherever a tool would be called.
 */
const STDIO_GROUPS: string[][] = [
  ['call-errors', 'read-errors', 'get-errors'],
  ['call-is-error', 'list-changes'],
  ['strict-arguments'],
  ['slow-tools'],
  ['big-image'],
  ['big-tools-list', 'no-annotations'],
];
const HTTP_GROUPS: string[][] = [['call-errors', 'read-errors']];

/**
 * Findings a mode plants on purpose: a SHOULD it breaks, with the sentence. Keyed by group (its
 * modes joined with "+"), then `scenario: rule status` with the revisions it shows at.
 */
const PLANTED: Record<string, Record<string, { revisions: string[]; why: string }>> = {
  'call-errors+read-errors+get-errors': {
    // "Any errors that originate from the tool SHOULD be reported inside the result object, with
    // isError set to true, not as an MCP protocol-level error response" (schema, CallToolResult,
    // 2025-06-18 on); the tools page lists "API failures" among tool execution errors. An upstream
    // that cannot be reached is such a failure.
    'tools/call-tool-error-in-result: tools.call.tool-errors-in-result warning': {
      revisions: ['2025-06-18', '2025-11-25', '2026-07-28'],
      why: 'an unreachable upstream is an API failure, which belongs in an isError result',
    },
  },
};

/**
 * Known false alarms whose fix is being made in another change: left out of the assertion until it
 * lands (then the entry goes, and the test holds the fix). Matched on `scenario: rule status`.
 */
const AWAITING_FIX: { groups: 'all' | string[]; finding: RegExp; fix: string }[] = [
  {
    groups: ['http call-errors+read-errors'],
    // The reference server's slow tool runs for a moment only; with sixteen cells at once the
    // cancellation's POST can be read after the call ended, which the spec allows ("Processing has
    // already completed"). On stdio a witness request tells the two apart; over HTTP, where answers
    // come in no order, nothing does yet. Seen on loaded runs only.
    finding: /^cancellation\/(many-concurrent-cancels|cancelled-request-not-answered): cancellation\.(receiver|server)\.no-response warning$/,
    fix: 'over HTTP, judge an answer to a cancelled call only when the POST carrying the cancellation was answered (202) before it',
  },
];

const listModes = (file: string) =>
  new Promise<string[]>((resolve, reject) =>
    execFile(process.execPath, [join(ROOT, file), '--list-modes'], (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout) as string[]))),
  );

const groupName = (modes: string[]) => modes.join('+');
const modeFlags = (modes: string[]) => modes.map((m) => `--mode ${m}`).join(' ');

/** `scenario: rule status` → the revisions it showed at, for every check that is not passed, skipped or info, and every errored cell. */
function findingsOf(report: Report): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const add = (key: string, revision: string) => found.set(key, [...new Set([...(found.get(key) ?? []), revision])].sort());
  for (const s of report.scenarios) {
    for (const c of s.checks) if (!['passed', 'skipped', 'info'].includes(c.status)) add(`${s.id}: ${c.rule} ${c.status}`, s.revision);
    if (s.status === 'errored' && !s.checks.some((c) => c.status === 'errored')) add(`${s.id}: (cell) errored`, s.revision);
  }
  return found;
}

/** How many cells ended in each verdict, e.g. { passed: 380, skipped: 250 }. */
function verdictCounts(report: Report): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const s of report.scenarios) counts[s.status] = (counts[s.status] ?? 0) + 1;
  return counts;
}

/** The findings left once the planted ones and those awaiting a fix are taken out. */
function unexpected(group: string, report: Report): string[] {
  const planted = PLANTED[group] ?? {};
  const waiting = AWAITING_FIX.filter((a) => a.groups === 'all' || a.groups.includes(group));
  return [...findingsOf(report)]
    .filter(([key, revisions]) => !(planted[key] && revisions.every((r) => planted[key]!.revisions.includes(r))))
    .filter(([key]) => !waiting.some((a) => a.finding.test(key)))
    .map(([key, revisions]) => `${key} @ ${revisions.join(', ')}`);
}

/** Each planted finding must show, at exactly its revisions: a mode that stops planting it is a changed fixture. */
function missingPlanted(group: string, report: Report): string[] {
  const found = findingsOf(report);
  return Object.entries(PLANTED[group] ?? {})
    .filter(([key, { revisions }]) => JSON.stringify(found.get(key)) !== JSON.stringify(revisions))
    .map(([key, { revisions }]) => `${key} @ ${revisions.join(', ')} (seen at ${found.get(key)?.join(', ') ?? 'none'})`);
}

// The default bound of the CLI: slow-tools answers 2 s late, and the suite must wait, not fail.
const TIMEOUT_MS = 5000;
// Forty megabytes a listing take seconds to write, read and parse on a loaded machine: slow, not
// silent, so that run gets a longer bound (the bound is the run's --timeout, a user's choice).
const boundFor = (modes: string[]) => (modes.includes('big-tools-list') ? 30_000 : TIMEOUT_MS);
// slow-tools mostly waits: more cells at once cost no CPU and shorten the run.
const run = (command: string, modes: string[], selection: Omit<ConformanceOptions, 'target'> = {}) =>
  runServer({
    target: { command },
    timeoutMs: boundFor(modes),
    concurrency: modes.includes('slow-tools') ? 8 : 4,
    ...(modes.includes('no-annotations') ? {} : { tools: 'all' as const }),
    ...selection,
  });

describe('unhelpful targets: bookkeeping', () => {
  it('runs every mode each fixture offers', async () => {
    expect(STDIO_GROUPS.flat().sort()).toEqual((await listModes(SERVER)).sort());
    expect(HTTP_GROUPS.flat().sort()).toEqual((await listModes(HTTP_SERVER)).sort());
  });
});

describe.concurrent('unhelpful targets over stdio: every scenario, every revision, no false alarm', () => {
  for (const modes of STDIO_GROUPS) {
    const group = groupName(modes);
    it(group, { timeout: 300_000 }, async ({ annotate }) => {
      const { report } = await run(`node ${SERVER} ${modeFlags(modes)}`, modes, { exclude: ['http/', 'authorization/'] });
      await annotate(`verdicts: ${JSON.stringify(verdictCounts(report))}`);
      expect(report.fatal, 'the run ended early').toBeUndefined();
      expect(unexpected(group, report), `verdicts: ${JSON.stringify(verdictCounts(report))}`).toEqual([]);
      expect(missingPlanted(group, report)).toEqual([]);
      // Every revision the fixture speaks was run.
      expect([...new Set(report.scenarios.map((s) => s.revision))].sort()).toEqual(['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28']);
    });
  }
});

describe.concurrent('unhelpful targets over Streamable HTTP: every scenario, every revision, no false alarm', () => {
  for (const modes of HTTP_GROUPS) {
    const group = groupName(modes);
    it(group, { timeout: 300_000 }, async ({ annotate }) => {
      const { report } = await runServer({
        target: { command: `node ${HTTP_SERVER} ${modeFlags(modes)}`, portEnv: 'PORT' },
        timeoutMs: TIMEOUT_MS,
        tools: 'all',
        exclude: ['authorization/'],
      });
      await annotate(`verdicts: ${JSON.stringify(verdictCounts(report))}`);
      expect(report.fatal, 'the run ended early').toBeUndefined();
      expect(unexpected(`http ${group}`, report), `verdicts: ${JSON.stringify(verdictCounts(report))}`).toEqual([]);
    });
  }
});

describe('an unhelpful client: one that only connects and lists', () => {
  it.for(['{command}', '{url}'])('gets no failure and no warning over %s', { timeout: 300_000 }, async (placeholder, { annotate }) => {
    const { report } = await runClient({ command: `node ${CLIENT} --defect list-only ${placeholder}` });
    await annotate(`verdicts: ${JSON.stringify(verdictCounts(report))}`);
    const found = [...findingsOf(report)].map(([key, revisions]) => `${key} @ ${revisions.join(', ')}`);
    expect(found, `verdicts: ${JSON.stringify(verdictCounts(report))}`).toEqual([]);
  });
});
