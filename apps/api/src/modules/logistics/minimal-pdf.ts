/**
 * A minimal PDF writer (decision 045): pages of monospaced text lines in Courier, which every PDF reader has; no
 * dependency and no headless browser. Text outside printable ASCII is written as '?'. Enough for a manifest.
 */
const LINES_PER_PAGE = 60;
const FONT_SIZE = 8;
const LEADING = 12;

function escapeText(line: string): string {
  return line
    .replace(/[^\x20-\x7e]/g, '?')
    .replace(/\\/g, '\\\\')
    .replace(/\(/g, '\\(')
    .replace(/\)/g, '\\)');
}

/** A landscape A4 document of the lines, LINES_PER_PAGE per page, the heading repeated at the top of each page. */
export function textPdf(heading: string[], lines: string[]): Buffer {
  const pages: string[][] = [];
  const room = LINES_PER_PAGE - heading.length - 1;
  for (let i = 0; i < Math.max(lines.length, 1); i += room) pages.push(lines.slice(i, i + room));
  const objects: string[] = [];
  // 1: catalog, 2: pages, 3: font; then a page and its content stream for each page.
  const pageIds = pages.map((_, i) => 4 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>';
  pages.forEach((page, i) => {
    const all = [...heading, `Page ${i + 1} of ${pages.length}`, '', ...page];
    const body = [
      'BT',
      `/F1 ${FONT_SIZE} Tf`,
      `${LEADING} TL`,
      '36 560 Td',
      ...all.map((line) => `(${escapeText(line)}) '`),
      'ET',
    ].join('\n');
    objects[pageIds[i]] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 842 595] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageIds[i] + 1} 0 R >>`;
    objects[pageIds[i] + 1] = `<< /Length ${Buffer.byteLength(body, 'latin1')} >>\nstream\n${body}\nendstream`;
  });
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(out, 'latin1');
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
