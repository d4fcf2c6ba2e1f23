// The snapshot `npm run build` writes must give every bundled scenario exactly as reading, validating
// and linting its file does, and must not be used for a file whose text or place changed.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '../../schema/package-root.js';
import { loadRules } from '../../schema/rules.js';
import { checkedAtBuild } from './bundled-snapshot.js';
import { CLIENT_ROLE_LINE, defaultSuitesDir, expectationsFor, yamlFiles } from './load-scenarios.js';
import { isMap } from './raw-walk.js';
import { readScenarioText } from './read-scenario-file.js';
import { toScenario } from './to-scenario.js';

const built = existsSync(fromRoot('dist', 'bundled-scenarios.json'));
const rules = loadRules();
const root = defaultSuitesDir();
const files = yamlFiles(root)
  .map((file) => ({ file, text: readFileSync(file, 'utf8') }))
  .filter(({ text }) => !CLIENT_ROLE_LINE.test(text));

describe.skipIf(!built)('bundled scenarios checked at build', () => {
  it('gives every bundled scenario as reading its file does (run `npm run build` after editing a suite)', () => {
    expect(files.length).toBeGreaterThan(100);
    for (const { file, text } of files) {
      const expectations = expectationsFor(file, root);
      const known = checkedAtBuild(file, text, rules, expectations);
      expect(known, file).toBeDefined();
      const read = readScenarioText(file, text);
      expect(read.valid && isMap(read.raw)).toBe(true);
      expect(known!.raw).toEqual(read.raw);
      expect(toScenario(known!.raw as Record<string, unknown>, known!.source, file)).toEqual(
        toScenario(read.raw as Record<string, unknown>, read.source, file),
      );
    }
  });

  it('places a pointer nobody asked for at build time by parsing the file', () => {
    const { file, text } = files[0]!;
    const known = checkedAtBuild(file, text, rules, expectationsFor(file, root))!;
    expect(known.source.locate('/title')).toEqual(readScenarioText(file, text).source.locate('/title'));
  });

  it('is not used for a file whose text, place or rules differ', () => {
    const { file, text } = files[0]!;
    const expectations = expectationsFor(file, root);
    expect(checkedAtBuild(file, `${text}\n# edited\n`, rules, expectations)).toBeUndefined();
    expect(checkedAtBuild(file, text, rules, { ...expectations, id: 'elsewhere/x' })).toBeUndefined();
    const fewerRules = { ...rules, all: () => rules.all().slice(1) };
    expect(checkedAtBuild(file, text, fewerRules, expectations)).toBeUndefined();
    expect(checkedAtBuild(`${file}.copy.yaml`, text, rules, expectations)).toBeUndefined();
  });

  it('hands out a copy: a scenario changed by one run does not reach the next', () => {
    const { file, text } = files[0]!;
    const expectations = expectationsFor(file, root);
    const first = checkedAtBuild(file, text, rules, expectations)!;
    (first.raw as Record<string, unknown>).title = 'changed';
    expect((checkedAtBuild(file, text, rules, expectations)!.raw as Record<string, unknown>).title).not.toBe('changed');
  });
});
