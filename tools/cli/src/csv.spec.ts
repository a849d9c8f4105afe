import fc from 'fast-check';
import { csvField, csvRecord, escapeFormula, parseCsv, unescapeFormula } from './csv';

async function parse(chunks: string[]): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const { fields } of parseCsv(chunks)) rows.push(fields);
  return rows;
}

describe('CSV (RFC 4180, with formula protection)', () => {
  it('quotes what needs quoting and doubles quotes', () => {
    expect(csvRecord(['plain', 'a,b', 'say "hi"', 'two\nlines', ' padded', 12, null])).toBe(
      'plain,"a,b","say ""hi""","two\nlines"," padded",12,\r\n',
    );
  });

  it('neutralises cells a spreadsheet would run as formulas, and only those', () => {
    expect(csvField('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(csvField('+2348012345678')).toBe("'+2348012345678");
    expect(csvField('-10% off')).toBe("'-10% off");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvField('\t=1')).toBe("'\t=1");
    expect(csvField("it's fine")).toBe("it's fine");
    expect(csvField('1500.00')).toBe('1500.00');
    // Numbers are not text: a negative amount stays a number.
    expect(csvField(-5)).toBe('-5');
  });

  it('escapeFormula and unescapeFormula are inverse for every string', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(unescapeFormula(escapeFormula(text))).toBe(text);
        expect(escapeFormula(text)).not.toMatch(/^[=+\-@\t\r]/);
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.stringMatching(/^'{0,3}[=+\-@'a]{0,3}.{0,5}$/), (text) => {
        expect(unescapeFormula(escapeFormula(text))).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });

  it('parses what it writes, wherever the input is split into chunks', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.array(fc.string({ unit: fc.constantFrom('a', ',', '"', '\n', '\r', ' ', '=', 'é') }), {
            minLength: 2,
            maxLength: 4,
          }),
          {
            minLength: 1,
            maxLength: 5,
          },
        ),
        fc.integer({ min: 1, max: 7 }),
        async (rows, size) => {
          const text = rows.map((r) => csvRecord(r)).join('');
          const chunks: string[] = [];
          for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
          const parsed = await parse(chunks);
          expect(parsed.map((r) => r.map(unescapeFormula))).toEqual(rows);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('numbers rows as a spreadsheet does, accepts LF, a BOM and no final line break, skips blank lines', async () => {
    const rows: Array<{ row: number; fields: string[] }> = [];
    for await (const r of parseCsv(['\ufeffa,b\n1,"x\ny"\n\n2,z'])) rows.push(r);
    expect(rows).toEqual([
      { row: 1, fields: ['a', 'b'] },
      { row: 2, fields: ['1', 'x\ny'] },
      { row: 3, fields: ['2', 'z'] },
    ]);
  });

  it('refuses an unterminated quote and text after a closing quote, naming the row', async () => {
    await expect(parse(['a,b\r\n"open,1\r\n'])).rejects.toThrow('Row 2: a quoted field is not closed');
    await expect(parse(['a,b\r\n"x"y,1\r\n'])).rejects.toThrow('Row 2: unexpected "y" after a closing quote');
  });
});
