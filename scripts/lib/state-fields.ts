/**
 * Finds class fields of the mock's stores that could hold state outside the tracked containers
 * (docs/decisions: snapshots): a `Map`, `Set` or array made in a field, or a field that can be
 * reassigned. Such state would survive a snapshot's restore. A field that is not state (a cache
 * of immutable records, a list of listeners, wiring) says so in a `not state:` comment on its
 * line or the line before.
 */
const FIELD =
  /^\s+(?:(?:private|protected|public|static|readonly|override)\s+)*(#?\w+)\s*[?!]?\s*(?::[^=]+)?(?:=\s*(.+))?;\s*(?:\/\/.*)?$/;
const CONTAINER = /^new (?:Map|Set)\b|^\[\]/;

/** One field that may hold untracked state. */
export interface StateFieldFinding {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

/** Whether a line of a class body declares a field (not a method, getter or parameter). */
const fieldOf = (line: string): { name: string; readonly: boolean; initial: string | undefined } | undefined => {
  if (
    /^\s+(?:get|set|async|constructor)\b|^\s*(?:\/\/|\*|\/\*)|^\s+(?:(?:private|protected|public|static|readonly|override)\s+)*#?\w+\s*[<(]/.test(
      line,
    )
  )
    return undefined;
  const match = FIELD.exec(line);
  if (!match) return undefined;
  return { name: match[1] as string, readonly: /\breadonly\b/.test(line), initial: match[2]?.trim() };
};

/**
 * The fields of one source file that may hold untracked state.
 *
 * @example
 * ```ts
 * stateFieldFindings('store.ts', 'class A {\n  readonly #items = new Map();\n}');
 * ```
 */
export const stateFieldFindings = (file: string, text: string): StateFieldFinding[] => {
  const lines = text.split('\n');
  const findings: StateFieldFinding[] = [];
  let depth = 0;
  let classDepth: number | undefined;
  lines.forEach((line, index) => {
    if (classDepth === undefined && /^\s*(?:export\s+)?(?:abstract\s+)?class\s/.test(line)) classDepth = depth + 1;
    if (classDepth !== undefined && depth === classDepth) {
      const field = fieldOf(line);
      const exempt = /not state:/.test(line) || /not state:/.test(lines[index - 1] ?? '');
      if (field && !exempt && ((field.initial !== undefined && CONTAINER.test(field.initial)) || !field.readonly)) {
        findings.push({ file, line: index + 1, text: line.trim() });
      }
    }
    for (const char of line.replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`/g, '')) {
      if (char === '{') depth += 1;
      else if (char === '}') {
        depth -= 1;
        if (classDepth !== undefined && depth < classDepth) classDepth = undefined;
      }
    }
  });
  return findings;
};
