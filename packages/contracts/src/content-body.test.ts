import { describe, expect, it } from 'vitest';
import { contentBodyImages, contentBodyText, isSafeHref, parseContentBody, parseInline } from './content-body';

describe('content bodies (decision 013)', () => {
  it('parses headings, paragraphs with line breaks, lists, quotes and images into blocks', () => {
    const body = parseContentBody(
      '## Why we feed\r\n\r\nEvery **10 g** counts.\nThank _you_.\n\n- one\n- two\n\n1. first\n2) second\n\n> kind words\n> twice\n\n![A cat](/uploads/2026/a.jpg)\n### Small',
    );
    expect(body).toEqual([
      { type: 'heading', level: 2, content: [{ type: 'text', text: 'Why we feed' }] },
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'Every ' },
          { type: 'strong', text: '10 g' },
          { type: 'text', text: ' counts.' },
          { type: 'break' },
          { type: 'text', text: 'Thank ' },
          { type: 'em', text: 'you' },
          { type: 'text', text: '.' },
        ],
      },
      { type: 'list', ordered: false, items: [[{ type: 'text', text: 'one' }], [{ type: 'text', text: 'two' }]] },
      { type: 'list', ordered: true, items: [[{ type: 'text', text: 'first' }], [{ type: 'text', text: 'second' }]] },
      {
        type: 'quote',
        content: [{ type: 'text', text: 'kind words' }, { type: 'break' }, { type: 'text', text: 'twice' }],
      },
      { type: 'image', alt: 'A cat', src: '/uploads/2026/a.jpg' },
      { type: 'heading', level: 3, content: [{ type: 'text', text: 'Small' }] },
    ]);
    expect(contentBodyImages(body)).toEqual(['/uploads/2026/a.jpg']);
    expect(contentBodyText(body)).toBe(
      'Why we feed Every 10 g counts. Thank you. one two first second kind words twice Small',
    );
  });

  it('keeps markup-looking text as text: HTML is never produced, unsafe links stay as written', () => {
    const nodes = parseInline(
      '<img src=x onerror=alert(1)> [go](javascript:alert(1)) [x](//evil.example) [ok](/pages/index/petCorner)',
    );
    expect(nodes).toEqual([
      { type: 'text', text: '<img src=x onerror=alert(1)> [go](javascript:alert(1)) [x](//evil.example) ' },
      { type: 'link', text: 'ok', href: '/pages/index/petCorner' },
    ]);
    expect(parseContentBody('<script>alert(1)</script>')).toEqual([
      { type: 'paragraph', content: [{ type: 'text', text: '<script>alert(1)</script>' }] },
    ]);
  });

  it('leaves snake_case words and lone markers alone', () => {
    expect(parseInline('feed_count and 2 * 3 and **open')).toEqual([
      { type: 'text', text: 'feed_count and 2 * 3 and **open' },
    ]);
  });

  it('accepts only http(s) addresses and paths on this site as links', () => {
    for (const ok of ['https://petheart.example/a?b=1', 'http://x.org', '/pages/live/live?device_id=PH-0001'])
      expect(isSafeHref(ok), ok).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      '//evil.example',
      'data:text/html,x',
      'https://',
      '/a b',
      'pages/x',
      '/\\evil',
    ])
      expect(isSafeHref(bad), bad).toBe(false);
  });

  it('gives an empty body for empty or blank text', () => {
    expect(parseContentBody('')).toEqual([]);
    expect(parseContentBody(' \n \n\t')).toEqual([]);
  });
});
