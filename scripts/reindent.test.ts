import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { reindentDeclarations } from './lib/reindent.ts';

/** The declarations as TypeScript's printer writes them, whatever their whitespace. */
const printed = (text: string): string =>
  ts.createPrinter().printFile(ts.createSourceFile('file.d.ts', text, ts.ScriptTarget.Latest));

const EMITTED = [
  '/**',
  ' * A voucher.',
  ' */',
  'interface Voucher {',
  '    /**',
  '     * Its code.',
  '     *     An indented line of a description stays indented after its star.',
  '     */',
  '    code: string;',
  '    gift: {',
  '        amount: number;',
  '    };',
  '}',
  '',
].join('\n');

describe('declarations are indented by two spaces', () => {
  test('code and comments move half as far right, a comment keeps its stars aligned', () => {
    expect(reindentDeclarations(EMITTED)).toBe(
      [
        '/**',
        ' * A voucher.',
        ' */',
        'interface Voucher {',
        '  /**',
        '   * Its code.',
        '   *     An indented line of a description stays indented after its star.',
        '   */',
        '  code: string;',
        '  gift: {',
        '    amount: number;',
        '  };',
        '}',
        '',
      ].join('\n'),
    );
  });

  test('the text of strings and template literal types is left as it is', () => {
    const text = [
      'type Key = `${string}_${{',
      '    a: `x${number}`;',
      '}["a"]}',
      '    after a substitution`;',
      'interface Labels {',
      '    "    spaced": `',
      '    multi-line`;',
      '}',
      '',
    ].join('\n');
    const reindented = reindentDeclarations(text);
    expect(reindented).toContain('\n  a: `x${number}`;');
    expect(reindented).toContain('\n    after a substitution`;');
    expect(reindented).toContain('\n  "    spaced": `\n    multi-line`;');
    expect(printed(reindented)).toBe(printed(text));
  });

  test('the declarations read the same', () => {
    expect(printed(reindentDeclarations(EMITTED))).toBe(printed(EMITTED));
  });
});
