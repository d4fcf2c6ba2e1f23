// Parses a YAML file while keeping its syntax tree, so any JSON pointer into the parsed value can be
// traced back to a line and column; syntax errors come back as problems rather than exceptions.
import { isAlias, isMap, isScalar, isSeq, LineCounter, parseAllDocuments, type Document, type Node, type Pair } from 'yaml';
import type { SourceProblem } from './source-problem.js';

export interface Position {
  line: number;
  column: number;
}

export interface YamlSource {
  file: string;
  /** The parsed value (plain JSON-like data); undefined when the file could not be parsed at all. */
  value: unknown;
  /** Syntax problems; when non-empty, `value` should not be trusted. */
  problems: SourceProblem[];
  /**
   * Position of the value at `pointer` (RFC 6901, as ajv reports instance paths), or of the member
   * key `key` inside it. Falls back to the nearest enclosing node that exists.
   */
  locate(pointer: string, key?: string): Position;
}

/** Splits an RFC 6901 pointer into unescaped segments. */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return pointer === '/' ? [''] : [];
  return pointer
    .replace(/^\//, '')
    .split('/')
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
}

export function parseYamlSource(file: string, text: string, code: string): YamlSource {
  const lineCounter = new LineCounter();
  const docs = parseAllDocuments(text, { lineCounter, prettyErrors: false, uniqueKeys: true, keepSourceTokens: false });
  const at = (offset: number): Position => {
    const p = lineCounter.linePos(offset);
    return { line: p.line, column: p.col };
  };
  const problems: SourceProblem[] = [];
  const list = Array.isArray(docs) ? docs : [];
  const doc = list[0];
  if (list.length > 1) {
    const second = list[1]!;
    problems.push({
      code,
      file,
      ...at(second.range[0]),
      message: `The file holds ${list.length} YAML documents separated by "---"; one file holds one document.`,
      fix: 'Move each document after the first into a file of its own.',
    });
  }
  for (const d of list) {
    for (const err of d.errors) {
      problems.push({
        code,
        file,
        ...at(err.pos[0]),
        message: `Invalid YAML: ${firstLine(err.message)}.`,
        fix: fixForYamlError(err.code),
      });
    }
  }
  let value: unknown;
  if (doc && doc.errors.length === 0) {
    try {
      value = doc.toJS({ maxAliasCount: 1000 });
    } catch (err) {
      problems.push({
        code,
        file,
        line: 1,
        column: 1,
        message: `Invalid YAML: ${firstLine((err as Error).message)}.`,
        fix: 'Remove the alias loop or the excess of aliases; write the values out instead.',
      });
    }
  }

  const locate = (pointer: string, key?: string): Position => {
    if (!doc) return { line: 1, column: 1 };
    let node: unknown = doc.contents;
    let last: Position = doc.contents?.range ? at(doc.contents.range[0]) : { line: 1, column: 1 };
    for (const seg of pointerSegments(pointer)) {
      node = resolve(doc, node);
      if (isMap(node)) {
        const pair = findPair(node.items as Pair<unknown, unknown>[], seg);
        if (!pair) return last;
        const keyNode = pair.key as Node | undefined;
        if (keyNode?.range) last = at(keyNode.range[0]);
        const valueNode = pair.value as Node | null | undefined;
        // `key:` with nothing after it has a null scalar placed after the key; keep the key's position.
        if (valueNode?.range && !(isScalar(valueNode) && valueNode.value === null)) last = at(valueNode.range[0]);
        node = valueNode;
      } else if (isSeq(node)) {
        const item = node.items[Number(seg)] as Node | undefined;
        if (!item) return last;
        if (item.range) last = at(item.range[0]);
        node = item;
      } else {
        return last;
      }
    }
    if (key === undefined) return last;
    node = resolve(doc, node);
    if (!isMap(node)) return last;
    const keyNode = findPair(node.items as Pair<unknown, unknown>[], key)?.key as Node | undefined;
    return keyNode?.range ? at(keyNode.range[0]) : last;
  };

  return { file, value, problems, locate };
}

function resolve(doc: Document, node: unknown): unknown {
  let n = node;
  for (let i = 0; i < 100 && isAlias(n); i++) n = n.resolve(doc);
  return n;
}

function findPair(items: Pair<unknown, unknown>[], key: string): Pair<unknown, unknown> | undefined {
  return items.find((p) => (isScalar(p.key) ? String(p.key.value) : String(p.key)) === key);
}

function firstLine(message: string): string {
  return message.split('\n')[0]!.replace(/[.:]\s*$/, '');
}

function fixForYamlError(code: string): string {
  switch (code) {
    case 'DUPLICATE_KEY':
      return 'Keep one of the two keys; a map cannot hold the same key twice.';
    case 'BAD_INDENT':
    case 'MISSING_CHAR':
    case 'UNEXPECTED_TOKEN':
      return 'Check the indentation and quoting on this line; quote values that contain ": " or start with {, [, * or &.';
    case 'TAB_AS_INDENT':
      return 'Indent with spaces; YAML does not allow tabs for indentation.';
    case 'MULTILINE_IMPLICIT_KEY':
      return 'A key must fit on one line; check for a missing ":" or a missing closing quote above.';
    default:
      return 'Fix the YAML syntax at this position (quote strings that contain ": ", "#" or start with special characters).';
  }
}
