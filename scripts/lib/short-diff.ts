/**
 * A short line diff from `before` to `after`, for a check's message: the changed lines (`- `,
 * `+ `) with one line of context (`  `), at most `limit` lines. The lines common to both ends are
 * skipped; the middle is compared by longest common subsequence, unless it is too large to.
 */
export const shortDiff = (before: string, after: string, limit = 40): string => {
  const a = before.split('\n');
  const b = after.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const lines = [
    ...context(a[start - 1]),
    ...elided(middleDiff(a.slice(start, endA), b.slice(start, endB))),
    ...context(a[endA]),
  ];
  return lines.length > limit
    ? [...lines.slice(0, limit), `  … ${lines.length - limit} more lines`].join('\n')
    : lines.join('\n');
};

const context = (line: string | undefined): string[] => (line === undefined ? [] : [`  ${line}`]);

/** The edit from `a` to `b`, deletions before insertions, one prefixed line each. */
const middleDiff = (a: string[], b: string[]): string[] => {
  if (a.length * b.length > 4_000_000) return [...a.map((line) => `- ${line}`), ...b.map((line) => `+ ${line}`)];
  const width = b.length + 1;
  const common = new Uint32Array((a.length + 1) * width);
  const at = (i: number, j: number): number => common[i * width + j] ?? 0;
  for (let i = a.length - 1; i >= 0; i -= 1)
    for (let j = b.length - 1; j >= 0; j -= 1)
      common[i * width + j] = a[i] === b[j] ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
  const ops: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      ops.push(`  ${a[i]}`);
      i += 1;
      j += 1;
    } else if (i < a.length && (j === b.length || at(i + 1, j) >= at(i, j + 1))) {
      ops.push(`- ${a[i]}`);
      i += 1;
    } else {
      ops.push(`+ ${b[j]}`);
      j += 1;
    }
  }
  return ops;
};

/** Unchanged lines more than one line away from a change become one `…`. */
const elided = (ops: string[]): string[] => {
  const changed = (op: string | undefined): boolean => op !== undefined && !op.startsWith('  ');
  const out: string[] = [];
  ops.forEach((op, index) => {
    if (changed(op) || changed(ops[index - 1]) || changed(ops[index + 1])) out.push(op);
    else if (out.at(-1) !== '  …') out.push('  …');
  });
  return out;
};
