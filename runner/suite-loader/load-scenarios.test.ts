import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCatalogue, loadRules, type RuleEntry } from '../../schema/rules.js';
import { defaultSuitesDir, expectationsFor, loadScenarios, loadScenariosOrThrow } from './load-scenarios.js';
import { ScenarioLoadError } from './problems.js';

const tmp = mkdtempSync(join(tmpdir(), 'mcpc-loader-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const rule = (id: string, extra: Partial<RuleEntry> = {}): RuleEntry => ({
  id,
  level: 'MUST',
  side: 'server',
  revisions: '*',
  section: 'Test',
  path: 'basic',
  summary: 'A test rule.',
  file: 'rules.yaml',
  line: 1,
  ...extra,
});
const rules = createCatalogue([rule('demo.rule.one'), rule('demo.rule.two')]);

function write(rel: string, text: string): string {
  const file = join(tmp, rel);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
  return file;
}

const EVERY_STEP = `# yaml-language-server: $schema=../../schema/scenario/scenario.schema.json
id: demo/every-step
title: Every step kind loads into its typed form
area: demo
role: server
revisions: ">=2025-03-26"
transports: [stdio]
rules: [demo.rule.one, demo.rule.two]
tags: [smoke]
timeoutMs: 2000
session: fresh
client: { capabilities: { roots: {} }, clientInfo: { name: c, version: "1" } }
replies:
  roots/list: { result: { roots: [] } }
requires:
  - capability: tools
  - pick: tool
    from: tools
    where: { name: { $type: string } }
  - not: { transport: http }
steps:
  - handshake: {}
    as: init
    protocolVersion: "2025-06-18"
  - request: tools/call
    params: { name: { $var: tool.name }, arguments: { $validArgs: tool } }
    id: call-1
    as: call
    meta: false
  - notify: notifications/progress
    params: { progressToken: 1 }
  - send: { line: "not json" }
    as: broken
    responseId: null
  - expect: call
    oneOf: [{ result: { isError: true } }, { error: { code: -32602 } }]
    within: 500
    capture: { text: /result/content/0/text }
    rule: demo.rule.two
    check: call-answered
    message: a call is answered
  - expectNoResponse: broken
    until: call
  - expectNotification: notifications/message
    params: { level: { $in: [info, debug] } }
    since: call
  - expectNoNotification: "*"
    until: call
    when: { revision: ">=2025-06-18" }
  - cancel: call
    reason: done
  - set: { count: 1 }
  - check: { value: { $var: count }, matches: 1 }
  - loop:
    while: { defined: cursor }
    max: 3
    distinct: cursor
    steps:
      - request: tools/list
        as: page
      - expect: page
  - closeInput:
    within: 1000
`;

describe('loadScenarios: conversion to typed scenarios', () => {
  const file = write('suites/demo/every-step.yaml', EVERY_STEP);
  const loaded = loadScenarios({ dirs: [join(tmp, 'suites')], rules, root: join(tmp, 'suites') });

  it('loads a file using every step kind without problems', () => {
    expect(loaded.problems).toEqual([]);
    expect(loaded.scenarios).toHaveLength(1);
  });

  it('keeps the frontmatter and fills in defaults only where keys are absent', () => {
    const s = loaded.scenarios[0]!;
    expect(s).toMatchObject({
      id: 'demo/every-step',
      area: 'demo',
      role: 'server',
      revisions: '>=2025-03-26',
      transports: ['stdio'],
      tags: ['smoke'],
      timeoutMs: 2000,
      session: 'fresh',
      client: { capabilities: { roots: {} }, clientInfo: { name: 'c', version: '1' } },
      replies: { 'roots/list': { result: { roots: [] } } },
      file,
    });
    expect(s.requires).toEqual([
      { capability: 'tools' },
      { pick: 'tool', from: 'tools', where: { name: { $type: 'string' } } },
      { not: { transport: 'http' } },
    ]);
  });

  it('tags each step with its kind, source line and path, recursing into loops', () => {
    const steps = loaded.scenarios[0]!.steps;
    expect(steps.map((s) => [s.kind, s.sourceLine, s.path])).toEqual([
      ['handshake', 22, '0'],
      ['request', 25, '1'],
      ['notify', 30, '2'],
      ['send', 32, '3'],
      ['expect', 35, '4'],
      ['expectNoResponse', 42, '5'],
      ['expectNotification', 44, '6'],
      ['expectNoNotification', 47, '7'],
      ['cancel', 50, '8'],
      ['set', 52, '9'],
      ['check', 53, '10'],
      ['loop', 54, '11'],
      ['closeInput', 62, '12'],
    ]);
    const loop = steps[11]!;
    expect(loop.kind === 'loop' && loop.steps.map((s) => [s.kind, s.sourceLine, s.path])).toEqual([
      ['request', 59, '11.steps.0'],
      ['expect', 61, '11.steps.1'],
    ]);
  });

  it('maps each kind key to its typed field and copies options, keeping explicit nulls', () => {
    const [handshake, request, notify, send, expectStep, noResponse, notification, noNotification, cancel, set, check, loop, close] =
      loaded.scenarios[0]!.steps;
    expect(handshake).toMatchObject({ kind: 'handshake', as: 'init', protocolVersion: '2025-06-18' });
    expect(request).toMatchObject({ kind: 'request', method: 'tools/call', id: 'call-1', as: 'call', meta: false });
    expect(notify).toMatchObject({ kind: 'notify', method: 'notifications/progress', params: { progressToken: 1 } });
    expect(send).toEqual({ kind: 'send', line: 'not json', as: 'broken', responseId: null, sourceLine: 32, path: '3' });
    expect(expectStep).toMatchObject({
      kind: 'expect',
      label: 'call',
      oneOf: [{ result: { isError: true } }, { error: { code: -32602 } }],
      within: 500,
      capture: { text: '/result/content/0/text' },
      rule: 'demo.rule.two',
      check: 'call-answered',
      message: 'a call is answered',
    });
    expect(noResponse).toMatchObject({ kind: 'expectNoResponse', label: 'broken', until: 'call' });
    expect(notification).toMatchObject({ kind: 'expectNotification', method: 'notifications/message', since: 'call' });
    expect(noNotification).toMatchObject({ kind: 'expectNoNotification', method: '*', until: 'call', when: { revision: '>=2025-06-18' } });
    expect(cancel).toMatchObject({ kind: 'cancel', label: 'call', reason: 'done' });
    expect(set).toMatchObject({ kind: 'set', values: { count: 1 } });
    expect(check).toMatchObject({ kind: 'check', value: { $var: 'count' }, matches: 1 });
    expect(loop).toMatchObject({ kind: 'loop', max: 3, distinct: 'cursor', onExhausted: 'fail', while: { defined: 'cursor' } });
    expect(close).toMatchObject({ kind: 'closeInput', within: 1000 });
  });

  it('defaults revisions to "*", session to initialized, requires and tags to []', () => {
    const minimal = write(
      'single/minimal.yaml',
      'id: demo/minimal\ntitle: A minimal scenario loads with defaults\narea: demo\nrole: server\nrules: [demo.rule.one]\nsteps:\n  - request: ping\n',
    );
    const [s] = loadScenariosOrThrow({ files: [minimal], rules });
    expect(s).toMatchObject({ revisions: '*', session: 'initialized', requires: [], tags: [] });
    expect(s).not.toHaveProperty('transports');
    expect(s).not.toHaveProperty('timeoutMs');
  });
});

describe('loadScenarios: files, folders and problems', () => {
  it('exempts files given one by one from the id/path and area/folder checks', () => {
    const file = write('anywhere/counterexample-1.yaml', EVERY_STEP);
    expect(loadScenarios({ files: [file], rules }).problems).toEqual([]);
  });

  it('derives ids from the root when the file is inside it, else from the last two path parts', () => {
    expect(expectationsFor('/x/suites/tools/a.yaml', '/x/suites')).toEqual({ id: 'tools/a', area: 'tools' });
    expect(expectationsFor('/y/mine/tools/a.yaml', '/x/suites')).toEqual({ id: 'tools/a', area: 'tools' });
  });

  it('accepts a suite folder outside the root when its files sit in <area>/<slug>.yaml', () => {
    write('mine/demo/every-step.yaml', EVERY_STEP);
    const r = loadScenarios({ dirs: [join(tmp, 'mine')], rules, root: join(tmp, 'suites') });
    expect(r.problems).toEqual([]);
    expect(r.scenarios.map((s) => s.id)).toEqual(['demo/every-step']);
  });

  it('reports a missing folder or file as a problem instead of throwing', () => {
    const r = loadScenarios({ dirs: [join(tmp, 'nope')], files: [join(tmp, 'nope.yaml')], rules });
    expect(r.problems.map((p) => [p.code, p.line])).toEqual([
      ['MCPC_SCENARIO_READ', 0],
      ['MCPC_SCENARIO_READ', 0],
    ]);
    expect(r.scenarios).toEqual([]);
  });

  it('ignores non-YAML files and hidden folders, and loads each file once', () => {
    write('mixed/demo/notes.md', '# not a scenario');
    write('mixed/.hidden/demo/x.yaml', 'not: [valid');
    const file = write('mixed/demo/every-step.yaml', EVERY_STEP);
    const r = loadScenarios({ dirs: [join(tmp, 'mixed'), join(tmp, 'mixed')], files: [file], rules, root: join(tmp, 'mixed') });
    expect(r.problems).toEqual([]);
    expect(r.scenarios).toHaveLength(1);
  });

  it('sorts scenarios by id', () => {
    for (const slug of ['c', 'a', 'b']) {
      write(
        `sorted/demo/${slug}.yaml`,
        `id: demo/${slug}\ntitle: Scenario ${slug} loads\narea: demo\nrole: server\nrules: [demo.rule.one]\nsteps:\n  - request: ping\n`,
      );
    }
    expect(loadScenarios({ dirs: [join(tmp, 'sorted')], rules, root: join(tmp, 'sorted') }).scenarios.map((s) => s.id)).toEqual(['demo/a', 'demo/b', 'demo/c']);
  });

  it('loadScenariosOrThrow throws ScenarioLoadError whose message has a headline and one line per problem', () => {
    const bad = write(
      'bad/demo/bad.yaml',
      'id: demo/bad\ntitle: Tests that things work\narea: demo\nrole: server\nrules: [demo.rule.oen]\nsteps:\n  - request: ping\n',
    );
    let error: unknown;
    try {
      loadScenariosOrThrow({ dirs: [join(tmp, 'bad')], rules, root: join(tmp, 'bad') });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ScenarioLoadError);
    const e = error as ScenarioLoadError;
    expect(e.code).toBe('MCPC_SCENARIO_INVALID');
    expect(e.problems.map((p) => p.code)).toEqual(['MCPC_SCENARIO_TITLE_STYLE', 'MCPC_RULE_UNKNOWN']);
    expect(e.message.split('\n')).toEqual([
      'Failed to load scenarios: 2 problems in 1 file. Fix each line below and run again.',
      `${bad}:2:8 ${e.problems[0]!.message} ${e.problems[0]!.fix}`,
      `${bad}:5:9 Rule \`demo.rule.oen\` is not in the rules catalogue. Did you mean \`demo.rule.one\`?`,
    ]);
  });
});

describe('one pass shows every problem', () => {
  it('reports semantic problems of a file that also breaks the format, without repeating a spot', () => {
    const file = write(
      'one-pass/demo/typo.yaml',
      'id: demo/typo\ntitle: A file with several typos\narea: demo\nrole: server\nrules: [demo.rule.oen]\nsteps:\n  - reqest: tools/list\n    as: list\n  - expect: lst\n    reslt: {}\n',
    );
    const r = loadScenarios({ dirs: [join(tmp, 'one-pass')], rules, root: join(tmp, 'one-pass') });
    expect(r.problems.map((p) => [p.code, p.line, p.key])).toEqual([
      ['MCPC_RULE_UNKNOWN', 5, 'rule'],
      ['MCPC_SCENARIO_STEP_UNKNOWN', 7, 'reqest'],
      ['MCPC_SCENARIO_LABEL_UNDEFINED', 9, 'expect'],
      ['MCPC_SCENARIO_KEY_UNKNOWN', 10, 'reslt'],
    ]);
    expect(r.problems.every((p) => p.file === file)).toBe(true);
    expect(r.scenarios).toEqual([]);
  });
});

describe('the bundled suites', () => {
  it('load against the bundled rules catalogue without a single problem', () => {
    const result = loadScenarios({ dirs: [defaultSuitesDir()], rules: loadRules() });
    expect(result.problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.code} ${p.message} ${p.fix}`)).toEqual([]);
    expect(result.scenarios.length).toBeGreaterThan(0);
  });
});
