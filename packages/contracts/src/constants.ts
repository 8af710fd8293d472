/** Product constants (zod-free, so the web app's entry chunk can import them). */
export const APP_VERSION = '1.0.2';
export const APP_VERSION_CODE = 102;
export const THEME_COLOR = '#54BDFF';
