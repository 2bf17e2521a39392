import { ApiError } from '../http/api-error.js';

/** One data row of a CSV file, its values named by the header. */
export interface CsvRow {
  /** Position among the data rows, from 1 (the header and empty lines do not count), as import reports name rows. */
  readonly row: number;
  /** Line of the file where the row starts, from 1, for messages that point into the file. */
  readonly line: number;
  /** The row's values by column name; when `problem` is set, only the columns the row reached. */
  readonly values: Readonly<Record<string, string>>;
  /**
   * What is wrong with this row alone (a value count that differs from the header's, text after
   * a closing quote, a NUL character), so a bulk job can fail the row and go on with the others;
   * {@link csvValues} throws it as the row's failure.
   */
  readonly problem?: string;
}

/** A CSV file read into its header and rows. */
export interface CsvTable {
  /** Column names, from the first line, trimmed. */
  readonly columns: readonly string[];
  /** The data rows in file order. */
  readonly rows: readonly CsvRow[];
}

const invalid = (details: string): ApiError => ApiError.invalidPayload(details);

interface CsvRecord {
  /** Line where the record starts. */
  line: number;
  fields: string[];
  /** Malformed quoting confined to this record. */
  problem?: string;
}

/**
 * Splits the text into records of fields (RFC 4180). Text after a closing quote is kept, and the
 * record notes the problem; an unclosed quote swallows the rest of the file, so it fails the file.
 */
const records = (text: string): CsvRecord[] => {
  const result: CsvRecord[] = [];
  let fields: string[] = [];
  let problem: string | undefined;
  let field = '';
  let line = 1;
  let start = 1;
  let quoted = false;
  let quoteLine = 1;
  let afterQuote = false;
  let i = 0;
  const endRecord = (): void => {
    fields.push(field);
    result.push(problem === undefined ? { line: start, fields } : { line: start, fields, problem });
    fields = [];
    field = '';
    afterQuote = false;
    problem = undefined;
  };
  while (i < text.length) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        afterQuote = true;
      } else {
        if (char === '\n' || (char === '\r' && text[i + 1] !== '\n')) line += 1;
        field += char;
      }
      i += 1;
      continue;
    }
    if (char === ',') {
      fields.push(field);
      field = '';
      afterQuote = false;
    } else if (char === '\n' || char === '\r') {
      endRecord();
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      line += 1;
      start = line;
    } else if (afterQuote) {
      problem ??= `Value ${fields.length + 1} has text after its closing quote.`;
      field += char;
    } else if (char === '"' && field === '') {
      quoted = true;
      quoteLine = line;
    } else {
      field += char;
    }
    i += 1;
  }
  if (quoted) throw invalid(`The quoted value that starts on line ${quoteLine} is not closed.`);
  if (field !== '' || fields.length > 0 || afterQuote) endRecord();
  return result;
};

const isBlank = (fields: readonly string[]): boolean => fields.length === 1 && fields[0] === '';

/** What is wrong with one data record alone, if anything. */
const rowProblem = (record: CsvRecord, columns: readonly string[]): string | undefined => {
  if (record.problem !== undefined) return record.problem;
  if (record.fields.length !== columns.length) {
    return `The row has ${record.fields.length} value(s), but the header names ${columns.length} column(s).`;
  }
  const nul = columns.findIndex((_name, column) => record.fields[column]?.includes('\u0000'));
  return nul === -1 ? undefined : `Column ${columns[nul]} must not contain NUL characters.`;
};

/**
 * Reads CSV text (RFC 4180): comma-separated fields, double quotes around fields that hold
 * commas, quotes (doubled) or line breaks, CRLF, LF or CR line ends, an optional UTF-8 byte
 * order mark. The first line names the columns (trimmed); empty lines are skipped; values are
 * kept as written. A row whose value count differs from the header's, that has text after a
 * closing quote, or that holds a NUL character, keeps a `problem` instead of failing the file,
 * so imports can report it as that row's failure.
 *
 * @param text - The file's text.
 * @returns The columns and the data rows.
 * @throws ApiError 400 `invalid_payload` when the file has no header, the header names a
 *   column twice, leaves one unnamed or is malformed itself, or a quoted field is not closed.
 */
export const parseCsv = (text: string): CsvTable => {
  const all = records(text.startsWith('\uFEFF') ? text.slice(1) : text).filter((record) => !isBlank(record.fields));
  const [header, ...data] = all;
  if (!header) throw invalid('The file is empty: its first line must name the columns.');
  if (header.problem !== undefined) throw invalid(`The header is malformed: ${header.problem}`);
  const columns = header.fields.map((name) => name.trim());
  columns.forEach((name, index) => {
    if (name === '') throw invalid(`Column ${index + 1} of the header has no name.`);
    if (columns.indexOf(name) !== index) throw invalid(`The header names the column "${name}" twice.`);
  });
  const rows = data.map((record, index): CsvRow => {
    const values = Object.fromEntries(
      columns.flatMap((name, column) =>
        column < record.fields.length ? [[name, record.fields[column] as string]] : [],
      ),
    );
    const row = { row: index + 1, line: record.line, values };
    const problem = rowProblem(record, columns);
    return problem === undefined ? row : { ...row, problem };
  });
  return { columns, rows };
};

/**
 * The values of a row that has no problem: what an import job's `process` calls first, so a
 * malformed row fails alone, with its problem as the reason.
 *
 * @param row - A row from {@link parseCsv} or {@link readCsv}.
 * @returns The row's values by column name.
 * @throws ApiError 400 `invalid_payload` with the row's problem as `details`.
 */
export const csvValues = (row: CsvRow): Readonly<Record<string, string>> => {
  if (row.problem !== undefined) throw invalid(row.problem);
  return row.values;
};

/**
 * Checks that the header names the columns an import needs; a file without them fails as a whole.
 *
 * @param table - The file read by {@link parseCsv} or {@link readCsv}.
 * @param required - Column names the import cannot do without.
 * @returns The same table.
 * @throws ApiError 400 `invalid_payload` naming the first missing column.
 */
export const requireColumns = (table: CsvTable, required: readonly string[]): CsvTable => {
  const missing = required.find((name) => !table.columns.includes(name));
  if (missing !== undefined)
    throw invalid(`The file has no column "${missing}"; its header names ${table.columns.join(', ')}.`);
  return table;
};

/**
 * Reads an uploaded CSV file (the `file` part of a multipart body) as UTF-8 and parses it with
 * {@link parseCsv}.
 *
 * @param file - The uploaded file.
 * @returns The columns and the data rows.
 * @throws ApiError 400 `invalid_payload` when the bytes are not UTF-8, and as {@link parseCsv}.
 */
export const readCsv = async (file: Blob): Promise<CsvTable> => {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    throw invalid('The file is not UTF-8 text.');
  }
  return parseCsv(text);
};

/**
 * One value of a CSV file being written: text as it is, numbers and booleans as JavaScript
 * writes them, `null` and `undefined` as an empty field.
 */
export type CsvCell = string | number | boolean | null | undefined;

/** A field needs quotes when it holds the separator, a quote or a line break (RFC 4180). */
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * In a spreadsheet-safe file a field is also quoted when it holds a semicolon, the separator of
 * spreadsheet programs in many locales, so the field stays one cell there too.
 */
const NEEDS_QUOTES_IN_SPREADSHEETS = /[",;\r\n]/;

/** First characters that make a spreadsheet program read a cell as a formula (OWASP's list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text that is a plain decimal number (`-100`, `+1.5`, `2e3`): a spreadsheet reads it as that number. */
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** How {@link csvRecord} writes fields. */
export interface CsvWriteOptions {
  /**
   * Write text so that spreadsheet programs open it as text: a text field that starts with
   * `=`, `+`, `-`, `@`, a tab or a carriage return gets a single quote in front, unless it is a
   * plain number (`-100`), and a field that holds a semicolon is quoted. Numbers (`-100` as a
   * number) are written as they are. Default `false`: values as they are.
   */
  readonly spreadsheetSafe?: boolean | undefined;
}

/**
 * The text of one field as a spreadsheet-safe file writes it: a text value that a spreadsheet
 * program would run as a formula, behind a single quote; anything else as it is.
 *
 * @param cell - The value.
 * @returns The text to write (before CSV quoting).
 */
export const spreadsheetText = (cell: CsvCell): string => {
  if (cell === null || cell === undefined) return '';
  if (typeof cell !== 'string') return String(cell);
  return FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell) ? `'${cell}` : cell;
};

/**
 * One record of a CSV file (RFC 4180): the fields separated by commas, a field that holds a
 * comma, a double quote or a line break put in double quotes with its quotes doubled, and the
 * record ended by CRLF. {@link parseCsv} reads it back to the same values (as text); a
 * spreadsheet-safe record reads back with the single quotes it added.
 *
 * @param cells - The record's values, in column order.
 * @param options - Whether to guard the fields against spreadsheet formulas.
 * @returns The record's line, CRLF included.
 */
export const csvRecord = (cells: readonly CsvCell[], options: CsvWriteOptions = {}): string => {
  const safe = options.spreadsheetSafe === true;
  const needsQuotes = safe ? NEEDS_QUOTES_IN_SPREADSHEETS : NEEDS_QUOTES;
  let line = '';
  for (let index = 0; index < cells.length; index += 1) {
    const cell = cells[index];
    const text = safe ? spreadsheetText(cell) : cell === null || cell === undefined ? '' : String(cell);
    if (index > 0) line += ',';
    line += needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  }
  return `${line}\r\n`;
};
