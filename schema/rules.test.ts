import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fromRoot } from './package-root.js';
import { afterAll, describe, expect, it } from 'vitest';
import { checkCatalogue, createCatalogue, loadRules, RulesLoadError, type RuleEntry } from './rules.js';

const tmp = mkdtempSync(join(tmpdir(), 'mcpc-rules-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function dirWith(name: string, files: Record<string, string>): string {
  const dir = join(tmp, name);
  mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  return dir;
}

const PING = `# Ping rules.
- id: ping.response.empty-result
  level: MUST
  side: server
  revisions: "*"
  section: Ping
  path: basic/utilities/ping#behavior-requirements
  summary: The receiver answers ping promptly with an empty result.

- id: ping.sender.timeout
  level: MAY
  side: both
  revisions: ">=2025-03-26"
  section: Ping
  path: basic/utilities/ping
  summary: A sender may end the connection when a ping goes unanswered.
  untestable: Needs to observe the peer's connection policy over time.
`;
const TOOLS = `- id: tools.list.result
  level: SHOULD
  side: server
  revisions: ["2025-06-18", "2025-11-25"]
  section: Tools / Listing
  path: server/tools#listing-tools
  summary: tools/list returns the tools.
`;

describe('loadRules', () => {
  const dir = dirWith('good', { 'ping.yaml': PING, 'tools.yaml': TOOLS, 'notes.md': '# ignored', 'empty.yaml': '# nothing yet\n' });
  const catalogue = loadRules(dir);

  it('reads every *.yaml file in name order, with file and line of each entry', () => {
    expect(catalogue.all().map((e) => [e.id, e.file, e.line])).toEqual([
      ['ping.response.empty-result', join(dir, 'ping.yaml'), 2],
      ['ping.sender.timeout', join(dir, 'ping.yaml'), 10],
      ['tools.list.result', join(dir, 'tools.yaml'), 1],
    ]);
    expect(catalogue.get('ping.sender.timeout')).toMatchObject({ level: 'MAY', side: 'both', untestable: expect.stringContaining('connection') });
    expect(catalogue.get('tools.list.result')!.revisions).toEqual(['2025-06-18', '2025-11-25']);
    expect(catalogue.has('tools.list.result')).toBe(true);
    expect(catalogue.has('tools.list')).toBe(false);
  });

  it('links a rule to the spec page of the revision asked for', () => {
    expect(catalogue.ruleRef('ping.response.empty-result', '2025-06-18')).toEqual({
      id: 'ping.response.empty-result',
      level: 'MUST',
      section: 'Ping',
      url: 'https://modelcontextprotocol.io/specification/2025-06-18/basic/utilities/ping#behavior-requirements',
      summary: 'The receiver answers ping promptly with an empty result.',
    });
  });

  it('refuses to cite an unknown rule, suggesting the nearest id', () => {
    expect(() => catalogue.ruleRef('ping.response.empty-reslt', '2025-06-18')).toThrow(
      'Failed to cite rule `ping.response.empty-reslt`: it is not in the rules catalogue. Did you mean `ping.response.empty-result`?',
    );
    try {
      catalogue.ruleRef('nothing.like.it', '2025-06-18');
    } catch (err) {
      expect((err as { code?: string }).code).toBe('MCPC_RULE_UNKNOWN');
    }
  });

  it('suggests ids for typos and for ids cut short, and nothing for unrelated text', () => {
    expect(catalogue.suggest('tools.lst.result')).toBe('tools.list.result');
    expect(catalogue.suggest('ping.sender')).toBe('ping.sender.timeout');
    expect(catalogue.suggest('completely.different.thing')).toBeUndefined();
  });

  it('throws RulesLoadError listing every problem with file:line, a message and a fix', () => {
    const bad = dirWith('bad', {
      'a.yaml': PING.replace('level: MUST', 'level: MUTS').replace('  untestable:', '  untestabel:'),
      'b.yaml': '- id: Bad Id\n  level: MUST\n',
      'c.yaml': '- id: x.y\n  level: [unclosed\n',
    });
    let error: unknown;
    try {
      loadRules(bad);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(RulesLoadError);
    const e = error as RulesLoadError;
    expect(e.code).toBe('MCPC_RULES_INVALID');
    const lines = e.message.split('\n');
    expect(lines[0]).toMatch(/^Failed to load the rules catalogue: \d+ problems in 3 files\. Fix each line below and run again\.$/);
    const summary = e.problems.map((p) => [p.file.replace(bad, ''), p.line, p.code, p.key]);
    expect(summary).toContainEqual(['/a.yaml', 3, 'MCPC_RULES_INVALID', 'level']);
    expect(summary).toContainEqual(['/a.yaml', 17, 'MCPC_RULES_INVALID', 'untestabel']);
    expect(summary).toContainEqual(['/b.yaml', 1, 'MCPC_RULES_INVALID', 'id']);
    expect(summary).toContainEqual(['/b.yaml', 1, 'MCPC_RULES_INVALID', 'side']);
    expect(summary.some(([file, , code]) => file === '/c.yaml' && code === 'MCPC_RULES_YAML')).toBe(true);
    const levelProblem = e.problems.find((p) => p.key === 'level')!;
    expect(levelProblem.fix).toContain('Did you mean `MUST`?');
    expect(e.problems.find((p) => p.key === 'untestabel')!.fix).toContain('Did you mean `untestable`?');
  });

  it('gives the bundled rules as reading their files does, whether or not the build checked them already', () => {
    const bundled = fromRoot('schema', 'rules');
    const names = readdirSync(bundled).filter((n) => n.endsWith('.yaml'));
    const copy = dirWith('bundled-copy', Object.fromEntries(names.map((n) => [n, readFileSync(join(bundled, n), 'utf8')])));
    const read = loadRules(copy)
      .all()
      .map((e) => ({ ...e, file: basename(e.file) }));
    const loaded = loadRules()
      .all()
      .map((e) => ({ ...e, file: basename(e.file) }));
    expect(read.length).toBeGreaterThan(100);
    // Same members in the same order: reports and fingerprints serialise entries.
    expect(JSON.stringify(loaded)).toBe(JSON.stringify(read));
  });

  it('reports a missing folder as a problem of the folder', () => {
    expect(() => loadRules(join(tmp, 'missing'))).toThrow(/The rules folder does not exist/);
  });
});

describe('checkCatalogue', () => {
  const entry = (id: string, extra: Partial<RuleEntry> = {}): RuleEntry => ({
    id,
    level: 'MUST',
    side: 'server',
    revisions: '*',
    section: 's',
    path: 'p',
    summary: 'x',
    file: 'r.yaml',
    line: 1,
    ...extra,
  });

  it('is empty for a consistent catalogue', () => {
    const c = createCatalogue([entry('a.new', { supersedes: ['a.old'] }), entry('a.old', { supersededBy: ['a.new'], revisions: '<2025-06-18' })]);
    expect(checkCatalogue(c)).toEqual([]);
  });

  it('finds duplicate ids, one-sided and dangling supersede links, self links and bad ranges', () => {
    const c = createCatalogue([
      entry('dup.id', { line: 1 }),
      entry('dup.id', { line: 9 }),
      entry('a.new', { supersedes: ['a.old'], line: 20 }),
      entry('a.old', { line: 30 }),
      entry('b.old', { supersededBy: ['b.nwe'], line: 40 }),
      entry('c.self', { supersedes: ['c.self'], line: 50 }),
      entry('d.range', { revisions: '>=2025-13-01', line: 60 }),
      entry('e.empty', { revisions: '>2026-07-28', line: 70 }),
    ]);
    expect(checkCatalogue(c)).toEqual([
      'r.yaml:9 Rule id `dup.id` is defined twice (first at r.yaml:1). Give one of them a different id.',
      'r.yaml:20 Rule `a.new` has `supersedes: [a.old]` but `a.old` (r.yaml:30) does not list it in `supersededBy`. Add `supersededBy: [a.new]` to `a.old`.',
      'r.yaml:40 Rule `b.old`: `supersededBy` names `b.nwe`, which is not in the catalogue. Did you mean `a.new`?',
      'r.yaml:50 Rule `c.self` lists itself in `supersedes`. Remove it.',
      'r.yaml:60 Rule `d.range`: `revisions` is not a valid range: "2025-13-01" is not a known MCP revision. Known revisions: 2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25, 2026-07-28.',
      'r.yaml:70 Rule `e.empty`: `revisions: >2026-07-28` covers no revision. Widen the range, or delete the rule if it applies nowhere.',
    ]);
  });
});

describe('the bundled catalogue', () => {
  it('loads and passes checkCatalogue', () => {
    const catalogue = loadRules();
    expect(catalogue.all().length).toBeGreaterThan(0);
    expect(checkCatalogue(catalogue)).toEqual([]);
  });
});

describe('pathAt', () => {
  it('follows a page to where later revisions moved it', async () => {
    const { pathAt } = await import('./rules.js');
    const entry = { path: 'basic/utilities/progress', pathSince: { '2026-07-28': 'basic/patterns/progress' } };
    expect(pathAt(entry, '2025-11-25')).toBe('basic/utilities/progress');
    expect(pathAt(entry, '2026-07-28')).toBe('basic/patterns/progress');
    expect(pathAt({ path: 'server/tools' }, '2026-07-28')).toBe('server/tools');
  });
});

describe('rules stated outside the core specification', () => {
  it('link the extension page under specBase, the same at every revision', () => {
    const catalogue = loadRules();
    const ref = catalogue.ruleRef('tasks.extension.get.unknown-id', '2026-07-28');
    expect(ref.url).toBe('https://github.com/modelcontextprotocol/ext-tasks/blob/main/specification/draft/tasks.md#protocol-errors');
    expect(catalogue.ruleRef('tasks.get.status', '2025-11-25').url).toMatch(/^https:\/\/modelcontextprotocol\.io\/specification\/2025-11-25\//);
  });
});
