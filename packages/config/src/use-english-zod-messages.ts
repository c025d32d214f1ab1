import * as z from "zod/mini";
import en from "zod/v4/locales/en.js";

/**
 * Registers zod's English issue messages unless a locale is already set, as zod classic does on
 * its first schema: zod/mini registers none, and without it every message zod writes (the ones
 * our schemas do not give) would read "Invalid input". Imported from its own module so the
 * bundle carries English alone, not every locale. zod's configuration is global (one object on
 * `globalThis`, shared by every copy of zod), so a locale the host application chose wins.
 */
export function useEnglishZodMessages(): void {
  if (z.config().localeError === undefined) z.config(en());
}
