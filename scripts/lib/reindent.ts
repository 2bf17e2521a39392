/**
 * Indents a declaration file by two spaces a level instead of the four that TypeScript's emitter
 * writes: the client's declarations are a quarter indentation, and the types read the same.
 * Only the spaces that start a line are changed, in code and in comments, never inside a string
 * or a template literal type.
 */
import ts from 'typescript';

/** `n` leading spaces become `n / 4 * 2`, keeping the one space that aligns a comment's `*`. */
const halve = (whitespace: string): string =>
  whitespace.replace(/^ +/, (spaces) => ' '.repeat(Math.floor(spaces.length / 4) * 2 + (spaces.length % 4)));

/** The text of a declaration file with every indentation halved. */
export const reindentDeclarations = (text: string): string => {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text);
  const parts: string[] = [];
  // For each template literal being read, the braces open in its current `${…}`.
  const templates: number[] = [];
  let lineStart = true;
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    const depth = templates.length - 1;
    if (kind === ts.SyntaxKind.CloseBraceToken && templates[depth] === 0) {
      kind = scanner.reScanTemplateToken(false);
      if (kind === ts.SyntaxKind.TemplateTail) templates.pop();
    } else if (kind === ts.SyntaxKind.OpenBraceToken && depth >= 0) templates[depth] = (templates[depth] ?? 0) + 1;
    else if (kind === ts.SyntaxKind.CloseBraceToken && depth >= 0) templates[depth] = (templates[depth] ?? 0) - 1;
    else if (kind === ts.SyntaxKind.TemplateHead) templates.push(0);
    const token = scanner.getTokenText();
    if (kind === ts.SyntaxKind.WhitespaceTrivia && lineStart) parts.push(halve(token));
    else if (kind === ts.SyntaxKind.MultiLineCommentTrivia)
      parts.push(token.replace(/\n( +)/g, (_, spaces: string) => `\n${halve(spaces)}`));
    else parts.push(token);
    lineStart = kind === ts.SyntaxKind.NewLineTrivia;
  }
  return parts.join('');
};
