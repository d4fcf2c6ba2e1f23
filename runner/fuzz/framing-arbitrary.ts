// Arbitraries for the stdio line framing: a request split across writes, two requests in one write,
// a byte-order mark, CRLF endings, blank lines, garbage and oversize lines. Request ids are written as
// placeholders (`__ID0__`) that the executor replaces with fresh ids, so cases never share an id.
import fc from 'fast-check';
import type { RawInput } from './fuzz-input.js';
import { hugeString } from './hostile-strings.js';
import { scenarioSafeJson } from './scenario-safe-json.js';

export const ID_PLACEHOLDERS = ['__ID0__', '__ID1__'] as const;

/** Builds the text of a cheap request (ping or its stateless equivalent) whose id is `idToken`. */
export type CheapRequestText = (idToken: string) => string;

export function framingArbitrary(cheapRequest: CheapRequestText): fc.Arbitrary<RawInput> {
  const [a, b] = ID_PLACEHOLDERS;
  const one = cheapRequest(a);
  const two = cheapRequest(b);
  return fc.oneof<fc.Arbitrary<RawInput>[]>(
    fc.integer({ min: 1, max: one.length - 1 }).map((at) => ({
      kind: 'raw' as const,
      text: `${one}\n`,
      splitAt: at,
      requestIds: [a],
      label: `a request split after byte ${at}`,
    })),
    fc.constant<RawInput>({ kind: 'raw', text: `${one}\n${two}\n`, requestIds: [a, b], label: 'two requests in one write' }),
    fc.constant<RawInput>({ kind: 'raw', text: `\n\n${one}\n`, requestIds: [a], label: 'blank lines before a request' }),
    fc.constant<RawInput>({ kind: 'raw', text: `${one}\r\n`, requestIds: [], label: 'a request ending in CRLF' }),
    fc.constant<RawInput>({ kind: 'raw', text: `\uFEFF${one}\n`, requestIds: [], label: 'a request after a byte-order mark' }),
    fc
      .string({ minLength: 1, maxLength: 40 })
      .filter((s) => !s.includes('\n') && !s.includes('${'))
      .map((garbage) => ({ kind: 'raw' as const, text: `${garbage}\n`, requestIds: [], label: 'a line that is not a JSON-RPC message' })),
    hugeString().map((pad) => ({
      kind: 'raw' as const,
      text: `${scenarioSafeJson({ jsonrpc: '2.0', method: 'notifications/mcp-conform/fuzz-padding', params: { pad } })}\n`,
      requestIds: [],
      label: `an oversize notification line (${pad.length} characters)`,
    })),
  );
}
