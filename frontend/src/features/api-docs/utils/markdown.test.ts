import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown, slugify } from './markdown';

describe('parseMarkdown', () => {
  it('reads headings, paragraphs, fenced code, lists, tables and rules', () => {
    const blocks = parseMarkdown(
      [
        'Intro line one',
        'and line two.',
        '',
        '## Getting started',
        '### 1. Create a key',
        '- first',
        '- second',
        '  continued',
        '1. one',
        '2. two',
        '```bash',
        'curl -s /v1/me',
        '',
        '  indented',
        '```',
        '| A | B |',
        '|---|:-:|',
        '| `x` | y |',
        '---',
      ].join('\n'),
    );
    expect(blocks).toEqual([
      { kind: 'paragraph', text: 'Intro line one and line two.' },
      { kind: 'heading', level: 2, text: 'Getting started', id: 'getting-started' },
      { kind: 'heading', level: 3, text: '1. Create a key', id: '1-create-a-key' },
      { kind: 'list', ordered: false, items: ['first', 'second continued'] },
      { kind: 'list', ordered: true, items: ['one', 'two'] },
      { kind: 'code', lang: 'bash', code: 'curl -s /v1/me\n\n  indented' },
      { kind: 'table', header: ['A', 'B'], rows: [['`x`', 'y']] },
      { kind: 'rule' },
    ]);
  });

  it('gives repeated headings distinct ids and survives an unclosed fence', () => {
    const blocks = parseMarkdown('## Errors\n## Errors\n```\nopen');
    expect(blocks.map((b) => (b.kind === 'heading' ? b.id : b.kind))).toEqual(['errors', 'errors-2', 'code']);
  });

  it('slugifies heading text for anchors', () => {
    expect(slugify('Quotas and `rate-limit` headers')).toBe('quotas-and-rate-limit-headers');
    expect(slugify('***')).toBe('section');
  });
});

describe('parseInline', () => {
  it('reads code, bold, italics and links; code wins over emphasis inside it', () => {
    expect(parseInline('Send **the key** in `X-API-Key` (see [docs](/docs)), *now*; `/v1/*` too')).toEqual([
      { kind: 'text', text: 'Send ' },
      { kind: 'strong', children: [{ kind: 'text', text: 'the key' }] },
      { kind: 'text', text: ' in ' },
      { kind: 'code', text: 'X-API-Key' },
      { kind: 'text', text: ' (see ' },
      { kind: 'link', href: '/docs', children: [{ kind: 'text', text: 'docs' }] },
      { kind: 'text', text: '), ' },
      { kind: 'em', children: [{ kind: 'text', text: 'now' }] },
      { kind: 'text', text: '; ' },
      { kind: 'code', text: '/v1/*' },
      { kind: 'text', text: ' too' },
    ]);
  });

  it('drops links with unsafe schemes, keeping their text', () => {
    expect(parseInline('[click](javascript:alert(1))')).toEqual([
      { kind: 'text', text: 'click' },
      { kind: 'text', text: ')' },
    ]);
    expect(parseInline('[mail](mailto:dev@example.com)')[0]).toMatchObject({
      kind: 'link',
      href: 'mailto:dev@example.com',
    });
  });

  it('leaves multiplication-like stars alone', () => {
    expect(parseInline('2 * 3 * 4')).toEqual([{ kind: 'text', text: '2 * 3 * 4' }]);
  });
});
