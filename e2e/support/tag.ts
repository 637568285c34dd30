/**
 * A tag unique to this moment, in lower-case letters only, for the names and emails a journey searches by. The lead
 * lists' search also looks for any three digits or more of the words in phone numbers (list-query.ts), so a tag
 * with digits in it (as `Date.now().toString(36)` has) also finds other journeys' leads whose phones hold them.
 */
export function letterTag(prefix: string): string {
  let rest = Date.now();
  let letters = '';
  do {
    letters = String.fromCharCode(97 + (rest % 26)) + letters;
    rest = Math.floor(rest / 26);
  } while (rest > 0);
  return `${prefix}${letters}`.toLowerCase();
}
