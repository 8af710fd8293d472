/** The feeding calendar's dates, in the browser's zone (the server counts days in the same zone). */

const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD of a local date (the server's calendar day keys). */
export const dateKey = (d: Date) => `${String(d.getFullYear())}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** YYYY-MM of a local date (what feedStatsEndpoints.calendar asks for). */
export const monthKey = (d: Date) => `${String(d.getFullYear())}-${pad(d.getMonth() + 1)}`;

/** The first day of the month `offset` months from `d`'s. */
export const addMonths = (d: Date, offset: number) => new Date(d.getFullYear(), d.getMonth() + offset, 1);

/** The seven days (Monday first) of the week holding `day`. */
export function weekOf(day: Date): Date[] {
  const start = new Date(day.getFullYear(), day.getMonth(), day.getDate());
  start.setDate(start.getDate() - ((start.getDay() + 6) % 7)); // Monday = 0 … Sunday = 6
  return Array.from({ length: 7 }, (_, i) => new Date(start.getFullYear(), start.getMonth(), start.getDate() + i));
}

/** The month of `month` as whole weeks, Monday first (the first and last weeks reach into the neighbours). */
export function monthGrid(month: Date): Date[][] {
  const first = new Date(month.getFullYear(), month.getMonth(), 1);
  const weeks: Date[][] = [];
  for (let week = weekOf(first); ;) {
    weeks.push(week);
    const next = week[6] ? new Date(week[6].getFullYear(), week[6].getMonth(), week[6].getDate() + 1) : null;
    if (!next || next.getMonth() !== first.getMonth()) break;
    week = weekOf(next);
  }
  return weeks;
}

/** The distinct months (YYYY-MM) some days fall in, in order. */
export const monthsOf = (days: readonly Date[]) => [...new Set(days.map(monthKey))];

export const sameDay = (a: Date, b: Date) => dateKey(a) === dateKey(b);
