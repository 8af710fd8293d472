/** The admin-money module's console endpoints (to be filled). */
export const adminMoneyConsoleEndpoints = {};
