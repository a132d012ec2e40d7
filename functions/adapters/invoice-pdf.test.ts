import { describe, expect, it } from 'vitest';
import { renderPdf } from './invoice-pdf';

/** Reads the cross-reference table back and checks every offset lands on its object. */
function checkStructure(pdf: Buffer) {
  const text = pdf.toString('latin1');
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 4)).toBe('xref');
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref)) ?? [];
  expect(Number(first)).toBe(0);
  const entries = text
    .slice(startxref)
    .split('\n')
    .slice(2, 2 + Number(count));
  expect(entries[0]).toBe('0000000000 65535 f ');
  entries.slice(1).forEach((entry, i) => {
    expect(entry).toMatch(/^\d{10} 00000 n $/);
    const offset = Number(entry.slice(0, 10));
    expect(text.slice(offset).startsWith(`${i + 1} 0 obj\n`)).toBe(true);
  });
  const length = Number(/\/Length (\d+) >>\nstream\n/.exec(text)?.[1]);
  const streamStart = text.indexOf('stream\n') + 'stream\n'.length;
  expect(text.slice(streamStart + length, streamStart + length + '\nendstream'.length)).toBe('\nendstream');
  return text;
}

describe('renderPdf', () => {
  it('writes a one-page PDF with correct cross-reference offsets', () => {
    const pdf = renderPdf([
      { text: 'INVOICE', style: 'title' },
      { text: 'Invoice number: INV-20260101-ABCD1234', style: 'body' },
      { text: 'Billed to', style: 'heading' },
      { text: 'Includes the platform fee.', style: 'muted' },
    ]);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = checkStructure(pdf);
    expect(text).toContain('/BaseFont /Helvetica ');
    expect(text).toContain('(Invoice number: INV-20260101-ABCD1234) Tj');
    expect(text).toContain('/Count 1');
  });

  it('escapes PDF string delimiters and replaces characters Helvetica cannot show', () => {
    const text = checkStructure(renderPdf([{ text: 'Smile (Pro) \\ café – 歯科', style: 'body' }], 'Invoice (test)'));
    expect(text).toContain('(Smile \\(Pro\\) \\\\ caf\xE9 \x96 ??) Tj');
    expect(text).toContain('/Title (Invoice \\(test\\))');
  });

  it('wraps long lines instead of running off the page', () => {
    const long = 'word '.repeat(60).trim();
    const text = checkStructure(renderPdf([{ text: long, style: 'body' }]));
    expect(text.match(/ Tj ET/g)?.length).toBeGreaterThan(1);
  });
});
