import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { LocaleSchema, localeFromAcceptLanguage, translate, type Locale } from '@petheart/contracts';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    /** Translates a message key into the request's language. */
    t(key: string, params?: Record<string, string | number>): string;
  }
}

/** The request's language: the `lang` header (what the app chose), else Accept-Language, else English. */
export function requestLocale(request: FastifyRequest): Locale {
  const chosen = LocaleSchema.safeParse(request.headers.lang);
  if (chosen.success) return chosen.data;
  return localeFromAcceptLanguage(request.headers['accept-language']);
}

export const localePlugin = fp(
  (app) => {
    app.decorateRequest('locale', 'en');
    app.decorateRequest('t', function (this: FastifyRequest, key: string, params?: Record<string, string | number>) {
      return translate(this.locale, key, params);
    });
    app.addHook('onRequest', (request, _reply, done) => {
      request.locale = requestLocale(request);
      done();
    });
  },
  { name: 'locale' },
);
