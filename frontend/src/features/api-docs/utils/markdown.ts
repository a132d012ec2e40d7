/**
 * A tiny Markdown reader for the API guide (info.description) and operation descriptions:
 * headings, paragraphs, fenced code, bullet and numbered lists, pipe tables and rules; inline
 * code, bold, italics and links. It produces data, never HTML, so nothing from the document can
 * inject markup.
 */
export type Block =
  | { kind: 'heading'; level: number; text: string; id: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'code'; lang: string; code: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'table'; header: string[]; rows: string[][] }
  | { kind: 'rule' };

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'strong'; children: Inline[] }
  | { kind: 'em'; children: Inline[] }
  | { kind: 'link'; href: string; children: Inline[] };

const FENCE = /^\s*(`{3,}|~{3,})\s*([\w+-]*)\s*$/;
const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/;
const LIST_ITEM = /^\s*([-*+]|\d{1,9}[.)])\s+(.*)$/;
const TABLE_DIVIDER = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

/** "Getting started" -> "getting-started" (for anchors). */
export function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[`*_[\]()]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'section'
  );
}

const splitRow = (line: string) =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());

/** A pipe row followed by a divider row with as many cells starts a table. */
const isTableStart = (line: string, next: string | undefined) =>
  line.trim().startsWith('|') &&
  next !== undefined &&
  TABLE_DIVIDER.test(next) &&
  splitRow(next).length === splitRow(line).length;

const startsBlock = (line: string, next: string | undefined) =>
  FENCE.test(line) || HEADING.test(line) || RULE.test(line) || LIST_ITEM.test(line) || isTableStart(line, next);

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  const ids = new Map<string, number>();
  const uniqueId = (text: string) => {
    const base = slugify(text);
    const n = ids.get(base) ?? 0;
    ids.set(base, n + 1);
    return n ? `${base}-${n + 1}` : base;
  };

  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    const next = lines[i + 1];
    if (!line.trim()) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1] ?? '```';
      const code: string[] = [];
      i++;
      while (i < lines.length && !(lines[i] ?? '').trim().startsWith(marker)) code.push(lines[i++] ?? '');
      i++; // the closing fence (or the end)
      blocks.push({ kind: 'code', lang: fence[2] ?? '', code: code.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const text = heading[2] ?? '';
      blocks.push({ kind: 'heading', level: heading[1]?.length ?? 1, text, id: uniqueId(text) });
      i++;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ kind: 'rule' });
      i++;
      continue;
    }
    if (isTableStart(line, next)) {
      const header = splitRow(line);
      const rows: string[][] = [];
      i += 2;
      while (i < lines.length && (lines[i] ?? '').trim().startsWith('|')) rows.push(splitRow(lines[i++] ?? ''));
      blocks.push({ kind: 'table', header, rows });
      continue;
    }
    const first = LIST_ITEM.exec(line);
    if (first) {
      const ordered = /\d/.test(first[1] ?? '');
      const items: string[] = [];
      while (i < lines.length) {
        const current = lines[i] ?? '';
        const item = LIST_ITEM.exec(current);
        if (item && /\d/.test(item[1] ?? '') !== ordered) break; // a list of the other kind starts
        if (item) items.push(item[2] ?? '');
        else if (current.trim() && !startsBlock(current, lines[i + 1]) && items.length)
          items[items.length - 1] += ` ${current.trim()}`;
        else break;
        i++;
      }
      blocks.push({ kind: 'list', ordered, items });
      continue;
    }
    const text: string[] = [];
    while (i < lines.length && (lines[i] ?? '').trim() && !startsBlock(lines[i] ?? '', lines[i + 1])) {
      text.push((lines[i++] ?? '').trim());
    }
    if (!text.length) text.push((lines[i++] ?? '').trim()); // a line no other rule claimed
    blocks.push({ kind: 'paragraph', text: text.join(' ') });
  }
  return blocks;
}

const INLINE = /`([^`]+)`|\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)|(?<![\w*])\*(?!\s)([^*]+?)\*(?![\w*])/g;

/** Only web, mail and in-page or same-site links are kept; anything else reads as plain text. */
const safeHref = (href: string) => (/^(https?:\/\/|mailto:|\/|#)/i.test(href) ? href : null);

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    const at = m.index ?? 0;
    if (at > last) out.push({ kind: 'text', text: text.slice(last, at) });
    if (m[1] !== undefined) out.push({ kind: 'code', text: m[1] });
    else if (m[2] !== undefined) out.push({ kind: 'strong', children: parseInline(m[2]) });
    else if (m[3] !== undefined) {
      const href = safeHref(m[4] ?? '');
      const children = parseInline(m[3]);
      if (href) out.push({ kind: 'link', href, children });
      else out.push(...children);
    } else if (m[5] !== undefined) out.push({ kind: 'em', children: parseInline(m[5]) });
    last = at + m[0].length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
}
