import { GIVEN_ANSWERS_ID } from '@petheart/contracts';

/**
 * Answers the server gave with the page (decision 040): the first answer of a call the page makes at once, in a
 * `<script type="application/json" id="ph-answers">` block (data, not a script: the CSP allows it), so the page
 * shows it in its first render instead of asking over the network after it. Each is taken once, and only for a
 * call without input in the language it was given in; the client then reads it like a response (envelope, schema).
 */
export interface GivenAnswers {
  /** The answer's body for `method path` in `lang`, once; undefined when there is none (left). */
  take(method: string, path: string, lang: string): unknown;
}

const NO_GIVEN_ANSWERS: GivenAnswers = { take: () => undefined };

/** Reads the block once from the page; a missing or unreadable block gives nothing. */
export function readGivenAnswers(doc: Pick<Document, 'getElementById'>): GivenAnswers {
  const text = doc.getElementById(GIVEN_ANSWERS_ID)?.textContent;
  if (!text) return NO_GIVEN_ANSWERS;
  let given: { lang?: unknown; answers?: unknown };
  try {
    given = JSON.parse(text) as typeof given;
  } catch {
    return NO_GIVEN_ANSWERS;
  }
  const { lang, answers } = given;
  if (typeof lang !== 'string' || answers === null || typeof answers !== 'object') return NO_GIVEN_ANSWERS;
  const left = new Map<string, unknown>(Object.entries(answers as Record<string, unknown>));
  return {
    take(method, path, wanted) {
      const key = `${method} ${path}`;
      if (wanted !== lang || !left.has(key)) return undefined;
      const body = left.get(key);
      left.delete(key);
      return body;
    },
  };
}
