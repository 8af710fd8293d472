/** One language's contracts messages, generated at build time by vite-messages-plugin.ts. */
declare module 'virtual:petheart-messages/*' {
  const texts: Record<string, string>;
  export default texts;
}
