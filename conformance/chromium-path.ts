/** Debian's Chromium, or CHROMIUM_PATH: a module of its own, so checking that it is there does not load Playwright. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
