import { z } from 'zod';
import { BooleanSchema, StringSchema } from './fields';

/**
 * Article and page bodies (decision 013). Editors write a small Markdown subset; the server sends the
 * parsed block tree below, never HTML. The client renders each node as a React element whose text is
 * text: a `<script>` written in a body reaches the reader as the characters `<script>`.
 *
 * Written form (blocks are separated by a blank line):
 *   ## Heading / ### Smaller heading      - item / * item      1. item      > quote
 *   ![description](/uploads/…)            (alone on its line: an image; only uploads are accepted)
 *   inline: **bold**, *italic* or _italic_, [text](https://… | http://… | /pages/…), a single line
 *   break inside a paragraph is kept.
 * Anything else is plain text.
 */
export const ContentInlineSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: StringSchema }),
  z.object({ type: z.literal('strong'), text: StringSchema }),
  z.object({ type: z.literal('em'), text: StringSchema }),
  /** href: an http(s) address (open outside) or a path on this site starting with / (push). */
  z.object({ type: z.literal('link'), text: StringSchema, href: StringSchema }),
  z.object({ type: z.literal('break') }),
]);
export type ContentInline = z.infer<typeof ContentInlineSchema>;

export const ContentBlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('paragraph'), content: z.array(ContentInlineSchema) }),
  z.object({
    type: z.literal('heading'),
    level: z.union([z.literal(2), z.literal(3)]),
    content: z.array(ContentInlineSchema),
  }),
  z.object({ type: z.literal('list'), ordered: BooleanSchema, items: z.array(z.array(ContentInlineSchema)) }),
  z.object({ type: z.literal('quote'), content: z.array(ContentInlineSchema) }),
  /** src: an upload path (/uploads/…) or the full address an upload answered; prefix paths with the asset host. */
  z.object({ type: z.literal('image'), src: StringSchema, alt: StringSchema }),
]);
export type ContentBlock = z.infer<typeof ContentBlockSchema>;

export const ContentBodySchema = z.array(ContentBlockSchema);
export type ContentBody = z.infer<typeof ContentBodySchema>;

/** A link target the client may follow: http(s) addresses and paths on this site (not protocol-relative //). */
export function isSafeHref(href: string): boolean {
  if (/^https?:\/\/[^\s/]+/i.test(href)) return !/\s/.test(href);
  return /^\/(?!\/)/.test(href) && !/\s/.test(href) && !href.includes('\\');
}

const IMAGE_LINE = /^!\[([^\]\n]*)\]\(([^)\s]+)\)$/;
const HEADING = /^(#{1,3})\s+(.*)$/;
const BULLET = /^[-*]\s+(.*)$/;
const NUMBERED = /^\d{1,3}[.)]\s+(.*)$/;
const QUOTE = /^>\s?(.*)$/;
// **bold**, *em* / _em_, [text](href): the earliest match wins; unmatched markers stay text.
const INLINE =
  /\*\*(?!\s)([^*\n]*[^\s*])\*\*|\*(?![\s*])([^*\n]*[^\s*])\*|(?<![A-Za-z0-9])_(?!\s)([^_\n]*[^\s_])_(?![A-Za-z0-9])|\[([^\]\n]+)\]\(([^)\s]+)\)/g;

/** Inline markup of one line (or of lines joined by breaks). */
export function parseInline(source: string): ContentInline[] {
  const out: ContentInline[] = [];
  const pushText = (text: string) => {
    if (!text) return;
    const last = out[out.length - 1];
    if (last?.type === 'text') last.text += text;
    else out.push({ type: 'text', text });
  };
  const lines = source.split('\n');
  lines.forEach((line, i) => {
    if (i > 0) out.push({ type: 'break' });
    let at = 0;
    for (const m of line.matchAll(INLINE)) {
      pushText(line.slice(at, m.index));
      at = m.index + m[0].length;
      const [whole, bold, em1, em2, linkText, href] = m;
      if (bold !== undefined) out.push({ type: 'strong', text: bold });
      else if (em1 !== undefined || em2 !== undefined) out.push({ type: 'em', text: em1 ?? em2 ?? '' });
      else if (linkText !== undefined && href !== undefined && isSafeHref(href))
        out.push({ type: 'link', text: linkText, href });
      // An address the client must not follow (javascript:, //elsewhere…) stays as written, as text.
      else pushText(whole);
    }
    pushText(line.slice(at));
  });
  return out;
}

/** Parses a written body into blocks (pure; the server does it on every read, the console for its preview). */
export function parseContentBody(source: string): ContentBody {
  const blocks: ContentBody = [];
  const chunks = source
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((c) => c.trim())
    .filter(Boolean);
  for (const chunk of chunks) {
    const lines = chunk.split('\n').map((l) => l.trim());
    let paragraph: string[] = [];
    const flush = () => {
      if (paragraph.length) blocks.push({ type: 'paragraph', content: parseInline(paragraph.join('\n')) });
      paragraph = [];
    };
    let i = 0;
    while (i < lines.length) {
      const line = lines[i] ?? '';
      const image = IMAGE_LINE.exec(line);
      const heading = HEADING.exec(line);
      if (image) {
        flush();
        blocks.push({ type: 'image', alt: image[1] ?? '', src: image[2] ?? '' });
        i++;
      } else if (heading) {
        flush();
        blocks.push({ type: 'heading', level: heading[1] === '###' ? 3 : 2, content: parseInline(heading[2] ?? '') });
        i++;
      } else if (BULLET.test(line) || NUMBERED.test(line)) {
        flush();
        const ordered = !BULLET.test(line);
        const pattern = ordered ? NUMBERED : BULLET;
        const items: ContentInline[][] = [];
        for (let m = pattern.exec(lines[i] ?? ''); m && i < lines.length; m = pattern.exec(lines[i] ?? '')) {
          items.push(parseInline(m[1] ?? ''));
          i++;
        }
        blocks.push({ type: 'list', ordered, items });
      } else if (QUOTE.test(line)) {
        flush();
        const quoted: string[] = [];
        for (let m = QUOTE.exec(lines[i] ?? ''); m && i < lines.length; m = QUOTE.exec(lines[i] ?? '')) {
          quoted.push(m[1] ?? '');
          i++;
        }
        blocks.push({ type: 'quote', content: parseInline(quoted.join('\n')) });
      } else {
        paragraph.push(line);
        i++;
      }
    }
    flush();
  }
  return blocks;
}

/** The image addresses a body shows (the server checks each is an upload before saving). */
export function contentBodyImages(body: ContentBody): string[] {
  return body.flatMap((b) => (b.type === 'image' ? [b.src] : []));
}

const inlineText = (content: ContentInline[]) => content.map((n) => (n.type === 'break' ? ' ' : n.text)).join('');

/** The body as plain text (for summaries and search), images left out. */
export function contentBodyText(body: ContentBody): string {
  return body
    .map((b) => {
      if (b.type === 'image') return '';
      if (b.type === 'list') return b.items.map(inlineText).join(' ');
      return inlineText(b.content);
    })
    .filter(Boolean)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}
