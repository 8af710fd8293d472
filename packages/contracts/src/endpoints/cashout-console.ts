/** The cashout module's console endpoints (to be filled). */
export const cashoutConsoleEndpoints = {};
