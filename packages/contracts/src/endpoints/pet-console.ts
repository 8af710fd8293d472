/** The pet module's console endpoints (to be filled). */
export const petConsoleEndpoints = {};
