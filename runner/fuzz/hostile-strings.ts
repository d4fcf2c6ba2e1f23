// Strings that break careless servers: huge, full of non-ASCII or control characters, or shaped like
// protocol text. Used wherever the schema allows a string, so a crash shrinks to the shortest one.
import fc from 'fast-check';

/** Long enough to pass naive buffer sizes, short enough to keep thousands of cases per second. */
const MAX_HUGE_STRING = 200_000;

export function hugeString(): fc.Arbitrary<string> {
  return fc
    .tuple(fc.integer({ min: 1_000, max: MAX_HUGE_STRING }), fc.constantFrom('x', 'é', '😀', '\\', '"'))
    .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)));
}

let hostile: fc.Arbitrary<string> | undefined;

/** One shared instance: building fc.string arbitraries is costly, generating from them is not. */
export function hostileString(): fc.Arbitrary<string> {
  hostile ??= fc.oneof(
    { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
    { weight: 1, arbitrary: fc.constantFrom('', '\u0000', '\n', '\r\n', '\u2028', '\uFEFF', '{"jsonrpc":"2.0"}', '%s%n', '../../etc/passwd') },
    { weight: 2, arbitrary: hugeString() },
  );
  return hostile;
}

/** Any small JSON value, strings hostile. */
const jsonValues = new Map<number, fc.Arbitrary<unknown>>();

export function jsonValue(maxDepth = 2): fc.Arbitrary<unknown> {
  const known = jsonValues.get(maxDepth);
  if (known) return known;
  const built = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', maxDepth },
      fc.constant(null),
      fc.boolean(),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      hostileString(),
      fc.array(tie('value'), { maxLength: 3 }),
      smallObject(tie('value'), 3),
    ),
  })).value;
  jsonValues.set(maxDepth, built);
  return built;
}

/**
 * An object of a few members with short keys. Built from key/value pairs rather than fc.dictionary:
 * fast-check then never has to re-tokenise generated strings, which dominated the run time.
 */
export function smallObject(value: fc.Arbitrary<unknown>, maxKeys: number): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .array(fc.tuple(fc.string({ maxLength: 8 }), value), { maxLength: maxKeys })
    .map((pairs) => Object.fromEntries(pairs.filter(([k]) => k !== '__proto__' && k !== '_meta')));
}
