/** The index page's pull-to-refresh resets the banners and What's New (without loading their chunk). */
export const CONTENT_HOME_KEY = ['content', 'home'] as const;
