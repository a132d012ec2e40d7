/**
 * A small hand-written PDF writer for one-page documents of text lines (the buyer's invoice): the
 * standard Helvetica fonts (no embedding), WinAnsi text, one content stream, and a cross-reference
 * table whose byte offsets are computed from the bytes actually written. No library needed.
 */
import type { InvoiceLine, InvoiceLineStyle } from '../core/purchases/invoice';

const PAGE = { width: 612, height: 792, margin: 56 } as const; // US Letter, points

const STYLE: Record<InvoiceLineStyle, { font: 'F1' | 'F2'; size: number; gray: number; before: number }> = {
  title: { font: 'F2', size: 22, gray: 0, before: 0 },
  heading: { font: 'F2', size: 12, gray: 0, before: 14 },
  body: { font: 'F1', size: 11, gray: 0, before: 0 },
  muted: { font: 'F1', size: 9, gray: 0.42, before: 6 },
};

// WinAnsiEncoding codes for the few non-Latin-1 characters worth keeping.
const WIN_ANSI: Record<string, number> = {
  '€': 0x80,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '…': 0x85,
};

/** Text as WinAnsi bytes inside a PDF literal string: ( ) \ escaped, anything unmappable -> '?'. */
function pdfString(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) as number;
    const mapped = WIN_ANSI[ch] ?? (code >= 0x20 && code <= 0xff && code !== 0x7f ? code : 0x3f);
    const c = String.fromCharCode(mapped);
    out += c === '(' || c === ')' || c === '\\' ? `\\${c}` : c;
  }
  return `(${out})`;
}

/** Greedy word wrap by an average Helvetica glyph width (about half the font size). */
function wrap(text: string, size: number): string[] {
  const maxChars = Math.floor((PAGE.width - 2 * PAGE.margin) / (size * 0.52));
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (current && `${current} ${word}`.length > maxChars) {
      lines.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
    while (current.length > maxChars) {
      lines.push(current.slice(0, maxChars));
      current = current.slice(maxChars);
    }
  }
  if (current || lines.length === 0) lines.push(current);
  return lines;
}

function contentStream(lines: readonly InvoiceLine[]): string {
  const ops: string[] = [];
  let y = PAGE.height - PAGE.margin;
  for (const line of lines) {
    const style = STYLE[line.style];
    y -= style.before;
    for (const part of wrap(line.text, style.size)) {
      y -= style.size * 1.35;
      if (y < PAGE.margin) break; // one page: anything beyond the bottom margin is cut
      ops.push(
        `BT /${style.font} ${style.size} Tf ${style.gray} g ${PAGE.margin} ${y.toFixed(2)} Td ${pdfString(part)} Tj ET`,
      );
    }
    if (line.style === 'title') y -= 10;
  }
  return ops.join('\n');
}

/** The whole document. Bytes are Latin-1 so that string length equals byte offset. */
export function renderPdf(lines: readonly InvoiceLine[], title = 'Invoice'): Buffer {
  const stream = contentStream(lines);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    `<< /Title ${pdfString(title)} /Producer (Dental App Marketplace) >>`,
  ];
  // The comment line of bytes above 127 tells tools the file is binary.
  let out = '%PDF-1.4\n%\xE2\xE3\xCF\xD3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
