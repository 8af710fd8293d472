/** The content module's console endpoints (to be filled). */
export const contentConsoleEndpoints = {};
