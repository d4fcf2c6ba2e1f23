// Finds the textbook shape of catastrophic backtracking in a scenario's `$regex`: a repeated group
// whose every part can itself repeat or be left out, e.g. `(a+)+`, `(\w*)*`, `(a+b?)*`. Such a group
// can split one run of characters in exponentially many ways, so a value that almost matches takes
// forever. A group with a part that must match once (`(\w+\.)*`) cannot, and is not flagged. This is
// a heuristic for a clear load-time error; the time budget of runner/matchers is the guarantee.

interface Item {
  /** Smallest and largest repeat count (Infinity for `*`, `+`, `{n,}`); 1/1 without quantifier. */
  min: number;
  max: number;
  /** Alternatives of a group; undefined for a single character, class or escape. */
  group?: Item[][];
  /** Where the item starts in the pattern, for the message. */
  at: number;
}

/** The part of `source` that nests a repeat inside a repeat, or undefined when none is found. */
export function nestedRepeat(source: string): string | undefined {
  let parsed: { items: Item[][]; end: number };
  try {
    parsed = parseAlternatives(source, 0);
  } catch {
    return undefined; // not ours to judge: invalid patterns have their own error
  }
  const found = findRisk(parsed.items);
  if (!found) return undefined;
  return source.slice(found.at, found.end);
}

function findRisk(alternatives: Item[][]): { at: number; end: number } | undefined {
  for (const sequence of alternatives) {
    for (const item of sequence) {
      if (!item.group) continue;
      if (item.max === Infinity && item.group.some(everyPartRepeats)) return { at: item.at, end: (item as Item & { end: number }).end };
      const inner = findRisk(item.group);
      if (inner) return inner;
    }
  }
  return undefined;
}

/** True when the sequence has a part that repeats without bound and no part that must match exactly once. */
function everyPartRepeats(sequence: Item[]): boolean {
  if (sequence.length === 0) return false;
  const flexible = (i: Item): boolean =>
    i.min === 0 || i.max === Infinity || (i.min === 1 && i.max === 1 && !!i.group && i.group.every((s) => s.length > 0 && everyPartRepeats(s)));
  const unbounded = (i: Item): boolean => i.max === Infinity || (!!i.group && i.group.some((s) => s.some(unbounded)));
  return sequence.every(flexible) && sequence.some(unbounded);
}

function parseAlternatives(s: string, start: number): { items: Item[][]; end: number } {
  const alternatives: Item[][] = [[]];
  let i = start;
  while (i < s.length && s[i] !== ')') {
    const c = s[i]!;
    if (c === '|') {
      alternatives.push([]);
      i++;
      continue;
    }
    const at = i;
    let item: Item & { end?: number };
    if (c === '(') {
      i++;
      if (s[i] === '?') {
        // (?:  (?=  (?!  (?<=  (?<!  (?<name>
        i++;
        if (s[i] === '<' && s[i + 1] !== '=' && s[i + 1] !== '!') {
          const close = s.indexOf('>', i);
          if (close < 0) throw new Error('bad group name');
          i = close + 1;
        } else i += s[i] === '<' ? 2 : 1;
      }
      const inner = parseAlternatives(s, i);
      if (s[inner.end] !== ')') throw new Error('unclosed group');
      i = inner.end + 1;
      item = { min: 1, max: 1, group: inner.items, at };
    } else if (c === '[') {
      i++;
      if (s[i] === '^') i++;
      if (s[i] === ']') i++;
      while (i < s.length && s[i] !== ']') i += s[i] === '\\' ? 2 : 1;
      if (i >= s.length) throw new Error('unclosed class');
      i++;
      item = { min: 1, max: 1, at };
    } else if (c === '\\') {
      i += 2;
      item = { min: 1, max: 1, at };
    } else if (c === '^' || c === '$') {
      i++;
      item = { min: 0, max: 0, at }; // an anchor matches no character: neither repeats nor separates
    } else {
      i++;
      item = { min: 1, max: 1, at };
    }
    const q = quantifier(s, i);
    if (q) {
      item.min = q.min;
      item.max = q.max;
      i = q.end;
    }
    item.end = i;
    const sequence = alternatives[alternatives.length - 1]!;
    if (!(item.min === 0 && item.max === 0)) sequence.push(item);
  }
  return { items: alternatives, end: i };
}

function quantifier(s: string, i: number): { min: number; max: number; end: number } | undefined {
  const c = s[i];
  let q: { min: number; max: number; end: number } | undefined;
  if (c === '*') q = { min: 0, max: Infinity, end: i + 1 };
  else if (c === '+') q = { min: 1, max: Infinity, end: i + 1 };
  else if (c === '?') q = { min: 0, max: 1, end: i + 1 };
  else if (c === '{') {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(s.slice(i));
    if (m) {
      const min = Number(m[1]);
      const max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
      q = { min, max, end: i + m[0].length };
    }
  }
  if (q && s[q.end] === '?') q.end++; // lazy: same risk
  return q;
}
