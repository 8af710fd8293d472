/** The base module's console endpoints (to be filled). */
export const baseConsoleEndpoints = {};
