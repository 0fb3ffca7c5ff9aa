/**
 * Mage's clean_name (mage_ai/shared/utils.py): drop BOM, quotes, dollars and control whitespace,
 * turn every non-word character into `_` (blocks keep `/`), prefix a leading digit with `letter_`,
 * lowercase. Python's \w is Unicode-aware, hence the \p classes.
 */
const DROPPED = /[\uFEFF"$\n\r\t]/g;
const NON_WORD = /[^\p{L}\p{N}\p{M}_]/gu;
const NON_WORD_KEEP_SLASH = /[^\p{L}\p{N}\p{M}_/]/gu;

export function cleanName(name: string, options: { allowSlash?: boolean } = {}): string {
  let slug = name.replace(DROPPED, '').replace(options.allowSlash ? NON_WORD_KEEP_SLASH : NON_WORD, '_');
  if (/^[0-9]/.test(slug)) slug = `letter_${slug}`;
  return slug.toLowerCase();
}
