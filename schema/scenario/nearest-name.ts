// "Did you mean" for names users type: step kinds, keys, tags, operators, rule ids, scenario ids.
// Optimal string alignment distance (Levenshtein plus adjacent swaps), with a length-scaled cut-off.

/** Edit distance where inserting, deleting, substituting or swapping two adjacent characters costs 1. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  // Three rolling rows are enough for the adjacent-swap case.
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, prevPrev[j - 2]! + 1);
      row.push(best);
    }
    prevPrev = prev;
    prev = row;
  }
  return prev[b.length]!;
}

export interface NearestOptions {
  /** Largest distance still worth suggesting; default grows with the input: max(2, 40% of its length). */
  maxDistance?: number;
}

/**
 * The candidate closest to `input`, or undefined when nothing is close enough to be a plausible typo.
 * Case differences count as half an edit so `Result` finds `result` before `results`.
 */
export function nearestName(input: string, candidates: Iterable<string>, options: NearestOptions = {}): string | undefined {
  const limit = options.maxDistance ?? Math.max(2, Math.floor(input.length * 0.4));
  const lower = input.toLowerCase();
  let best: string | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    if (candidate === input) continue;
    const folded = editDistance(lower, candidate.toLowerCase());
    const score = folded + (editDistance(input, candidate) > folded ? 0.5 : 0);
    if (folded <= limit && score < bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}

/** Renders "Did you mean `x`?" or an empty string, for appending to a fix. */
export function didYouMean(input: string, candidates: Iterable<string>, options?: NearestOptions): string {
  const near = nearestName(input, candidates, options);
  return near === undefined ? '' : `Did you mean \`${near}\`?`;
}
