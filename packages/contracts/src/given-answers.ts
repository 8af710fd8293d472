/**
 * The element of the page the server sends that holds the first answers of the calls the page makes at once
 * (decision 040): a `<script type="application/json">` block the API writes (http/route-hints.ts) and the web app's
 * API client reads (shared/api/given.ts). Its own module without zod: the app's entry chunk imports it.
 */
export const GIVEN_ANSWERS_ID = 'ph-answers';
