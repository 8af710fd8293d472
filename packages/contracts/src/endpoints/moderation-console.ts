/** The moderation module's console endpoints (to be filled). */
export const moderationConsoleEndpoints = {};
