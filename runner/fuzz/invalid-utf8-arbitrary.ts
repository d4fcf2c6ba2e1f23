// Arbitraries for bytes that are not UTF-8 on the stdio stream (transport.messages.utf8 says
// messages are UTF-8): overlong forms, surrogates encoded as CESU-8, stray continuation bytes,
// truncated sequences, bytes UTF-8 never uses and code points past U+10FFFF. They are written as a
// bare line or inside a string of an otherwise valid notification; the server must survive them
// and answer the next valid request.
import fc from 'fast-check';
import type { BytesInput } from './fuzz-input.js';

/** Each sequence with what makes it invalid, for the label of a finding. */
export const INVALID_UTF8: readonly { hex: string; what: string }[] = [
  { hex: 'c0af', what: "an overlong '/' (C0 AF)" },
  { hex: 'c080', what: 'an overlong NUL (C0 80)' },
  { hex: 'e080af', what: "a three-byte overlong '/' (E0 80 AF)" },
  { hex: 'f08080af', what: "a four-byte overlong '/' (F0 80 80 AF)" },
  { hex: 'eda080', what: 'a lone high surrogate U+D800 in CESU-8 (ED A0 80)' },
  { hex: 'edbfbf', what: 'a lone low surrogate U+DFFF in CESU-8 (ED BF BF)' },
  { hex: 'eda0bdedb880', what: 'a surrogate pair in CESU-8 (ED A0 BD ED B8 80)' },
  { hex: '80', what: 'a stray continuation byte (80)' },
  { hex: 'bfbfbf', what: 'three stray continuation bytes (BF BF BF)' },
  { hex: 'e282', what: 'a truncated three-byte sequence (E2 82)' },
  { hex: 'f09f98', what: 'a truncated four-byte sequence (F0 9F 98)' },
  { hex: 'fe', what: 'the byte FE, never used by UTF-8' },
  { hex: 'ff', what: 'the byte FF, never used by UTF-8' },
  { hex: 'f4908080', what: 'a code point past U+10FFFF (F4 90 80 80)' },
  { hex: 'c3', what: 'a lead byte before a newline (C3)' },
];

const hexOf = (text: string): string => Buffer.from(text, 'utf8').toString('hex');

export function invalidUtf8Arbitrary(): fc.Arbitrary<BytesInput> {
  const sequence = fc.constantFrom(...INVALID_UTF8);
  const bareLine = sequence.map(({ hex, what }): BytesInput => ({ kind: 'bytes', hex: `${hex}0a`, label: `a line of ${what}` }));
  const inNotification = fc.tuple(sequence, fc.integer({ min: 1, max: 3 })).map(([{ hex, what }, times]): BytesInput => {
    const [before, after] = ['{"jsonrpc":"2.0","method":"notifications/mcp-conform/fuzz-bytes","params":{"text":"', '"}}\n'];
    return {
      kind: 'bytes',
      hex: `${hexOf(before)}${hex.repeat(times)}${hexOf(after)}`,
      label: `a notification whose string holds ${what}${times > 1 ? ` ×${times}` : ''}`,
    };
  });
  return fc.oneof(bareLine, inNotification);
}
