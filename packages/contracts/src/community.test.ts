import { describe, expect, it } from 'vitest';
import {
  AdminPostRejectBodySchema,
  COMMENT_MAX_CHARS,
  POST_MAX_CHARS,
  POST_MAX_IMAGES,
  PostCommentBodySchema,
  PostPublishBodySchema,
  PostSchema,
  PostUpdateBodySchema,
  SearchBodySchema,
  charCount,
} from './community';
import { translate } from './messages';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('community contracts', () => {
  const valid = { content: 'Fed the cats today', images: ['/uploads/a.jpg'], device_id: 'PH-0001' };

  it('accepts a post and keeps its text as given (trimmed only)', () => {
    const text = '  <script>alert("x")</script> & "quotes" \'single\'  ';
    const parsed = PostPublishBodySchema.parse({ ...valid, content: text });
    expect(parsed.content).toBe(text.trim());
    expect(parsed.images).toEqual(['/uploads/a.jpg']);
    expect(PostPublishBodySchema.parse({ content: 'x', device_id: 'PH-0001' }).images).toEqual([]);
  });

  it('asks for the content and the device with the specification’s words', () => {
    const empty = PostPublishBodySchema.safeParse({ ...valid, content: '   ' });
    expect(firstMessage(empty)).toBe('v.content');
    expect(translate('en', 'v.content')).toBe('Please enter the content');
    const missing = PostPublishBodySchema.safeParse({ content: 'x', images: [] });
    expect(firstMessage(missing)).toBe('v.device');
    expect(translate('en', 'v.device')).toBe('Please select the device');
    expect(firstMessage(PostPublishBodySchema.safeParse({ ...valid, device_id: '' }))).toBe('v.device');
    expect(translate('en', 'post.deleteConfirm')).toBe('Are you sure you want to delete this item?');
  });

  it('limits the text by characters as people count them', () => {
    const emoji = '🐱'.repeat(POST_MAX_CHARS);
    expect(charCount(emoji)).toBe(POST_MAX_CHARS);
    expect(PostPublishBodySchema.safeParse({ ...valid, content: emoji }).success).toBe(true);
    const over = PostPublishBodySchema.safeParse({ ...valid, content: 'a'.repeat(POST_MAX_CHARS + 1) });
    expect(firstMessage(over)).toBe('v.contentTooLong');
    expect(translate('en', 'v.contentTooLong')).toContain(String(POST_MAX_CHARS));
    const comment = PostCommentBodySchema.safeParse({ id: 1, content: 'c'.repeat(COMMENT_MAX_CHARS + 1) });
    expect(firstMessage(comment)).toBe('v.commentTooLong');
    expect(translate('en', 'v.commentTooLong')).toContain(String(COMMENT_MAX_CHARS));
    expect(firstMessage(PostCommentBodySchema.safeParse({ id: 1, content: ' ' }))).toBe('v.comment');
    expect(firstMessage(PostCommentBodySchema.safeParse({ id: 1, content: 'a\u0000b' }))).toBe('v.nul');
  });

  it('limits the images', () => {
    const images = Array.from({ length: POST_MAX_IMAGES + 1 }, (_, i) => `/uploads/${String(i)}.jpg`);
    expect(firstMessage(PostPublishBodySchema.safeParse({ ...valid, images }))).toBe('v.postImages');
    expect(translate('en', 'v.postImages')).toContain(String(POST_MAX_IMAGES));
    expect(PostPublishBodySchema.safeParse({ ...valid, images: images.slice(1) }).success).toBe(true);
  });

  it('needs an id to update, a remark to reject and a keyword to search', () => {
    expect(PostUpdateBodySchema.safeParse(valid).success).toBe(false);
    expect(PostUpdateBodySchema.safeParse({ ...valid, id: 3, clip_id: null }).success).toBe(true);
    expect(firstMessage(AdminPostRejectBodySchema.safeParse({ id: 1, remark: '' }))).toBe('v.rejectRemark');
    expect(firstMessage(SearchBodySchema.safeParse({ keyword: ' ' }))).toBe('v.keyword');
    expect(SearchBodySchema.parse({ keyword: 'cat' })).toEqual({ keyword: 'cat', type: 'all', page: 1, limit: 10 });
    expect(SearchBodySchema.safeParse({ keyword: 'cat', type: 'users' }).success).toBe(false);
  });

  it('describes a post on the wire in snake_case', () => {
    const post = {
      id: 1,
      content: 'hi',
      images: [],
      video_url: null,
      device: { id: 'PH-0001', name: 'Gate', base_id: 1, base_name: 'North' },
      status: 'rej',
      remark: 'blurry',
      like_count: 0,
      comment_count: 0,
      liked: false,
      created_at: 1,
      updated_at: 1,
      published_at: null,
      author: { id: 2, nickname: 'n', avatar: '' },
      mine: true,
    };
    expect(PostSchema.parse(post)).toEqual(post);
    expect(PostSchema.safeParse({ ...post, status: 'published' }).success).toBe(false);
  });
});
