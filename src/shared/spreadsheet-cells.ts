/**
 * CSV injection (OWASP): a cell that starts with =, +, -, @, a tab or a carriage return is run as a formula by
 * Excel, LibreOffice and Google Sheets when an admin opens an export, and a course title is text a student can write
 * (an approved appeal becomes a rule). Every CSV we write goes through neutraliseSpreadsheetCell, which puts an
 * apostrophe in front (spreadsheets then show the text as it is and hide the apostrophe); every CSV we read goes
 * through restoreSpreadsheetCell, so an export imports back unchanged.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseSpreadsheetCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function restoreSpreadsheetCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}
