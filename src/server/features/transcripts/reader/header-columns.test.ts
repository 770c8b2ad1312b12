import { describe, expect, it } from 'vitest';
import { detectHeader, isHeaderContinuation, stackHeaderLines } from './header-columns';
import { makeLine } from './layout-lines';
import { linesFromText } from './parse-course-lines';

const roles = (text: string) => detectHeader(linesFromText(text)[0]!)?.map((c) => c.role) ?? null;

describe('detectHeader gives each column a role', () => {
  it.each([
    ['Subject  Course  Level  Title  Grade  Credit Hours  Quality Points  R', ['subject', 'number', 'level', 'title', 'grade', 'credits', 'points', 'repeat']],
    ['Course  Description  Attempted  Earned  Grade  Points', ['course', 'title', 'attempted', 'earned', 'grade', 'points']],
    ['Term  Course  Title  Att Cred  Cmpl Cred  Grade  Grade Pts', ['term', 'course', 'title', 'attempted', 'earned', 'grade', 'points']],
    ['Course ID  Course Name  Section  Crd Twd Prog  Credits  Grade  Quality Points', ['course', 'title', 'section', 'programCredit', 'credits', 'grade', 'points']],
    ['Course  Description  Units  Grade  Points  Class Average  Class Enrollment', ['course', 'title', 'credits', 'grade', 'points', 'classAverage', 'enrollment']],
    ['CRS NO  DESCRIPTION  GRD  HRS  QPTS', ['course', 'title', 'grade', 'credits', 'points']],
    ['Course  Grade  Units Attempted  Units Earned  Grade Points', ['course', 'grade', 'attempted', 'earned', 'points']],
  ])('%s', (text, expected) => expect(roles(text)).toEqual(expected));

  it('keeps contact hours and campus out of the credit columns', () => {
    expect(roles('Subject  Course  Campus  Title  Grade  Credit Hours  CEU Contact Hours')).toEqual(['subject', 'number', 'campus', 'title', 'grade', 'credits', 'ignore']);
  });

  it('is not fooled by lines that only look like headers', () => {
    expect(roles('Name  Student ID')).toBeNull();
    expect(roles('Term Totals  Attempted 15.0  Earned 15.0')).toBeNull();
    expect(roles('Transfer Credit')).toBeNull();
  });

  it('splits header words a PDF glued together', () => {
    const line = linesFromText('Subject CourseLevel Title  GradeCredits  Quality Points')[0]!;
    expect(detectHeader(line)?.map((c) => c.role)).toEqual(['subject', 'number', 'level', 'title', 'grade', 'credits', 'points']);
  });

  it('splits a tight "Grade Points" into two columns when the table has no other grade column', () => {
    // one space between the header words, as in a narrow-font PDF
    expect(roles('Course  Description  Attempted Earned Grade Points')).toEqual(['course', 'title', 'attempted', 'earned', 'grade', 'points']);
  });

  it('reads a header printed over two lines as one', () => {
    const [upper, lower] = linesFromText('Course   Description        Units      Units      Grade\n                             Attempted  Completed');
    const stacked = stackHeaderLines(upper!.words, lower!.words);
    expect(detectHeader({ words: stacked, text: stacked.map((w) => w.text).join(' ') })?.map((c) => c.role)).toEqual(['course', 'title', 'attempted', 'earned', 'grade']);
  });

  it('takes the second of two grade columns for the points when the table has none ("Points" below was lost)', () => {
    expect(roles('Course  Description  Units  Units  Grade  Grade')).toEqual(['course', 'title', 'credits', 'credits', 'grade', 'points']);
  });

  it('takes an OCR line of mostly header words for the lower half of a two-line header', () => {
    const [pdf] = linesFromText('Attempte€ompleted  Points');
    expect(isHeaderContinuation(pdf!)).toBe(false);
    expect(isHeaderContinuation(makeLine(pdf!.words.map((w) => ({ ...w, conf: 60 }))))).toBe(true);
    expect(isHeaderContinuation(makeLine(linesFromText('Office  of  the  Registrar')[0]!.words.map((w) => ({ ...w, conf: 90 }))))).toBe(false);
  });
});

