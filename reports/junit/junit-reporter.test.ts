import { describe, expect, it } from 'vitest';
import { createReporter } from '../index.js';
import { baselineRun, captureOutput, fixtureRun, interruptedRun, memoryStream, repeatedRun, replay, strictRun, unavailableRun } from '../test-fixtures.js';
import type { RunResult } from '../../wire/results/index.js';
import { renderJunitReport } from './junit-reporter.js';

const junitOutput = (run: RunResult = fixtureRun()) => captureOutput((s) => createReporter('junit', { stream: s }), run);

interface Element {
  name: string;
  attrs: Record<string, string>;
  children: Element[];
  text: string;
}

/** A strict little XML 1.0 reader, enough to prove the report is well formed and to query it:
 * balanced tags, quoted attributes, known entities only, no forbidden characters. */
function parseXml(xml: string): Element {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/);
  const decode = (s: string) => {
    expect(s).not.toMatch(/&(?!(amp|lt|gt|quot|apos|#\d+);)/);
    expect(s).not.toContain('<');
    return s
      .replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)))
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
  };
  const root: Element = { name: '#document', attrs: {}, children: [], text: '' };
  const stack = [root];
  const token = /<(\/?)([A-Za-z][\w-]*)((?:\s+[\w-]+="[^"]*")*)\s*(\/?)>|([^<]+)/g;
  const body = xml.slice(xml.indexOf('?>') + 2);
  let consumed = 0;
  for (const m of body.matchAll(token)) {
    expect(m.index).toBe(consumed);
    consumed += m[0].length;
    const top = stack[stack.length - 1]!;
    if (m[5] !== undefined) {
      top.text += decode(m[5]);
      continue;
    }
    const [, closing, name, rawAttrs, selfClosing] = m;
    if (closing) {
      expect(top.name).toBe(name);
      stack.pop();
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of rawAttrs!.matchAll(/([\w-]+)="([^"]*)"/g)) attrs[a[1]!] = decode(a[2]!);
    const el: Element = { name: name!, attrs, children: [], text: '' };
    top.children.push(el);
    if (!selfClosing) stack.push(el);
  }
  expect(consumed).toBe(body.length);
  expect(stack).toHaveLength(1);
  expect(root.children).toHaveLength(1);
  return root.children[0]!;
}

const all = (el: Element, name: string): Element[] => [...el.children.filter((c) => c.name === name), ...el.children.flatMap((c) => all(c, name))];

describe('junit reporter', () => {
  it('writes classic JUnit XML', async () => {
    const out = await junitOutput();
    await expect(out).toMatchFileSnapshot('__snapshots__/junit.xml');
    expect(out).toBe(renderJunitReport(fixtureRun()));
  });

  it('is well formed even though the target printed control characters and markup', async () => {
    const root = parseXml(await junitOutput());
    expect(root.name).toBe('testsuites');
    const err = all(root, 'system-err')[0]!;
    expect(err.text).toContain('debug: <arguments> & "quotes" ]]> \\u0001\\u001b[2J');
  });

  it('has one testsuite per area with counts that add up, and one testcase per cell', async () => {
    const root = parseXml(await junitOutput());
    const suites = root.children;
    expect(suites.map((s) => s.attrs.name)).toEqual(['lifecycle', 'tools']);
    for (const s of suites) {
      const cases = s.children.filter((c) => c.name === 'testcase');
      expect(Number(s.attrs.tests)).toBe(cases.length);
      expect(Number(s.attrs.failures)).toBe(cases.filter((c) => c.children.some((k) => k.name === 'failure')).length);
      expect(Number(s.attrs.errors)).toBe(cases.filter((c) => c.children.some((k) => k.name === 'error')).length);
      expect(Number(s.attrs.skipped)).toBe(cases.filter((c) => c.children.some((k) => k.name === 'skipped')).length);
      for (const c of cases) expect(c.attrs.classname).toBe(`mcp-conform.${s.attrs.name}`);
    }
    expect(root.attrs).toEqual({ name: 'mcp-conform', tests: '9', failures: '1', errors: '1', time: '1.234' });
    const names = all(root, 'testcase').map((c) => c.attrs.name);
    expect(names).toContain('lifecycle/ping [2025-06-18]');
    expect(names).toContain('lifecycle/ping [2025-11-25] (http)');
    expect(new Set(names).size).toBe(names.length);
  });

  it('puts the rule in the failure message, the level in its type and blocks (b)–(d) in its body', async () => {
    const root = parseXml(await junitOutput());
    const failure = all(root, 'failure')[0]!;
    expect(failure.attrs.message).toBe(
      'lifecycle.initialize.version-echo: When the server supports the requested protocol version it answers with that same version. (and 1 more)',
    );
    expect(failure.attrs.type).toBe('MUST');
    expect(failure.text).toContain('expected   "2025-06-18"');
    expect(failure.text).toContain('at         /result/protocolVersion');
    expect(failure.text).toContain('▸ #2 +7ms ←');
    expect(failure.text).toContain(
      'reproduce  npx mcp-conform --server "node build/server.js" --scenario lifecycle/initialize-echoes-version --revision 2025-06-18',
    );
  });

  it('keeps rule ids out of testcase properties, which the strict schema forbids, and in the failure text', async () => {
    const root = parseXml(await junitOutput());
    const testcase = all(root, 'testcase').find((c) => c.attrs.name === 'lifecycle/initialize-echoes-version [2025-06-18]')!;
    expect(all(testcase, 'properties')).toEqual([]);
    expect(all(testcase, 'failure')[0]!.text).toContain('jsonrpc.message.schema-valid');
  });

  it('reports skipped cells with their reason and errored cells as errors with stderr', async () => {
    const root = parseXml(await junitOutput());
    expect(all(root, 'skipped').map((s) => s.attrs.message)).toContain('revision 2025-11-25 is outside the scenario range >=2026-07-28');
    const errored = all(root, 'testcase').find((c) => c.attrs.name === 'tools/call-echo [2025-11-25]')!;
    expect(errored.attrs.time).toBe('1.003');
    expect(all(errored, 'error')[0]!.attrs).toEqual({ message: 'the target exited with code 1 before answering tools/call (id 2)', type: 'errored' });
    expect(all(errored, 'system-err')[0]!.text.split('\n')).toHaveLength(13);
  });

  it('keeps warnings out of the failures: their explanation goes to system-out', async () => {
    const root = parseXml(await junitOutput());
    const warned = all(root, 'testcase').find((c) => c.attrs.name === 'tools/call-invalid-arguments [2025-06-18]')!;
    expect(warned.children.map((c) => c.name)).toEqual(['system-out']);
    expect(all(warned, 'system-out')[0]!.text).toContain('tools.call.invalid-arguments-reported (SHOULD, warning)');
  });

  it('marks a failure the baseline accepts as skipped with its reason, and fails the baseline suite on a stale entry', async () => {
    const out = await junitOutput(baselineRun());
    await expect(out).toMatchFileSnapshot('__snapshots__/junit-baseline.xml');
    const root = parseXml(out);
    const accepted = all(root, 'testcase').find((c) => c.attrs.name === 'lifecycle/initialize-echoes-version [2025-06-18]')!;
    expect(accepted.children.map((c) => c.name)).toEqual(['skipped', 'system-out']);
    expect(all(accepted, 'skipped')[0]!.attrs.message).toMatch(
      /^expected failure \(baseline\): the server echoes its own latest revision \(issue #42\) — lifecycle\.initialize\.version-echo: /,
    );
    expect(all(accepted, 'system-out')[0]!.text).toContain('expected   "2025-06-18"');
    // The new failure (the errored cell) stays an error: only what the gate accepts turns quiet.
    expect(all(root, 'error').map((e) => e.attrs.type)).toEqual(['errored']);
    const baseline = root.children.find((s) => s.attrs.name === 'baseline')!;
    expect(baseline.attrs).toMatchObject({ tests: '1', failures: '1' });
    const failure = all(baseline, 'failure')[0]!;
    expect(failure.attrs.type).toBe('stale-baseline');
    expect(failure.text).toContain(
      'stale    lifecycle/ping 2025-11-25 lifecycle.ping.empty-result: ping was slow before 1.4 (ran and passed: delete the entry)',
    );
    expect(failure.text).toContain('new      tools/call-echo [2025-11-25]');
    expect(failure.text).toContain('not run  prompts/get-unknown prompts.get.unknown-name-error: wrong error code (issue #7)');
    expect(root.attrs).toMatchObject({ failures: '1', errors: '1' });
  });

  it('says "one defect seen in N cells" in the message of a finding repeated across cells', async () => {
    const out = await junitOutput(repeatedRun());
    await expect(out).toMatchFileSnapshot('__snapshots__/junit-repeated.xml');
    const messages = all(parseXml(out), 'failure').map((f) => f.attrs.message);
    expect(messages).toHaveLength(5);
    for (const m of messages) expect(m).toMatch(/^jsonrpc\.message\.schema-valid: .*\(one defect seen in 5 cells\)/);
  });

  it('under --strict, turns the warning into a failure of type SHOULD', async () => {
    const out = await junitOutput(strictRun());
    await expect(out).toMatchFileSnapshot('__snapshots__/junit-strict.xml');
    const warned = all(parseXml(out), 'testcase').find((c) => c.attrs.name === 'tools/call-invalid-arguments [2025-06-18]')!;
    expect(all(warned, 'failure')[0]!.attrs.type).toBe('SHOULD');
  });

  it('never shows a green report for a run that did not finish', async () => {
    const unavailable = parseXml(await junitOutput(unavailableRun()));
    expect(unavailable.attrs.errors).toBe('1');
    expect(all(unavailable, 'error')[0]!.attrs).toMatchObject({
      type: 'target-unavailable',
      message: 'Failed to reach the target: it could not be started or never answered.',
    });
    const interrupted = parseXml(await junitOutput(interruptedRun()));
    expect(all(interrupted, 'error').map((e) => e.attrs.type)).toEqual(['interrupted']);
    expect(interrupted.attrs.tests).toBe('6');
  });

  it('accepts a template for testcase names', () => {
    const out = renderJunitReport(fixtureRun(), { caseName: (c) => `${c.revision} ${c.id}` });
    expect(out).toContain('<testcase name="2025-06-18 lifecycle/ping"');
  });

  it('writes nothing before the run ends', async () => {
    const stream = memoryStream();
    await replay(createReporter('junit', { stream }), fixtureRun(), { end: false });
    expect(stream.text()).toBe('');
  });
});
