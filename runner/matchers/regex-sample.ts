// Produces one string matching a simple regular expression (literals, classes, groups, alternation,
// quantifiers), for `pattern` keywords in tool schemas. Anything fancier yields undefined.

type Node = { kind: 'chars'; pick: string } | { kind: 'group'; alternatives: Node[][] } | { kind: 'repeat'; node: Node; min: number };

const CLASS_SAMPLES: Record<string, string> = { d: '0', w: 'a', s: ' ', D: 'a', W: '-', S: 'a' };

/** A string matching `source`, or undefined when the expression uses unsupported syntax. */
export function sampleRegex(source: string, variant = 0): string | undefined {
  let pos = 0;
  const peek = () => source[pos];

  const parseAlternatives = (): Node[][] | undefined => {
    const alternatives: Node[][] = [[]];
    while (pos < source.length && peek() !== ')') {
      const c = source[pos]!;
      if (c === '|') {
        pos++;
        alternatives.push([]);
        continue;
      }
      const atom = parseAtom();
      if (atom === undefined) return undefined;
      if (atom === null) continue;
      const quantified = parseQuantifier(atom);
      if (!quantified) return undefined;
      alternatives[alternatives.length - 1]!.push(quantified);
    }
    return alternatives;
  };

  /** undefined: unsupported; null: an anchor that produces nothing. */
  const parseAtom = (): Node | null | undefined => {
    const c = source[pos++]!;
    switch (c) {
      case '^':
      case '$':
        return null;
      case '.':
        return { kind: 'chars', pick: 'a' };
      case '(': {
        if (source.startsWith('?:', pos)) pos += 2;
        else if (peek() === '?') return undefined; // lookarounds, named groups
        const alternatives = parseAlternatives();
        if (!alternatives || source[pos] !== ')') return undefined;
        pos++;
        return { kind: 'group', alternatives };
      }
      case '[':
        return parseClass();
      case '\\': {
        const e = source[pos++];
        if (e === undefined) return undefined;
        if (e === 'b' || e === 'B') return null;
        if (CLASS_SAMPLES[e] !== undefined) return { kind: 'chars', pick: CLASS_SAMPLES[e]! };
        if (/[1-9kpPux]/.test(e)) return undefined; // backreferences, properties, code escapes
        if (e === 'n') return { kind: 'chars', pick: '\n' };
        if (e === 't') return { kind: 'chars', pick: '\t' };
        return { kind: 'chars', pick: e };
      }
      case '*':
      case '+':
      case '?':
      case '{':
      case ')':
        return undefined;
      default:
        return { kind: 'chars', pick: c };
    }
  };

  const parseClass = (): Node | undefined => {
    const negated = peek() === '^';
    if (negated) pos++;
    const members: string[] = [];
    let first = true;
    while (pos < source.length && (source[pos] !== ']' || first)) {
      first = false;
      let c = source[pos++]!;
      if (c === '\\') {
        const e = source[pos++];
        if (e === undefined) return undefined;
        if (CLASS_SAMPLES[e] !== undefined) {
          members.push(e === 'd' ? '0123456789' : e === 'w' ? 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_' : e === 's' ? ' ' : '');
          continue;
        }
        c = e === 'n' ? '\n' : e === 't' ? '\t' : e;
      }
      if (source[pos] === '-' && source[pos + 1] !== undefined && source[pos + 1] !== ']') {
        pos++;
        let end = source[pos++]!;
        if (end === '\\') end = source[pos++] ?? '';
        const from = c.codePointAt(0)!;
        const to = end.codePointAt(0) ?? from;
        if (to < from) return undefined;
        let range = '';
        for (let cp = from; cp <= to && range.length < 128; cp++) range += String.fromCodePoint(cp);
        members.push(range);
      } else {
        members.push(c);
      }
    }
    if (source[pos] !== ']') return undefined;
    pos++;
    const set = members.join('');
    if (negated) {
      for (const candidate of 'amcp-conform0123456789AZ_xyz') if (!set.includes(candidate)) return { kind: 'chars', pick: candidate };
      return undefined;
    }
    if (set.length === 0) return undefined;
    // Prefer a letter of our name so samples look intentional; else the first member.
    const preferred = [...'mcpconform'].find((ch) => set.includes(ch));
    return { kind: 'chars', pick: preferred ?? set[0]! };
  };

  const parseQuantifier = (node: Node): Node | undefined => {
    const c = peek();
    let min = 1;
    let quantified = false;
    if (c === '*' || c === '?') {
      min = 0;
      quantified = true;
      pos++;
    } else if (c === '+') {
      min = 1;
      quantified = true;
      pos++;
    } else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(pos));
      if (!m) return undefined;
      min = Number(m[1]);
      quantified = true;
      pos += m[0].length;
    }
    if (quantified && peek() === '?') pos++; // lazy marker changes nothing for a sample
    return quantified ? { kind: 'repeat', node, min } : node;
  };

  const alternatives = parseAlternatives();
  if (!alternatives || pos !== source.length) return undefined;
  const render = (nodes: Node[]): string => nodes.map(renderNode).join('');
  const renderNode = (node: Node): string => {
    if (node.kind === 'chars') return node.pick;
    if (node.kind === 'group') return render(node.alternatives[variant % node.alternatives.length]!);
    // "+" and "*" get one more than the minimum so that `[a-z]+` gives a non-empty, typical value.
    return renderNode(node.node).repeat(Math.max(node.min, Math.min(node.min + 1, 1)));
  };
  return render(alternatives[variant % alternatives.length]!);
}
