import { describe, expect, it } from 'vitest';
import { makeLine } from './layout-lines';
import { linesFromText, parseCourseLines } from './parse-course-lines';

const parse = (text: string) => parseCourseLines(linesFromText(text));
const brief = (text: string) => parse(text).rows.map((r) => `${r.subject} ${r.number}|${r.credits}|${r.grade ?? '-'}|${r.term ?? '-'}${r.inProgress ? '|IP' : ''}${r.transferSection ? '|T' : ''}`);

describe('parseCourseLines: invented layouts', () => {
  it('Banner-style with a transfer section, institution credit and in-progress courses', () => {
    const text = `
                         Northern Plains State University
                              Office of the Registrar
Student: Jane Q Public          ID: A00123456        DOB: 01/02/2003
TRANSFER CREDIT ACCEPTED BY INSTITUTION
Fall 2020    Lakeside Community College
Subject  Course   Title                              Grade   Credit Hours   Quality Points
ENGL     1301     Composition I                      T       3.000          0.000
MATH     1314     College Algebra                    TA      3.000          0.000
Transfer Totals:                                              6.000          0.000
INSTITUTION CREDIT
Term: Spring 2021
Subject  Course   Title                              Grade   Credit Hours   Quality Points
HIST     1301     United States History I            B+      3.000          9.900
CHEM     1411     General Chemistry I                A−      4.000         14.800
Term Totals (Undergraduate)    Attempt Hours 7.000   Passed 7.000   GPA 3.529   24.700
Cumulative Totals               7.000   24.700
COURSES IN PROGRESS
Term: Fall 2021
Subject  Course   Title                                      Credit Hours
BIOL     1406     Biology for Science Majors I               4.000
Page 1 of 1`;
    const r = parse(text);
    expect(r.institution).toBe('Northern Plains State University');
    expect(brief(text)).toEqual([
      'ENGL 1301|3|T|Fall 2020|T',
      'MATH 1314|3|TA|Fall 2020|T',
      'HIST 1301|3|B+|Spring 2021',
      'CHEM 1411|4|A-|Spring 2021',
      'BIOL 1406|4|-|Fall 2021|IP',
    ]);
  });

  it('PeopleSoft-style: Attempted Earned Grade Points, transfer then home record', () => {
    const text = `
Riverbend College
Transfer Credits
Transfer Credit from Harbor Technical Institute
Applied Toward Associate in Science Program
Course        Description                         Attempted   Earned  Grade  Points
ACCT 2301     Principles of Financial Accounting      3.00      3.00   T      0.00
Transfer Totals :                                     3.00      3.00          0.00
Beginning of Undergraduate Record
2021 Fall Term
Course        Description                         Attempted   Earned  Grade  Points
ACCT 2302     Principles of Managerial Accounting     3.00      3.00   B      9.00
BCIS 1305     Business Computer Applications          3.00      0.00   W      0.00
SPCH 1315     Public Speaking                         3.00      0.00          0.00
Term GPA 3.000   Term Totals                          9.00      3.00          9.00
Cum GPA  3.000   Cum Totals                          12.00      6.00          9.00`;
    const r = parse(text);
    expect(r.institution).toBe('Riverbend College');
    expect(brief(text)).toEqual(['ACCT 2301|3|T|-|T', 'ACCT 2302|3|B|Fall 2021', 'BCIS 2305|3|W|Fall 2021'.replace('2305', '1305'), 'SPCH 1315|3|-|Fall 2021|IP']);
    expect(r.rows[2]!.earned).toBe(0);
  });

  it('Colleague-style: dashed codes, term column at the end, credits before grade', () => {
    const text = `
COASTAL HIGHLANDS COMMUNITY COLLEGE
Unofficial Transcript
Course        Title                          Cred    Grade   Term
ENGL-101      Composition I                  3.00    A       FA22
MATH-151H     Calculus I Honors              4.00    B-      FA22
BIO-110L      General Biology Lab            1.00    P       SP23
HIST-201      World History                  3.00    IP      SP23
              Totals                        11.00`;
    const r = parse(text);
    expect(r.institution).toBe('Coastal Highlands Community College');
    expect(brief(text)).toEqual(['ENGL 101|3|A|Fall 2022', 'MATH 151H|4|B-|Fall 2022', 'BIO 110L|1|P|Spring 2023', 'HIST 201|3|IP|Spring 2023|IP']);
  });

  it('Jenzabar-style: term prefix on each row and spaced subject codes', () => {
    const text = `
Lake Country Institute of Technology
Term        Course          Title                        Grade   Hours   Points
2022 FA     E C E 252       Digital Circuits             A       4.0     16.0
2022 FA     ACT SCI 300     Risk Theory                  C+      3.0      6.9
2023 SP     MATH 1110.01    Calculus I (Section 01)      B       4.0     12.0
Cumulative GPA: 3.14          Total Hours 11.0`;
    expect(brief(text)).toEqual(['E C E 252|4|A|Fall 2022', 'ACT SCI 300|3|C+|Fall 2022', 'MATH 1110.01|4|B|Spring 2023']);
  });

  it('headerless rows fall back to token shapes and quality-point arithmetic', () => {
    const text = `
Fall Semester 2022
PHYS 2048C  Physics with Calculus I      B+   4.0   13.2
CHEM 2045   General Chemistry I          A    3.0   12.0
PHIL 2010   Introduction to Philosophy   3.0  3.0   A-
Spring Quarter 2023
ART 101     Drawing I                    4.0  P`;
    const rows = parse(text).rows;
    expect(rows.map((r) => [r.subject, r.number, r.credits, r.grade, r.term])).toEqual([
      ['PHYS', '2048C', 4, 'B+', 'Fall 2022'],
      ['CHEM', '2045', 3, 'A', 'Fall 2022'],
      ['PHIL', '2010', 3, 'A-', 'Fall 2022'],
      ['ART', '101', 4, 'P', 'Spring 2023'],
    ]);
    expect(rows[2]!.earned).toBe(3);
  });

  it('an audited, unreported or withdrawn course earns nothing (the one grade policy, as the engine)', () => {
    const text = `
Fall 2022
CHEM 2045   General Chemistry I          A    3.0
PHIL 2010   Introduction to Philosophy   AU   3.0
ART 1300    Drawing I                    NR   3.0
HIST 2020   United States History        UW   3.0
ECON 2013   Macroeconomics               WN   3.0`;
    const rows = parse(text).rows;
    expect(rows.map((r) => [r.number, r.grade, r.earned])).toEqual([
      ['2045', 'A', 3],
      ['2010', 'AU', null],
      ['1300', 'NR', null],
      ['2020', 'UW', null],
      ['2013', 'WN', null],
    ]);
  });

  it('keeps a grade-like last word of a title in the title when the grade column is empty', () => {
    const text = `
2023 Summer Term
Course     Description                              Attempted   Earned  Grade  Points
MATH 241   Analytic Geometry and Calculus A              4.000    0.000          0.000
MATH 242   Analytic Geometry and Calculus B              4.000    4.000  A-     14.800`;
    const rows = parse(text).rows;
    expect(rows[0]).toMatchObject({ title: 'Analytic Geometry and Calculus A', grade: null, inProgress: true, credits: 4 });
    expect(rows[1]).toMatchObject({ title: 'Analytic Geometry and Calculus B', grade: 'A-', inProgress: false });
  });

  it('reads "In Progress" as IP and Workday-style dashed titles', () => {
    const text = `
Academic Period: 2023 Spring Semester
Course                                   Grade          Units Attempted   Units Earned   Grade Points
MAC 2311 - Calculus I                    In Progress               4.00           0.00           0.00
BSC 2010L - General Biology I Lab        B                         1.00           1.00           3.00`;
    const rows = parse(text).rows;
    expect(rows[0]).toMatchObject({ subject: 'MAC', number: '2311', title: 'Calculus I', grade: 'IP', inProgress: true, credits: 4, earned: 0 });
    expect(rows[1]).toMatchObject({ title: 'General Biology I Lab', grade: 'B', credits: 1, earned: 1 });
  });

  it('skips totals, GPA lines, names, addresses, IDs and page furniture', () => {
    const text = `
Sunrise University
123 College Ave, Springfield, IL 62701
Name: John Doe    Student ID: 900123456    Date of Birth: 04/05/2002
UNOFFICIAL TRANSCRIPT
TOTAL 15.00
TERM 2 GPA 3.50
Page 1 of 3
Overall Totals   45.0   44.0   150.0
Fall 2022
ENC 1101   Composition I   A   3.00   12.00`;
    const r = parse(text);
    expect(r.rows).toHaveLength(1);
    expect(r.rows[0]!.subject).toBe('ENC');
    expect(r.institution).toBe('Sunrise University');
  });

  it('estimates credits for a withdrawal printed with 0 attempted, from the same course elsewhere', () => {
    const text = `
Fall 2022
Course      Title              Attempted  Earned  Grade  Points
CHM 1045    Chemistry I            0.000   0.000  W      0.000
Spring 2023
CHM 1045    Chemistry I            4.000   4.000  B      12.000
BSC 2010L   Biology Lab            0.000   0.000  W      0.000`;
    const rows = parse(text).rows;
    expect(rows.map((r) => [r.credits, r.creditsEstimated ?? false])).toEqual([
      [4, true],
      [4, false],
      [1, true],
    ]);
  });

  it('does not take the transfer-from school as the institution', () => {
    const text = `
Transfer Credit from Eastfield College
Mountain View University
Fall 2022
ENC 1101   Composition I   A   3.00`;
    expect(parse(text).institution).toBe('Mountain View University');
  });
});

describe('parseCourseLines: tables read by column', () => {
  it('reads a title printed before its code, with a school suffix and a section (NYU Albert style)', () => {
    const text = `
Fall 2022
Linear Algebra                 MATH-UA  140-001     4.0    A-
Intro to Computer Science      CSCI-UA  101-002     4.0    B+
Software Engineering           CSCI-UA  474-001     4.0    ***`;
    expect(brief(text)).toEqual(['MATH-UA 140|4|A-|Fall 2022', 'CSCI-UA 101|4|B+|Fall 2022', 'CSCI-UA 474|4|IP|Fall 2022|IP']);
  });

  it('never takes a level, section, campus or "credit toward program" number for credits', () => {
    const text = `
Term: Fall 2021
Subject  Course  Campus  Level  Title                  Grade   Credit Hours   Quality Points
COMP     1601    S       01     Programming I          A       3.000          12.00
COMP     1602    S       02     Programming II         B       4.000          12.00
Course ID   Course Name            Section   Crd Twd Prog   Credits   Grade
ENG101      Composition I          01        0.00           3.00      W`;
    expect(brief(text)).toEqual(['COMP 1601|3|A|Fall 2021', 'COMP 1602|4|B|Fall 2021', 'ENG 101|3|W|Fall 2021']);
  });

  it('keeps a class average and class enrolment out of the grade and the credits', () => {
    const text = `
2022 Summer
Course      Description                  Repeated   Units       Units       Grade   Grade    Class     Class
                                                    Attempted   Completed           Points   Average   Enrollment
CMPT 210    Probability and Computing                3.00        3.00        C       6.00     C+        48
CMPT 225    Data Structures/Programming  EXCM        0.00        0.00        D       0.00     B-        136`;
    expect(brief(text)).toEqual(['CMPT 210|3|C|Summer 2022', 'CMPT 225|0|D|Summer 2022']);
  });

  it('reads percentages and decimal numbers as grades', () => {
    const withHeader = `
Fall 2023
Course     Description                       Attempted   Earned   Grade
CS 135     Designing Functional Programs     0.50        0.50     84
ECON 101   Introduction to Microeconomics    0.50        0.00     WD`;
    expect(brief(withHeader)).toEqual(['CS 135|0.5|84|Fall 2023', 'ECON 101|0.5|WD|Fall 2023']);
    const withoutHeader = `
AUTUMN 2021
  CSE   142  COMPUTER PRGRMNG I        4.0  3.8
  MATH  124  CALC ANALYT GEOM I        5.0  3.2
  PHYS  121  MECHANICS                 5.0    W
     QTR ATTEMPTED: 14.0  EARNED: 9.0  GPA: 3.47`;
    expect(brief(withoutHeader)).toEqual(['CSE 142|4|3.8|Fall 2021', 'MATH 124|5|3.2|Fall 2021', 'PHYS 121|5|W|Fall 2021']);
  });

  it('keeps test credit, transfer and in-progress sections, and a bare term heading starts the school’s own terms', () => {
    const text = `
Test Credits Applied Toward Undergraduate Program
Course        Description                 Units   Grade
MATH 2413     Differential Calculus       4.00    CR
ADV_PL Calculus BC                        8.00
Transfer Credit from Lakeside College
Course        Description                 Units   Grade
GOVT 2305     American Government         3.00    T
2022 Fall
Course        Description                 Attempted   Earned   Grade   Points
CS 1337       Computer Science I          3.000       3.000    B-      8.100
COURSES IN PROGRESS
CS 2305       Discrete Mathematics I      3.000       0.000            0.000`;
    const rows = parse(text).rows;
    expect(rows.map((r) => `${r.subject} ${r.number} ${r.section}`)).toEqual(['MATH 2413 test', 'GOVT 2305 transfer', 'CS 1337 institution', 'CS 2305 in-progress']);
    expect(rows.map((r) => r.transferSection)).toEqual([true, true, false, false]);
  });

  it('reads PeopleSoft totals printed under the numeric columns as totals, not courses', () => {
    const text = `
2021 Fall
Course        Description                 Attempted   Earned   Grade   Points
ACCT 2302     Principles of Accounting        3.00      3.00   B        9.00
Term GPA 3.000   Term Totals                  3.00      3.00            9.00
Cum GPA 3.000    Cum Totals                   3.00      3.00            9.00`;
    expect(brief(text)).toEqual(['ACCT 2302|3|B|Fall 2021']);
  });

  it('joins a title wrapped onto the next line', () => {
    const text = `
Subject  Course  Level  Title                  Grade   Credit Hours
CS       5330    GR     Pattern Recognition    A       4.000
                        and Computer Vision
CS       5100    GR     Foundations of AI      B       4.000`;
    expect(parse(text).rows.map((r) => r.title)).toEqual(['Pattern Recognition and Computer Vision', 'Foundations of AI']);
  });

  it('gives rows read under a header more confidence than rows read by shape alone', () => {
    const withHeader = parse(`Course    Title        Credits   Grade\nENC 1101  Composition  3.00      A`).rows[0]!;
    const withoutHeader = parse(`ENC 1101  Composition  3.00      A`).rows[0]!;
    expect(withHeader.confidence).toBeGreaterThan(withoutHeader.confidence);
    const inconsistent = parse(`Course    Title        Credits   Grade   Points\nENC 1101  Composition  3.00      A       7.00`).rows[0]!;
    expect(inconsistent.confidence).toBeLessThan(withHeader.confidence);
  });
});

/** Lines as the OCR engine gives them: every word with a confidence (lower for words listed in `unsure`). */
const ocrLines = (text: string, unsure: string[] = []) =>
  linesFromText(text).map((l, i) => makeLine(l.words.map((w) => ({ ...w, conf: unsure.includes(w.text) ? 40 : 90, line: i }))));
const briefOcr = (text: string, unsure?: string[]) => parseCourseLines(ocrLines(text, unsure)).rows.map((r) => `${r.subject} ${r.number}|${r.credits}|${r.grade ?? '-'}`);

describe('parseCourseLines: a term column before the code', () => {
  it('reads an academic year with a season code ("2022-23 FA") as the term', () => {
    const text = `
Session     Course       Description                 Att    Earn   Grade
2022-23 FA  ENG  101     English Composition I       3.00   3.00   A
2022-23 SP  BIO  120     General Biology             4.00   4.00   C`;
    expect(brief(text)).toEqual(['ENG 101|3|A|Fall 2022', 'BIO 120|4|C|Spring 2023']);
  });

  it('keeps a term code no term name reads ("202210") out of the course code', () => {
    const text = `
Fall 2022
Term     Course     Title                       Credits  Grade
202210   ENG 101    English Composition I       3.00     A
202210   MAT 110    College Algebra             3.00     B+`;
    expect(brief(text)).toEqual(['ENG 101|3|A|Fall 2022', 'MAT 110|3|B+|Fall 2022']);
  });
});

describe('parseCourseLines: OCR repairs by column', () => {
  it('reads a misread letter under the grade column as the grade ("Cc" is C), even behind page-edge marks', () => {
    const text = `
Course Section                          Grade   Units Attempted   Units Earned   Grade Points
NUTR-UA 1378A - HUMAN NUTRITION         Cc      3.000             3.000          6.00
| POLS-UA 1553 - AMERICAN GOVERNMENT    Cc      3.000             3.000          6.00
i FYEX-UA 1456 - FIRST-YEAR SEMINAR     A       1.000             1.000          4.00`;
    expect(briefOcr(text)).toEqual(['NUTR-UA 1378A|3|C', 'POLS-UA 1553|3|C', 'FYEX-UA 1456|1|A']);
    // text from a PDF is what was printed: a word under the grade column is not repaired
    expect(brief(text).map((r) => r.split('|')[2])).toEqual(['-', '-', 'A']);
  });

  it('gives a numeric grade that lost its point the point back, within the column\'s scale', () => {
    const text = `
Course        Description          Grade   Att Cred
FYEX-162-01   FIRST-YEAR SEMINAR   29      1.000
FYEX-188-07   FIRST-YEAR SEMINAR   2.6     1.000
SPAN-141-11   ELEMENTARY SPANISH   3.4     5.000`;
    expect(briefOcr(text)).toEqual(['FYEX 162|1|2.9', 'FYEX 188|1|2.6', 'SPAN 141|5|3.4']);
  });

  it('reads rows by their shape when the header in force does not fit them (a later header was garbled)', () => {
    const text = `
Course   Description                                                     Earned     Grade
ARTS 151 Two-Dimensional Design                                          3.0        T
2021 Fall
C a Descripti i its G d
MATH 145 Precalculus             4.0     4.0     A-     14.800
FYEX 143 First-Year Seminar      1.0     1.0     A      3.700`;
    expect(briefOcr(text)).toEqual(['ARTS 151|3|T', 'MATH 145|4|A-', 'FYEX 143|1|A']);
  });

  it('reads a subject OCR gave in mixed case under the subject column', () => {
    const text = `
Subject  Course  Level  Title                    Grade   Credit Hours   Quality Points
Cs       5010    GR     Programming Design       A-      4.000          14.800
cs       5200    GR     Database Management      B       4.000          12.000`;
    expect(briefOcr(text)).toEqual(['CS 5010|4|A-', 'CS 5200|4|B']);
  });

  it('keeps a roman numeral at the end of a monospaced title (words spaced wide), and reads the numeric grade after it', () => {
    const text = `
CSE   142   COMPUTER  PRGRMNG  I       4.0   3.8
MATH  124   CALC  ANALYT  GEOM  II     5.0   3.2
ENGL  131   COMPOSITION  EXPOS         5.0   3.6`;
    const rows = parseCourseLines(ocrLines(text)).rows;
    expect(rows.map((r) => `${r.subject} ${r.number}|${r.credits}|${r.grade}|${r.title}`)).toEqual([
      'CSE 142|4|3.8|COMPUTER PRGRMNG I',
      'MATH 124|5|3.2|CALC ANALYT GEOM II',
      'ENGL 131|5|3.6|COMPOSITION EXPOS',
    ]);
  });

  it('cuts a digit OCR added to a credit value back to its column\'s decimals ("4.06" among "5.0"s)', () => {
    const text = `
CSE   142   COMPUTER  PRGRMNG         4.06   3.8
MATH  124   CALC  ANALYT  GEOM        5.0    3.2
ENGL  131   COMPOSITION  EXPOS        5.0    3.6`;
    expect(briefOcr(text)).toEqual(['CSE 142|4|3.8', 'MATH 124|5|3.2', 'ENGL 131|5|3.6']);
  });

  it('drops an unsure single character at the start of a row', () => {
    const text = `
Course    Description        Units   Grade
1 NUTR 136 Human Nutrition   3.0     B-
PHIL 182 Intro to Philosophy 3.0     A`;
    expect(briefOcr(text, ['1'])).toEqual(['NUTR 136|3|B-', 'PHIL 182|3|A']);
  });
});


/**
 * Each failure kind the reader showed on documents nobody on the team had seen (issue 36), with a line re-typeset from
 * such a document (made-up student, the layout's own shapes).
 */
describe('parseCourseLines: rows found by what a course row is (issue 36)', () => {
  it('reads a title printed before the code in capitals ("INTRO TO ENGR I   ENGR 7A   2.0   A")', () => {
    const text = `
FOOTHILL COLLEGE   UNOFFICIAL TRANSCRIPT
COURSE TITLE                  COURSE    UNITS   GRADE   GRADE PTS
FALL QUARTER 2022
INTRO TO ENGR I               ENGR 7A     2.0     A         8.0
CALCULUS                      MATH 1A     5.0     B+       16.5
OBJECT-ORIENTED PROG JAVA     CS 1A       4.5     A        18.0
  QTR ATTEMPTED 11.5   EARNED 11.5   GPA 3.70
WINTER QUARTER 2023
COMPOSITION/READING/LIT       ENGL 1B     5.0     EW        0.0`;
    expect(brief(text)).toEqual(['ENGR 7A|2|A|Fall 2022', 'MATH 1A|5|B+|Fall 2022', 'CS 1A|4.5|A|Fall 2022', 'ENGL 1B|5|EW|Winter 2023']);
    // and with no header: the code starts its own cell after a title of capitals, and numbers follow it
    expect(brief(`INTRO TO ENGR I   ENGR 7A   2.0   A\nCALCULUS   MATH 1A   5.0   B+`)).toEqual(['ENGR 7A|2|A|-', 'MATH 1A|5|B+|-']);
    // a heading of capitals with a school's name and a number is not a row
    expect(brief(`TRANSFER CREDIT   FROM LAKE COLLEGE   ROOM 101   2.0`)).toEqual([]);
  });

  it('splits a general-education tag fused to the number ("BSC1010LGENS", "SLS 1106GE") from the course number', () => {
    const text = `
Course         Title                       Grd   Att   Ern   QPts
BSC1010LGENS   Gen Biology I Lab           A     1.0   1.0    4.0
BSC1010GENS    General Biology I           B     3.0   3.0    9.0
ENC1101GECM    Composition I               A     3.0   3.0   12.0
MAC1105GEMA    College Algebra             B     3.0   3.0    9.0
SLS1101        College Success             A     3.0   3.0   12.0
CHM151LL       General Chemistry I Lab     A     1.0   1.0    4.0`;
    expect(brief(text).map((r) => r.split('|')[0])).toEqual(['BSC 1010L', 'BSC 1010', 'ENC 1101', 'MAC 1105', 'SLS 1101', 'CHM 151LL']);
    const spaced = `
COURSE       COURSE TITLE                 GRADE  CRED ATT  CRED ERN  QUAL PTS
SLS 1106GE   FIRST YEAR EXPERIENCE        A          3.00      3.00     12.00
ENC 1101GR   ENGLISH COMPOSITION I        B          3.00      3.00      9.00
MAC 1105GM   COLLEGE ALGEBRA              C          3.00      3.00      6.00
MAC 1147GM   PRECALCULUS ALGEBRA/TRIG     D          4.00      4.00      4.00
PSY 2012     GENERAL PSYCHOLOGY           B          3.00      3.00      9.00`;
    expect(brief(spaced).map((r) => r.split('|')[0])).toEqual(['SLS 1106', 'ENC 1101', 'MAC 1105', 'MAC 1147', 'PSY 2012']);
  });

  it('keeps flag columns after the grade as flags, with or without a header for them', () => {
    const withHeader = `
Course     Title                           Units   Grade   Attr   Attr
ESE 2310   Basic Circuit Analysis II        4.00   A+      DP     NI
CSE 2407   Data Structures and Algorithms   3.00   A       NS     DP
PHIL 1001  Problems in Philosophy           3.00   P       HUM`;
    expect(brief(withHeader)).toEqual(['ESE 2310|4|A+|-', 'CSE 2407|3|A|-', 'PHIL 1001|3|P|-']);
    expect(brief(`EE 213   Basic Circuit Analysis II   4.00   A+   DP   NI\nEE 214   Signals   3.00   B   NS`)).toEqual(['EE 213|4|A+|-', 'EE 214|3|B|-']);
  });

  it('never takes a side panel of term totals beside the rows for a course\'s credits or as a row', () => {
    const text = `
Course    Title                          Credits   Grade        Term Summary
Fall 2022
ENG 101   English Composition 1              3.0     A          Credits Attempted    13
MAT 108   Intermediate Algebra               3.0     B          Credits Earned       13
PSY 101   Introduction to Psychology         3.0     B          Quality Points     38.0
BIO 151   Anatomy & Physiology 1             4.0     C          Term GPA           2.92
                                                                Cum GPA            2.92
Summer 2023
NUR 100   Nursing Fundamentals Prep          2.0     A          Credits Attempted     2
                                                                Credits Earned        2`;
    expect(brief(text)).toEqual(['ENG 101|3|A|Fall 2022', 'MAT 108|3|B|Fall 2022', 'PSY 101|3|B|Fall 2022', 'BIO 151|4|C|Fall 2022', 'NUR 100|2|A|Summer 2023']);
  });

  it('keeps test-credit, AP and transfer rows with their section and grades TE, K, CR, TCR', () => {
    const text = `
TEST CREDIT
Course      Title                        Credits   Grade
ENGL 1301   Composition I                  3.00    TE
HIST 1301   United States History I        3.00    K
MATH 2413   Calculus I                     4.00    CR
TRANSFER CREDIT ACCEPTED BY INSTITUTION
Fall 2021   Lakeland College
GOVT 2305   Federal Government             3.00    TCR
Beginning of Undergraduate Record
Fall 2022
BIOL 1406   Biology for Science Majors     4.00    B`;
    const rows = parse(text).rows.map((r) => `${r.subject} ${r.number}|${r.grade}|${r.section}`);
    expect(rows).toEqual(['ENGL 1301|TE|test', 'HIST 1301|K|test', 'MATH 2413|CR|test', 'GOVT 2305|TCR|transfer', 'BIOL 1406|B|institution']);
  });

  it('reads elective transfer numbers (BIOL 1T02, HUM 2XXX, MATH 2xx)', () => {
    const text = `
Transfer Credit - Bergen Community College
Course                                      Attempted   Earned   Grade
BIOL 1T02 - Biology Transfer Elective            4.00     4.00   TR
HUM 2XXX - Humanities Elective                   3.00     3.00   TR
MATH 2xx - Mathematics Elective                  4.00     4.00   TR`;
    expect(brief(text).map((r) => r.split('|').slice(0, 3).join('|'))).toEqual(['BIOL 1T02|4|TR', 'HUM 2XXX|3|TR', 'MATH 2XX|4|TR']);
  });

  it('reads credits printed as R (a repeated attempt) from the course\'s other attempt, and a repeat flag E or I is not the grade', () => {
    const text = `
Subject  Course  Level  Title              Grade   Credit Hours   Quality Points   R
Term: Spring 2022
MAT      185     UG     Precalculus        D       R              0.00             E
BIO      107     UG     General Biology I  B       4.000          12.00
Term: Fall 2022
MAT      185     UG     Precalculus        B       4.000          12.00            I`;
    const rows = parse(text).rows;
    expect(rows.map((r) => `${r.subject} ${r.number}|${r.credits}|${r.grade}`)).toEqual(['MAT 185|4|D', 'BIO 107|4|B', 'MAT 185|4|B']);
    expect(rows[0]!.creditsEstimated).toBe(true);
    expect(brief(`MTH 100   Intermediate College Algebra   D   3.000   3.00   E\nMTH 100   Intermediate College Algebra   B   3.000   9.00   I`)).toEqual(['MTH 100|3|D|-', 'MTH 100|3|B|-']);
  });

  it('reads course units counted in hundreds (100 a course) as printed', () => {
    const text = `
Course       Title                              Units   Grade
Autumn 2022
MATH 15100   Calculus I                           100   A-
HUMA 12000   Greek Thought and Literature I       100   B+
CMSC 14100   Intro to Computer Science I          100   A`;
    expect(brief(text)).toEqual(['MATH 15100|100|A-|Fall 2022', 'HUMA 12000|100|B+|Fall 2022', 'CMSC 14100|100|A|Fall 2022']);
  });

  it('joins a course printed as a card over three lines (a phone page): code, title, then term, units and grade', () => {
    const text = `
Course History
ENG101
First-Year Composition
2023 Spring        3.00 Units        Grade A

MAT142
College Mathematics
2023 Spring        3.00 Units        Grade B

HIS103
United States History to 1865
2023 Fall          3.00 Units        Grade W`;
    expect(brief(text)).toEqual(['ENG 101|3|A|Spring 2023', 'MAT 142|3|B|Spring 2023', 'HIS 103|3|W|Fall 2023']);
  });
});

describe('parseCourseLines: what OCR gets wrong in photos (issue 36)', () => {
  it('reads a grade B read as the digit 8 as B, where the other grades are letters', () => {
    const text = `
Course      Description                 Attempted   Earned   Grade   Points
ITE 152     Intro to Digital Literacy       3.000    3.000   A       12.000
MTH 161     Precalculus I                   3.000    3.000   8        9.000
BIO 101     General Biology I               4.000    4.000   C        8.000
HIS 121     United States History I         3.000    3.000   8+       9.900`;
    expect(briefOcr(text).map((r) => r.split('|')[2])).toEqual(['A', 'B', 'C', 'B+']);
    // a grade column of numbers keeps its numbers
    expect(briefOcr(`Course   Title   Credits   Grade\nCSE 142   Computer Programming I   4.0   3.8\nCSE 143   Computer Programming II   4.0   8\nMATH 126   Calculus III   5.0   3.1`).map((r) => r.split('|')[2])).toEqual(['3.8', '8', '3.1']);
  });

  it('reads a subject OCR gave with digits for capitals or a lower-case letter ("B10 101", "CsC221")', () => {
    const text = `
Course      Description                 Attempted   Earned   Grade   Points
B10 101     General Biology I               4.000    4.000   C        8.000
CsC221      Intro Problem Solving           4.000    4.000   A       16.000
ENG 112     College Composition II          3.000    3.000   A       12.000`;
    expect(briefOcr(text).map((r) => r.split('|')[0])).toEqual(['BIO 101', 'CSC 221', 'ENG 112']);
  });

  it('reads a term printed between the title and the data as the row\'s term (a screenshot with no header found)', () => {
    const rows = parseCourseLines(ocrLines(`CS 111   Computer Programming and Problem Solving   2022 Fall   A   1.00   1.00\nMATH 115   Calculus I   2022 Fall   B+   1.00   1.00`)).rows;
    expect(rows.map((r) => `${r.subject} ${r.number}|${r.title}|${r.credits}|${r.grade}|${r.term}`)).toEqual(['CS 111|Computer Programming and Problem Solving|1|A|Fall 2022', 'MATH 115|Calculus I|1|B+|Fall 2022']);
  });
});
