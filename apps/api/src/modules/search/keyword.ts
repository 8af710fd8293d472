/**
 * An ILIKE pattern that finds `keyword` anywhere: the keyword's own % and _ (and the escape character \)
 * match themselves, so "50%" finds "50%" and not "50 cats". PostgreSQL's (and PGlite's) LIKE escape
 * character is \ by default, with standard_conforming_strings on (the default) for the parameter.
 */
export function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
