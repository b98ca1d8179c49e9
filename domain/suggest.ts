/**
 * Optimal string alignment distance (Levenshtein plus adjacent transpositions), so that
 * 'banenr' is one edit from 'banner'.
 */
function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => {
    const row = new Array<number>(cols).fill(0);
    row[0] = i;
    return row;
  });
  for (let j = 0; j < cols; j++) d[0][j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.length][b.length];
}

/**
 * The candidate nearest to `wanted`, when it is close enough to be the intended name: at most one
 * edit for names up to 4 characters, two up to 8, three beyond. Case differences are free.
 */
export function nearest(wanted: string, candidates: Iterable<string>): string | undefined {
  const limit = wanted.length <= 4 ? 1 : wanted.length <= 8 ? 2 : 3;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of [...new Set(candidates)].sort()) {
    if (candidate === wanted) continue;
    const distance = editDistance(wanted.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= limit ? best : undefined;
}

/** " — did you mean 'x'?" or '' when nothing is close. */
export function didYouMean(wanted: string, candidates: Iterable<string>): string {
  const hit = nearest(wanted, candidates);
  return hit === undefined ? '' : ` — did you mean '${hit}'?`;
}
