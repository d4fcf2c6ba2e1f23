// Targets that attack the runner rather than break a rule (test/fixtures/misbehaving): a run against
// them ends normally, blames the target for nothing the specification allows, and writes its reports.
import { afterAll, describe, expect, it } from 'vitest';
import { removeCliScratch, runCli } from './run-cli.js';

const fixture = (name: string) => `node test/fixtures/misbehaving/${name}`;

afterAll(removeCliScratch);

describe('a message nested 100 000 levels deep', () => {
  it.each(['result', 'notification'])(
    'is judged down to the depth limit and noted, never a crash or a verdict on the target (deep %s)',
    async (where) => {
      const run = await runCli([
        '--server',
        fixture('deep-json-server.mjs'),
        '--env',
        `DEEP_JSON_IN=${where}`,
        '--scenario',
        'tools/list-well-formed',
        '--revision',
        '2025-06-18',
        '--revision',
        '2026-07-28',
      ]);
      expect(run.stderr).not.toMatch(/internal error|RangeError/);
      expect(run.report?.scenarios.filter((s) => s.status !== 'skipped').map((s) => `${s.id} @ ${s.revision}: ${s.status}`)).toEqual([
        'tools/list-well-formed @ 2025-06-18: passed',
        'tools/list-well-formed @ 2026-07-28: passed',
      ]);
      expect(run.code).toBe(0);
      const notes = run.report!.scenarios.flatMap((s) => (s as unknown as { transcript: { dir: string; text: string }[] }).transcript);
      expect(notes.some((e) => e.dir === 'note' && /nested at least \d+ levels deep: it is judged down to level 256/.test(e.text))).toBe(true);
    },
    120_000,
  );
});
