// The linear format checks must give ajv-formats' verdicts on ordinary strings (only faster and
// without the stack), and must stay linear on strings of tens of megabytes.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { isBase64, isJsonPointer, isRelativeJsonPointer, isUri, isUriReference, isUriTemplate } from './linear-formats.js';
import { createAjv } from './ajv-factory.js';

const regexOf = (name: 'byte' | 'uri' | 'uri-template' | 'uri-reference' | 'json-pointer' | 'relative-json-pointer') => {
  const format = fullFormats[name] as RegExp | ((s: string) => boolean);
  return (s: string) => (typeof format === 'function' ? format(s) : format.test(s));
};

/** Strings over an alphabet that reaches every branch of the grammars (delimiters, hex, IP literals). */
const pieces = [
  'a',
  'Z',
  '0',
  '9',
  'f',
  'v',
  ':',
  '/',
  '//',
  '?',
  '#',
  '@',
  '[',
  ']',
  '%',
  '%2F',
  '%G',
  '.',
  '-',
  '_',
  '~',
  '!',
  '=',
  '+',
  ' ',
  '{',
  '}',
  ',',
  '*',
  '"',
  '1.2.3.4',
  '::',
  'é',
  '\n',
];
const fragments = fc.array(fc.constantFrom(...pieces), { maxLength: 14 }).map((p) => p.join(''));

describe('linear formats', () => {
  it('agree with ajv-formats on uri for generated strings', () => {
    const reference = regexOf('uri');
    const schemes = fc.constantFrom('', 'http:', 'x:', 'urn:', 'file://', 'https://', 'a+b.c-d:', '1x:');
    fc.assert(
      fc.property(schemes, fragments, (scheme, rest) => {
        const s = scheme + rest;
        expect(isUri(s), JSON.stringify(s)).toBe(reference(s));
      }),
      { numRuns: 4000 },
    );
  });

  it('agree with ajv-formats on uri-reference, json-pointer and relative-json-pointer for generated strings', () => {
    const reference = regexOf('uri-reference');
    const pointer = regexOf('json-pointer');
    const relative = regexOf('relative-json-pointer');
    const heads = fc.constantFrom('', 'http:', 'x:', '//', '/', '0', '1', '10', '01', '#', '~', '~0', '~1', '~2');
    fc.assert(
      fc.property(heads, fragments, (head, rest) => {
        const s = head + rest;
        expect(isUriReference(s), JSON.stringify(s)).toBe(reference(s));
        expect(isJsonPointer(s), JSON.stringify(s)).toBe(pointer(s));
        expect(isRelativeJsonPointer(s), JSON.stringify(s)).toBe(relative(s));
      }),
      { numRuns: 4000 },
    );
  });

  it('agree with ajv-formats on uri for IP literals', () => {
    const reference = regexOf('uri');
    for (const host of [
      '[::1]',
      '[::]',
      '[1::]',
      '[1:2:3:4:5:6:7:8]',
      '[1:2:3:4:5:6:7::]',
      '[::ffff:1.2.3.4]',
      '[1.2.3.4::]',
      '[1:2:3:4:5:6:1.2.3.4]',
      '[v1.x:y]',
      '[v.x]',
      '[fe80::1%25eth0]',
      '[1:2]',
      '[:1]',
    ]) {
      for (const s of [`http://${host}/p`, `http://${host}:80`, `http://u@${host}`]) expect(isUri(s), s).toBe(reference(s));
    }
  });

  it('agree with ajv-formats on uri-template for generated strings', () => {
    const reference = regexOf('uri-template');
    fc.assert(
      fc.property(fragments, (s) => {
        expect(isUriTemplate(s), JSON.stringify(s)).toBe(reference(s));
      }),
      { numRuns: 4000 },
    );
    for (const s of ['file:///{path}', '{+a,b:12,c*}', '{a:0}', '{a:12345}', '{}', '{/a}', '{a%2Fb}']) expect(isUriTemplate(s), s).toBe(reference(s));
  });

  it('agree with ajv-formats on byte, except that a line of base64 no longer excuses the rest', () => {
    const reference = regexOf('byte');
    const base64ish = fc.array(fc.constantFrom('A', 'z', '0', '+', '/', '=', '-', '_', ' ', '*'), { maxLength: 12 }).map((p) => p.join(''));
    fc.assert(
      fc.property(base64ish, (s) => {
        expect(isBase64(s), JSON.stringify(s)).toBe(reference(s));
      }),
      { numRuns: 4000 },
    );
    // ajv-formats tests its expression in multi-line mode: any text with one base64 line passed.
    expect(reference('***not base64***\n')).toBe(true);
    expect(isBase64('***not base64***\n')).toBe(false);
    // Wrapped (MIME-style) base64 decodes the same and is accepted.
    expect(isBase64('QUJD\r\nREVG')).toBe(true);
  });

  it('check 50 MB values in linear time, where the expressions ran out of stack', () => {
    const data = Buffer.alloc(37_500_000, 7).toString('base64'); // 50 MB of base64
    const part = data.slice(0, 16_000_000); // past the 12 MB at which the uri expressions overflowed
    const ajv = createAjv('2020-12', { strictSchema: true });
    const byte = ajv.compile({ type: 'string', format: 'byte' });
    const uri = ajv.compile({ type: 'string', format: 'uri' });
    const template = ajv.compile({ type: 'string', format: 'uri-template' });
    expect(() => regexOf('byte')(data)).toThrow(RangeError);
    expect(byte(data)).toBe(true);
    expect(byte(`${data.slice(0, -4)}*AA=`)).toBe(false);
    expect(uri(`data:image/png;base64,${part}`)).toBe(true);
    expect(uri(`data:image/png;base64,${part} `)).toBe(false);
    expect(template(`file:///${part}{x}`)).toBe(true);
    // No time figure is asserted (the machine may be loaded): a quadratic scan of 50 MB would take
    // hours and meet the test's own time bound instead.
  });
});
