/**
 * CSV as RFC 4180 describes it: fields separated by commas, records by CRLF; a field holding a comma, a quote, a
 * line break or surrounding spaces is quoted, with its quotes doubled. Both ways stream: the writer formats one
 * record at a time, the parser reads chunks and yields records as they complete, so a file of any size passes
 * through in bounded memory.
 *
 * Spreadsheet formulas: a cell that starts with = + - @ (or a tab or carriage return) would run as a formula when the
 * file is opened in a spreadsheet (CSV injection). Such a cell is written with a leading single quote, which
 * spreadsheets show as text; a cell that already starts with quotes before one of those characters gets one more,
 * so reading it back (unescapeFormula) removes exactly one and every value survives the round trip.
 */

const FORMULA = /^'*[=+\-@\t\r]/;

export function escapeFormula(value: string): string {
  return FORMULA.test(value) ? `'${value}` : value;
}

export function unescapeFormula(value: string): string {
  return /^'+[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

/** One CSV field: null and undefined are empty; text is formula-escaped, then quoted when it needs to be. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? String(value) : escapeFormula(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRecord(values: Array<string | number | null | undefined>): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

export class CsvSyntaxError extends Error {
  constructor(
    public readonly row: number,
    message: string,
  ) {
    super(`Row ${row}: ${message}`);
    this.name = 'CsvSyntaxError';
  }
}

/**
 * Parses CSV text arriving in chunks; yields each record with its row number (the header is row 1, as a
 * spreadsheet numbers them; a quoted line break does not start a new row). Accepts CRLF or LF, a UTF-8 byte order
 * mark, and a missing final line break. A quote inside an unquoted field is kept as text; an unterminated quoted
 * field, or text after a closing quote, is a CsvSyntaxError. Blank lines are skipped.
 */
export async function* parseCsv(
  chunks: AsyncIterable<string | Buffer> | Iterable<string | Buffer>,
): AsyncGenerator<{ row: number; fields: string[] }> {
  type State = 'start' | 'unquoted' | 'quoted' | 'quote';
  let state: State = 'start';
  let record: string[] = [];
  let field = '';
  let row = 0;
  let first = true;
  let skipLf = false;

  const endRecord = (): { row: number; fields: string[] } | null => {
    record.push(field);
    field = '';
    const done = record;
    record = [];
    state = 'start';
    if (done.length === 1 && done[0] === '') return null; // a blank line
    row++;
    return { row, fields: done };
  };

  for await (const chunk of chunks) {
    let text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    if (first && text.length) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      first = false;
    }
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (skipLf) {
        skipLf = false;
        if (c === '\n') continue; // the LF of a CRLF: the record ended at the CR
      }
      if (state === 'quoted') {
        if (c === '"') state = 'quote';
        else field += c;
        continue;
      }
      if (state === 'quote') {
        if (c === '"') {
          field += '"'; // a doubled quote
          state = 'quoted';
          continue;
        }
        if (c !== ',' && c !== '\r' && c !== '\n')
          throw new CsvSyntaxError(
            row + 1,
            `unexpected "${c}" after a closing quote (quote the whole field and double the quotes inside it).`,
          );
      }
      if (c === ',') {
        record.push(field);
        field = '';
        state = 'start';
      } else if (c === '\r' || c === '\n') {
        skipLf = c === '\r';
        const done = endRecord();
        if (done) yield done;
      } else if (c === '"' && state === 'start') {
        state = 'quoted';
      } else {
        field += c;
        state = 'unquoted';
      }
    }
  }
  if (state === 'quoted') throw new CsvSyntaxError(row + 1, 'a quoted field is not closed before the end of the file.');
  if (state !== 'start' || record.length) {
    const done = endRecord();
    if (done) yield done;
  }
}
