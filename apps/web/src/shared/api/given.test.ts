import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { GIVEN_ANSWERS_ID, translate, type JsonEndpoint, type Locale } from '@petheart/contracts';
import { createApiClient } from './client';
import { readGivenAnswers } from './given';

/** A page as the server sends it, with its given answers in the data block. */
function pageWith(block: string): Document {
  const doc = document.implementation.createHTMLDocument('page');
  doc.head.innerHTML = `<script type="application/json" id="${GIVEN_ANSWERS_ID}">${block}</script>`;
  return doc;
}

const home: JsonEndpoint<z.ZodUndefined, z.ZodObject<{ n: z.ZodNumber }>> = {
  kind: 'json',
  method: 'POST',
  path: '/api/content/home',
  auth: 'none',
  tag: 'test',
  input: z.undefined(),
  data: z.object({ n: z.number() }),
};

function client(doc: Document, locale: Locale = 'en') {
  const fetchMock = vi.fn<typeof fetch>(() =>
    Promise.resolve(new Response(JSON.stringify({ code: 1, msg: '', time: 1, data: { n: 2 } }), { status: 200 })),
  );
  const ui = {
    toast: vi.fn(),
    showLoading: vi.fn(),
    hideLoading: vi.fn(),
    serverError: vi.fn(),
    confirmLogin: vi.fn(),
  };
  const api = createApiClient({
    ui,
    fetch: fetchMock,
    getToken: () => null,
    removeToken: vi.fn(),
    getLocale: () => locale,
    translate: (key) => translate(locale, key),
    goLogin: vi.fn(),
    given: readGivenAnswers(doc),
  });
  return { api, fetchMock, ui };
}

const block = (lang: string, data: unknown) =>
  JSON.stringify({ lang, answers: { 'POST /api/content/home': { code: 1, msg: '', time: 1, data } } });

describe('answers given with the page', () => {
  it('answers the first call from the page, then asks the server', async () => {
    const { api, fetchMock } = client(pageWith(block('en', { n: 1 })));
    await expect(api.call(home)).resolves.toEqual({ n: 1 });
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(api.call(home)).resolves.toEqual({ n: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('is not taken in another language than it was given in', async () => {
    const { api, fetchMock } = client(pageWith(block('en', { n: 1 })), 'ja');
    await expect(api.call(home)).resolves.toEqual({ n: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('is read like a response: an answer that does not fit the schema fails as the server’s would', async () => {
    const { api, fetchMock, ui } = client(pageWith(block('en', { n: 'one' })));
    await expect(api.call(home, undefined, { silent: true })).rejects.toThrow();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(ui.toast).not.toHaveBeenCalled();
  });

  it('gives nothing for a page without the block or with one that is not JSON', () => {
    expect(
      readGivenAnswers(document.implementation.createHTMLDocument('x')).take('POST', '/api/content/home', 'en'),
    ).toBe(undefined);
    expect(readGivenAnswers(pageWith('{not json')).take('POST', '/api/content/home', 'en')).toBe(undefined);
  });
});
