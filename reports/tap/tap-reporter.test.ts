import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { createReporter } from '../index.js';
import { baselineRun, captureOutput, fixtureRun, interruptedRun, memoryStream, replay, strictRun, unavailableRun } from '../test-fixtures.js';
import type { RunResult } from '../../wire/results/index.js';
import { cellLabel } from '../format/index.js';
import { renderTapReport, tapEscape } from './tap-reporter.js';

const tapOutput = (run: RunResult = fixtureRun()) => captureOutput((s) => createReporter('tap', { stream: s }), run);

interface Point {
  ok: boolean;
  n: number;
  description: string;
  directive?: string;
  diagnostic?: Record<string, unknown>;
}

/** Reads TAP 14 the way a harness does: version, plan, test points with their YAML blocks. */
function parseTap(text: string): { plan?: [number, number]; points: Point[]; bail?: string } {
  const lines = text.split('\n');
  expect(lines[0]).toBe('TAP version 14');
  const points: Point[] = [];
  let plan: [number, number] | undefined;
  let bail: string | undefined;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    const p = /^(not ok|ok) (\d+) - ((?:[^#\\]|\\.)*?)(?: # (SKIP|TODO)\b ?(.*))?$/.exec(line);
    const planMatch = /^(\d+)\.\.(\d+)$/.exec(line);
    if (p) {
      points.push({ ok: p[1] === 'ok', n: Number(p[2]), description: p[3]!, ...(p[4] ? { directive: `${p[4]} ${p[5]}` } : {}) });
    } else if (planMatch) {
      plan = [Number(planMatch[1]), Number(planMatch[2])];
    } else if (line === '  ---') {
      const end = lines.indexOf('  ...', i);
      expect(end).toBeGreaterThan(i);
      points[points.length - 1]!.diagnostic = parse(
        lines
          .slice(i + 1, end)
          .map((l) => l.slice(2))
          .join('\n'),
      );
      i = end;
    } else if (line.startsWith('Bail out!')) {
      bail = line;
    } else {
      expect(line === '' || line.startsWith('#')).toBe(true);
    }
  }
  return { ...(plan ? { plan } : {}), points, ...(bail ? { bail } : {}) };
}

describe('tap reporter', () => {
  it('writes TAP version 14', async () => {
    const out = await tapOutput();
    await expect(out).toMatchFileSnapshot('__snapshots__/report.tap');
    expect(out).toBe(renderTapReport(fixtureRun()));
  });

  it('plans every cell and numbers one test point per cell', async () => {
    const tap = parseTap(await tapOutput());
    expect(tap.plan).toEqual([1, 9]);
    expect(tap.points.map((p) => p.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(tap.points[0]).toEqual({ ok: true, n: 1, description: 'lifecycle/ping [2025-06-18]' });
    expect(tap.bail).toBeUndefined();
  });

  it('skips with the reason as a SKIP directive', async () => {
    const tap = parseTap(await tapOutput());
    expect(tap.points[6]).toEqual({
      ok: true,
      n: 7,
      description: 'tools/list-pagination [2025-06-18]',
      directive: 'SKIP the target lists all its tools in one page',
    });
  });

  it('carries rule, level, url, message, expected, actual, repro and severity in the YAML block of a failure', async () => {
    const tap = parseTap(await tapOutput());
    const failed = tap.points[1]!;
    expect(failed.ok).toBe(false);
    expect(failed.diagnostic).toMatchObject({
      message: 'the server answered initialize with protocolVersion "2024-01-01" instead of the requested "2025-06-18"',
      severity: 'fail',
      rule: 'lifecycle.initialize.version-echo',
      level: 'MUST',
      url: 'https://modelcontextprotocol.io/specification/2025-06-18/basic/lifecycle#version-negotiation',
      expected: '"2025-06-18"',
      actual: '"2024-01-01"',
      pointer: '/result/protocolVersion',
      repro: 'npx mcp-conform --server "node build/server.js" --scenario lifecycle/initialize-echoes-version --revision 2025-06-18',
      more: [expect.objectContaining({ rule: 'jsonrpc.message.schema-valid', actual: '{"ok":true,"\u0007bell":1}' })],
    });
  });

  it('reports a warning as ok with a diagnostic, not as TODO', async () => {
    const warned = parseTap(await tapOutput()).points[5]!;
    expect(warned.ok).toBe(true);
    expect(warned.directive).toBeUndefined();
    expect(warned.diagnostic).toMatchObject({
      severity: 'warning',
      level: 'SHOULD',
      expected: 'one of:\n  a JSON-RPC error with code -32602\n  a result with isError: true',
    });
  });

  it('reports an errored cell as not ok with its reason and the end of stderr', async () => {
    const errored = parseTap(await tapOutput()).points[8]!;
    expect(errored.ok).toBe(false);
    expect(errored.diagnostic).toMatchObject({ severity: 'error', message: 'the target exited with code 1 before answering tools/call (id 2)' });
    expect(errored.diagnostic!.stderr).toHaveLength(10);
  });

  it('under --strict, the warned cell is not ok', async () => {
    const point = parseTap(await tapOutput(strictRun())).points[5]!;
    expect(point.ok).toBe(false);
    expect(point.diagnostic).toMatchObject({ severity: 'fail', level: 'SHOULD' });
  });

  it('bails out of an interrupted run after the points it has', async () => {
    const out = await tapOutput(interruptedRun());
    const tap = parseTap(out);
    expect(tap.plan).toEqual([1, 9]);
    expect(tap.points).toHaveLength(5);
    expect(tap.bail).toBe('Bail out! Interrupted after 5 of 9 planned cells');
  });

  it('bails out when the target never answered, instead of an empty plan that reads as success', async () => {
    const out = await tapOutput(unavailableRun());
    expect(out).toBe(
      'TAP version 14\n# mcp-conform 0.1.0, target node build/server.js, revisions none accepted, seed 1\nBail out! Failed to reach the target: it could not be started or never answered.\n',
    );
  });

  it('streams each point as its cell ends', async () => {
    const stream = memoryStream();
    await replay(createReporter('tap', { stream }), fixtureRun(), { end: false });
    expect(parseTap(stream.text()).points).toHaveLength(9);
  });

  it('escapes # and backslashes in descriptions so they cannot start a directive', () => {
    // printable() first shows the line break as \n; TAP then escapes that backslash like any other.
    expect(tapEscape('a # SKIP b \\ c\nd')).toBe('a \\# SKIP b \\\\ c\\\\nd');
  });

  it('escapes DEL, the C1 controls and lone surrogates in YAML blocks, and reads them back unchanged', async () => {
    const run = fixtureRun();
    const cell = run.scenarios.find((c) => c.status === 'failed')!;
    const hostile = 'csi \u009b31m, nel \u0085, del \u007f, pad \u0080, apc \u009f, lone \ud800 end';
    cell.checks[0]!.actual = hostile;
    cell.checks[0]!.message = `plain text and ${hostile}`;
    const out = renderTapReport(run);
    expect(out).not.toMatch(/[\u007f-\u009f]|[\ud800-\udfff]/);
    expect(out).toContain('csi \\u009b31m, nel \\u0085, del \\u007f, pad \\u0080, apc \\u009f, lone \\ud800 end');
    const point = parseTap(out).points.find((p) => p.description === cellLabel(cell))!;
    expect(point.diagnostic).toMatchObject({ actual: hostile, message: `plain text and ${hostile}` });
  });

  it('marks a failure the baseline accepts as TODO, keeps a new one a plain failure, and plans a point for the baseline itself', async () => {
    const out = await tapOutput(baselineRun());
    await expect(out).toMatchFileSnapshot('__snapshots__/report-baseline.tap');
    const { plan, points } = parseTap(out);
    expect(plan).toEqual([1, 10]);
    expect(points).toHaveLength(10);
    const accepted = points.find((p) => p.description === 'lifecycle/initialize-echoes-version [2025-06-18]')!;
    expect(accepted).toMatchObject({ ok: false, directive: 'TODO expected failure (baseline): the server echoes its own latest revision (issue \\#42)' });
    const fresh = points.find((p) => p.description === 'tools/call-echo [2025-11-25]')!;
    expect(fresh.ok).toBe(false);
    expect(fresh.directive).toBeUndefined();
    const last = points.at(-1)!;
    expect(last).toMatchObject({ ok: false, description: 'baseline mcp-baseline.yaml: 1 stale entry' });
    expect(last.diagnostic).toMatchObject({
      severity: 'fail',
      stale: [{ scenario: 'lifecycle/ping', revision: '2025-11-25' }],
      new: ['tools/call-echo [2025-11-25]'],
    });
    // Attached only for the end of the run, the reporter plans the same points.
    expect(renderTapReport(baselineRun())).toBe(out);
  });
});
