/** The admin module's console endpoints (to be filled). */
export const adminConsoleEndpoints = {};
