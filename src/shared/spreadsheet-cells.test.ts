import { describe, expect, it } from 'vitest';
import { neutraliseSpreadsheetCell, restoreSpreadsheetCell } from './spreadsheet-cells';

describe('spreadsheet cells', () => {
  it('puts an apostrophe before a cell a spreadsheet would run as a formula, and takes it off again', () => {
    for (const formula of ['=1+1', '+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1', '=HYPERLINK("http://evil.example")']) {
      expect(neutraliseSpreadsheetCell(formula)).toBe(`'${formula}`);
      expect(restoreSpreadsheetCell(neutraliseSpreadsheetCell(formula))).toBe(formula);
    }
    for (const plain of ['Macroeconomics', 'ECO 2013', '3', "'quoted", "It's fine", '']) {
      expect(neutraliseSpreadsheetCell(plain)).toBe(plain);
      expect(restoreSpreadsheetCell(plain)).toBe(plain);
    }
  });
});
