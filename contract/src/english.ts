import * as z from 'zod/mini';
import { en } from 'zod/locales';

/**
 * The API's validation messages are zod's English ones (the error envelope carries them). Classic zod sets English
 * when none is set; zod/mini sets no locale, so the contract does the same: a locale the app chose still wins.
 */
export function useEnglishMessages(): void {
  // config() answers the settings; `z.core.globalConfig` would pull all of zod's core namespace into a bundle.
  if (!z.config().localeError) z.config(en());
}
