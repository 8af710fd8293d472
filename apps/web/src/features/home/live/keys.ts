/** Every live-room list's react-query key starts with this: pull-to-refresh resets them all. */
export const LIVE_LIST_KEY = ['liveList'] as const;
