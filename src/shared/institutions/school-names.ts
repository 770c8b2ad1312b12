/**
 * "Is this the same school?" in one place. A school is found by its key or by any alias, and an alias is compared in
 * one normalised form: lower-case letters and digits, '&' read as 'and' ('UW-Madison', 'uw madison' and 'UW Madison'
 * are one alias). `institution_aliases.alias_normalized` holds this form, so the server never normalises in SQL.
 * Shared so the admin pages suggest the same key the server would make.
 */
export function normalizeSchoolName(name: string): string {
  return name.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]/g, '');
}

/** A lower-case, dash-separated key for a new school: 'UW-Oshkosh' -> 'uw-oshkosh', 'William & Mary' -> 'william-and-mary'. */
export function schoolKeyFromName(name: string): string {
  const key = name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/g, '');
  return key || 'school';
}
