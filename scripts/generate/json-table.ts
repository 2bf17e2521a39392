/**
 * Source for a large constant table of generated code: `JSON.parse` of a template literal, an
 * entry a line. A test file pays for the mock's tables at every import: V8 scans a string quickly
 * and parses JSON in about half the time it takes to parse and build the same object written as a
 * literal (decision 0082). One entry a line keeps a spec change's diff as readable as before.
 *
 * @param table - A record (an entry a line) or a list (an item a line) of JSON values.
 * @returns An expression; the declaration it is assigned to gives its type.
 */
export const jsonTable = (table: Readonly<Record<string, unknown>> | readonly unknown[]): string => {
  const [open, close, lines] = Array.isArray(table)
    ? ['[', ']', table.map((item) => JSON.stringify(item))]
    : ['{', '}', Object.entries(table).map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`)];
  const text = `${open}\n${lines.join(',\n')}\n${close}`;
  // Inside a template literal, a backslash, a backtick and `${` are the only text that is not itself.
  const escaped = text.replaceAll('\\', '\\\\').replaceAll('`', '\\`').replaceAll('${', '\\${');
  // Marked pure: a bundler drops a table that nothing of the app reads.
  return `/* @__PURE__ */ JSON.parse(\`${escaped}\`)`;
};
