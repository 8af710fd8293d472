/** The feeding calendar's and the leaderboard's react-query keys start with this: pull-to-refresh resets them. */
export const FEEDING_KEY = ['feeding'] as const;
