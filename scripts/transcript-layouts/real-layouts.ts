/**
 * Re-typeset real registrar layouts (see tests/fixtures/transcripts-real/README.md for where each came from): each
 * function prints a hand-written, made-up record in one real school's layout, as faithfully as its public description
 * allows (column order and header words, term and code formats, sections, totals lines, page furniture). The records'
 * people are invented; course codes follow the schools' public catalogues; grades and terms are invented.
 */
import type { TruthCourse } from './record';

export interface RealCourse {
  subject: string;
  number: string;
  /** Section or suffix printed with the code but not part of the course number ("001", "01"). */
  section?: string;
  title: string;
  credits: number;
  grade: string | null;
  /** Printed earned credits when they differ from the usual (passed = credits, failed/withdrawn/in progress = 0). */
  earned?: number;
  term: string | null;
  section2?: 'transfer' | 'test' | 'in-progress';
  flag?: string;
}

export interface RealDocument {
  id: string;
  layout: string;
  school: string;
  schoolPrinted: boolean;
  student: string;
  studentId: string;
  courses: RealCourse[];
  /** Rows printed that are not courses with a code (exam credit), kept out of the truth. */
  exams?: { name: string; credits: number; score?: number }[];
  html: () => string;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const f = (n: number, d: number) => n.toFixed(d);
const GP: Record<string, number> = { 'A+': 4, A: 4, 'A-': 3.7, 'B+': 3.3, B: 3, 'B-': 2.7, 'C+': 2.3, C: 2, 'C-': 1.7, 'D+': 1.3, D: 1, 'D-': 0.7, F: 0 };
const NO_CREDIT = new Set(['F', 'W', 'WD', 'WF', 'NC', 'NP', 'I', 'U', 'IP', 'NR']);
const points = (c: RealCourse) => (c.grade && c.grade in GP ? GP[c.grade]! * c.credits : 0);
const earned = (c: RealCourse) => c.earned ?? (c.grade === null || NO_CREDIT.has(c.grade) || (/^\d+$/.test(c.grade) && Number(c.grade) < 50) ? 0 : c.credits);
const inTerm = (cs: RealCourse[], term: string, section?: RealCourse['section2']) => cs.filter((c) => c.term === term && c.section2 === section);
const terms = (cs: RealCourse[], section?: RealCourse['section2']) => [...new Set(cs.filter((c) => c.section2 === section).map((c) => c.term!))];
const sum = (cs: RealCourse[], g: (c: RealCourse) => number) => cs.reduce((s, c) => s + g(c), 0);
const gpa = (cs: RealCourse[]) => {
  const graded = cs.filter((c) => c.grade !== null && c.grade in GP);
  const hours = sum(graded, (c) => c.credits);
  return hours ? sum(graded, points) / hours : 0;
};

const page = (css: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><style>@page { size: 8.5in 11in; margin: 0.5in; } body { margin: 0; } ${css}</style></head><body>${body}</body></html>`;

export function truthOf(doc: RealDocument): TruthCourse[] {
  return doc.courses.map((c) => ({
    term: c.term,
    subject: c.subject,
    number: c.number,
    title: c.title,
    credits: c.credits,
    earned: earned(c),
    grade: c.grade === 'IP' ? null : c.grade,
    inProgress: c.grade === null || c.grade === 'IP' || c.section2 === 'in-progress',
    transfer: c.section2 === 'transfer' || c.section2 === 'test',
    section: c.section2 === 'transfer' ? 'transfer' : c.section2 === 'test' ? 'test' : c.section2 === 'in-progress' || c.grade === null ? 'in-progress' : 'institution',
  }));
}

// ---------------------------------------------------------------------------------------------------------------
// R01 — Ellucian Banner 8 self-service "Academic Transcript" web page (bwskotrn), printed from the browser

const r01: RealDocument = {
  id: 'r01-banner8-web-hbcu',
  layout: 'banner-8-web',
  school: 'North Carolina Agricultural and Technical State University',
  schoolPrinted: false,
  student: 'Avery Lindqvist',
  studentId: '950123456',
  courses: [
    { subject: 'COMP', number: '121', title: 'Computer Sci Freshman Colloqui', credits: 1, grade: 'A', term: 'Fall 2021' },
    { subject: 'ENGL', number: '100', title: 'Ideas & Their Expressions I', credits: 3, grade: 'B+', term: 'Fall 2021' },
    { subject: 'GEEN', number: '111', title: 'College of Engi Colloquium I', credits: 1, grade: 'A-', term: 'Fall 2021' },
    { subject: 'MATH', number: '131', title: 'Calculus I', credits: 4, grade: 'B', term: 'Fall 2021' },
    { subject: 'HIST', number: '103', title: 'Legacies of the Modern World', credits: 3, grade: 'A', term: 'Fall 2021' },
    { subject: 'COMP', number: '180', title: 'Discrete Structures', credits: 3, grade: 'B', term: 'Spring 2022' },
    { subject: 'ENGL', number: '101', title: 'Ideas & Their Expressions II', credits: 3, grade: 'C+', term: 'Spring 2022' },
    { subject: 'MATH', number: '132', title: 'Calculus II', credits: 4, grade: 'W', term: 'Spring 2022' },
    { subject: 'SPCH', number: '250', title: 'Speech Fundamentals', credits: 3, grade: 'A-', term: 'Spring 2022' },
    { subject: 'COMP', number: '280', title: 'Data Structures', credits: 3, grade: null, term: 'Fall 2022', section2: 'in-progress' },
    { subject: 'MATH', number: '132', title: 'Calculus II', credits: 4, grade: null, term: 'Fall 2022', section2: 'in-progress' },
    { subject: 'PHYS', number: '241', title: 'General Physics I', credits: 3, grade: null, term: 'Fall 2022', section2: 'in-progress' },
  ],
  html() {
    const row = (c: RealCourse, graded: boolean) =>
      `<tr><td class="dd">${c.subject}</td><td class="dd">${c.number}</td><td class="dd">UG</td><td class="dd">${esc(c.title)}</td>${graded ? `<td class="dd">${c.grade}</td>` : ''}<td class="dd r">${f(c.credits, 3)}</td>${graded ? `<td class="dd r">${f(points(c), 2)}</td><td class="dd"></td>` : ''}</tr>`;
    let cum: RealCourse[] = [];
    const termBlock = (t: string) => {
      const cs = inTerm(this.courses, t);
      cum = [...cum, ...cs];
      const att = sum(cs, (c) => c.credits);
      const pass = sum(cs, earned);
      const catt = sum(cum, (c) => c.credits);
      const cpass = sum(cum, earned);
      return `<tr><th colspan="8" class="label">Term: ${t}</th></tr>
<tr><th class="label">Subject</th><th class="label">Course</th><th class="label">Level</th><th class="label">Title</th><th class="label">Grade</th><th class="label">Credit Hours</th><th class="label">Quality Points</th><th class="label">R</th></tr>
${cs.map((c) => row(c, true)).join('\n')}
<tr><th colspan="8" class="label">Term Totals (Undergraduate)</th></tr>
<tr><td></td><th class="label">Attempt Hours</th><th class="label">Passed Hours</th><th class="label">Earned Hours</th><th class="label">GPA Hours</th><th class="label">Quality Points</th><th class="label">GPA</th><td></td></tr>
<tr><th class="label">Current Term:</th><td class="r">${f(att, 3)}</td><td class="r">${f(pass, 3)}</td><td class="r">${f(pass, 3)}</td><td class="r">${f(att, 3)}</td><td class="r">${f(sum(cs, points), 2)}</td><td class="r">${f(gpa(cs), 2)}</td><td></td></tr>
<tr><th class="label">Cumulative:</th><td class="r">${f(catt, 3)}</td><td class="r">${f(cpass, 3)}</td><td class="r">${f(cpass, 3)}</td><td class="r">${f(catt, 3)}</td><td class="r">${f(sum(cum, points), 2)}</td><td class="r">${f(gpa(cum), 2)}</td><td></td></tr>
<tr><td colspan="8" class="small">Unofficial Transcript</td></tr>`;
    };
    const ip = this.courses.filter((c) => c.section2 === 'in-progress');
    return page(
      `body { font-family: 'Liberation Sans', Arial, sans-serif; font-size: 9pt; } .hdr { font-size: 8pt; display: flex; justify-content: space-between; color: #333; }
       table { border-collapse: collapse; width: 100%; } th.label { text-align: left; background: #e3e3e3; font-weight: bold; padding: 1px 4px; } td { padding: 1px 4px; }
       td.r { text-align: right; } .small { font-size: 8pt; color: #555; } .sec { background: #ccc; font-weight: bold; padding: 2px 4px; margin-top: 6px; } .links a { margin-right: 20px; color: #00c; }`,
      `<div class="hdr"><span>11/14/25, 9:41 AM</span><span>Academic Transcript</span></div>
<h2 style="font-size:13pt">Academic Transcript</h2>
<p>This is NOT an official transcript. Courses which are in progress may also be included on this transcript.</p>
<p class="links"><a>Institution Credit</a> <a>Transcript Totals</a> <a>Courses in Progress</a></p>
<table><tr><th colspan="2" class="sec">Transcript Data</th></tr>
<tr><th colspan="2" class="label">STUDENT INFORMATION</th></tr>
<tr><th class="label">Name :</th><td>${this.student}</td></tr>
<tr><th class="label">Student Type:</th><td>Continuing</td></tr>
<tr><th class="label">Curriculum Information</th><td></td></tr>
<tr><th class="label">Current Program</th><td>Bachelor of Science</td></tr>
<tr><th class="label">College:</th><td>College of Engineering</td></tr>
<tr><th class="label">Major and Department:</th><td>Computer Science, Computer Science</td></tr></table>
<p>***This is NOT an Official Transcript***</p>
<div class="sec">INSTITUTION CREDIT &nbsp;&nbsp;&nbsp; -Top-</div>
<table>${terms(this.courses).map(termBlock).join('\n')}</table>
<div class="sec">TRANSCRIPT TOTALS (UNDERGRADUATE) &nbsp;&nbsp;&nbsp; -Top-</div>
<table><tr><td></td><th class="label">Attempt Hours</th><th class="label">Passed Hours</th><th class="label">Earned Hours</th><th class="label">GPA Hours</th><th class="label">Quality Points</th><th class="label">GPA</th></tr>
<tr><th class="label">Total Institution:</th><td class="r">${f(sum(cum, (c) => c.credits), 3)}</td><td class="r">${f(sum(cum, earned), 3)}</td><td class="r">${f(sum(cum, earned), 3)}</td><td class="r">${f(sum(cum, (c) => c.credits), 3)}</td><td class="r">${f(sum(cum, points), 2)}</td><td class="r">${f(gpa(cum), 2)}</td></tr>
<tr><th class="label">Total Transfer:</th><td class="r">0.000</td><td class="r">0.000</td><td class="r">0.000</td><td class="r">0.000</td><td class="r">0.00</td><td class="r">0.00</td></tr></table>
<div class="sec">COURSES IN PROGRESS &nbsp;&nbsp;&nbsp; -Top-</div>
<table><tr><th colspan="5" class="label">Term: Fall 2022</th></tr>
<tr><th class="label">Subject</th><th class="label">Course</th><th class="label">Level</th><th class="label">Title</th><th class="label">Credit Hours</th></tr>
${ip.map((c) => row(c, false)).join('\n')}</table>
<p class="small">Unofficial Transcript</p>
<div class="hdr" style="margin-top:30px"><span>https://ssbprod.ncat.edu/PROD/bwskotrn.P_ViewTran</span><span>1/2</span></div>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
// R02 — NYU Albert (PeopleSoft) unofficial transcript: title before the code, codes with a school suffix and a section

const r02: RealDocument = {
  id: 'r02-albert-title-before-code',
  layout: 'peoplesoft-albert',
  school: 'New York University',
  schoolPrinted: true,
  student: 'Juniper Castellanos-Reed',
  studentId: 'N19283746',
  courses: [
    { subject: 'MATH-UA', number: '121', section: '001', title: 'Calculus I', credits: 4, grade: 'A-', term: 'Fall 2022' },
    { subject: 'CSCI-UA', number: '101', section: '002', title: 'Intro to Computer Science', credits: 4, grade: 'B+', term: 'Fall 2022' },
    { subject: 'EXPOS-UA', number: '1', section: '014', title: 'Writing the Essay:', credits: 4, grade: 'B', term: 'Fall 2022' },
    { subject: 'CORE-UA', number: '400', section: '001', title: 'Texts & Ideas:', credits: 4, grade: 'P', term: 'Fall 2022' },
    { subject: 'CSCI-UA', number: '102', section: '003', title: 'Data Structures', credits: 4, grade: 'A', term: 'Spring 2023' },
    { subject: 'MATH-UA', number: '120', section: '001', title: 'Discrete Mathematics', credits: 4, grade: 'W', term: 'Spring 2023' },
    { subject: 'ECON-UB', number: '2', section: '001', title: 'Microeconomics', credits: 4, grade: 'B-', term: 'Spring 2023' },
    { subject: 'MULT-UB', number: '9', section: '016', title: 'Cohort Leadership', credits: 0, grade: 'P', term: 'Spring 2023' },
    { subject: 'CSCI-UA', number: '201', section: '001', title: 'Computer Systems Org', credits: 4, grade: null, term: 'Fall 2023' },
    { subject: 'MATH-UA', number: '140', section: '002', title: 'Linear Algebra', credits: 4, grade: null, term: 'Fall 2023' },
  ],
  exams: [
    { name: 'ADV_PL Calculus BC', credits: 8 },
    { name: 'ADV_PL English Language & Comp', credits: 4 },
  ],
  html() {
    const row = (c: RealCourse) => `<tr><td>${esc(c.title)}</td><td>${c.subject}&nbsp;&nbsp;${c.number}-${c.section}</td><td class="r">${f(c.credits, 1)}</td><td>${c.grade ?? '***'}</td></tr>`;
    const block = (t: string) => {
      const cs = inTerm(this.courses, t);
      const att = sum(cs, (c) => c.credits);
      const graded = cs.filter((c) => c.grade && c.grade in GP);
      return `<tr><td colspan="4" class="term">${t}</td></tr><tr><td colspan="4">College of Arts and Science</td></tr><tr><td colspan="4">Major: Computer Science</td></tr>
${cs.map(row).join('\n')}
<tr><td colspan="4" class="tot">Term Totals: AHRS ${f(att, 1)} EHRS ${f(sum(cs, earned), 1)} QHRS ${f(sum(graded, (c) => c.credits), 1)} QPTS ${f(sum(cs, points), 3)} GPA ${f(gpa(cs), 3)}</td></tr>`;
    };
    return page(
      `body { font-family: 'Liberation Serif', serif; font-size: 10pt; } table { border-collapse: collapse; } td { padding: 1px 10px 1px 0; } td.r { text-align: right; } .term { font-weight: bold; padding-top: 8px; } .tot { font-size: 9pt; }`,
      `<div style="text-align:center;font-weight:bold;font-size:12pt">New York University</div>
<div style="text-align:center">Unofficial Transcript</div>
<p>Name: ${this.student}<br>Student ID: ${this.studentId}<br>Print Date: 11/14/2025</p>
<p><b>Beginning of Undergraduate Record</b></p>
<p><b>Test Credits Applied Toward Fall 2022</b></p>
<table>${this.exams!.map((e) => `<tr><td>${esc(e.name)}</td><td class="r">${f(e.credits, 1)}</td></tr>`).join('')}<tr><td>Test Totals:</td><td class="r">12.0</td></tr></table>
<table>${terms(this.courses).map(block).join('\n')}</table>
<p>*** indicates course currently in progress</p>
<p><b>End of Unofficial Transcript</b></p>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
// R03 — UC Santa Cruz (PeopleSoft) unofficial transcript: quarters, test credit, P/NP

const r03: RealDocument = {
  id: 'r03-peoplesoft-quarters',
  layout: 'peoplesoft-quarter',
  school: 'University of California, Santa Cruz',
  schoolPrinted: true,
  student: 'Rowan Thistlewood',
  studentId: '1987654',
  courses: [
    { subject: 'CSE', number: '20', title: 'Beginning Programming Python', credits: 5, grade: 'A', term: 'Fall 2022' },
    { subject: 'MATH', number: '19A', title: 'Calc Sci Engr', credits: 5, grade: 'B+', term: 'Fall 2022' },
    { subject: 'WRIT', number: '1', title: 'Rhetoric & Inquiry', credits: 5, grade: 'A-', term: 'Fall 2022' },
    { subject: 'CSE', number: '12', title: 'Com Sys/Assmbly Lan', credits: 7, grade: 'B', term: 'Winter 2023' },
    { subject: 'CSE', number: '16', title: 'Appl Discrete Math', credits: 5, grade: 'P', term: 'Winter 2023' },
    { subject: 'ANTH', number: '2', title: 'Cultural Anthropology', credits: 5, grade: 'NP', term: 'Winter 2023' },
    { subject: 'CSE', number: '30', title: 'Prog Abs Python', credits: 7, grade: 'A+', term: 'Spring 2023' },
    { subject: 'AM', number: '10', title: 'Math Methods I', credits: 5, grade: null, term: 'Spring 2023' },
  ],
  exams: [{ name: 'AP Calculus BC', credits: 8 }, { name: 'AP Physics C: Mech', credits: 8 }],
  html() {
    const block = (t: string, label: string) => {
      const cs = inTerm(this.courses, t);
      const att = sum(cs.filter((c) => c.grade !== null), (c) => c.credits);
      return `<p class="term">${label}</p><p>Program: Undergraduate</p>
<table><tr class="head"><td>Course</td><td>Description</td><td class="r">Attempted</td><td class="r">Earned</td><td class="c">Grade</td><td class="r">Points</td></tr>
${cs.map((c) => `<tr><td>${c.subject} ${c.number}</td><td>${esc(c.title)}</td><td class="r">${f(c.credits, 2)}</td><td class="r">${f(earned(c), 2)}</td><td class="c">${c.grade ?? ''}</td><td class="r">${f(points(c), 3)}</td></tr>`).join('\n')}
<tr><td colspan="2">Term GPA ${f(gpa(cs), 2)} &nbsp; Term Totals</td><td class="r">${f(att, 2)}</td><td class="r">${f(sum(cs, earned), 2)}</td><td class="r">${f(att, 2)}</td><td class="r">${f(sum(cs, points), 3)}</td></tr></table>`;
    };
    return page(
      `body { font-family: 'DejaVu Sans', sans-serif; font-size: 8.5pt; } table { border-collapse: collapse; width: 92%; } td { padding: 1px 6px 1px 0; } td.r { text-align: right; } td.c { text-align: center; } tr.head td { font-weight: bold; } .term { font-weight: bold; margin: 8px 0 0; } p { margin: 2px 0; }`,
      `<div style="text-align:center">*** U N O F F I C I A L ***</div>
<div style="text-align:center;font-weight:bold">University of California, Santa Cruz</div>
<p>Name: Thistlewood, Rowan<br>Student ID: ${this.studentId}</p>
<p><b>Test Credits Applied Toward Undergraduate Program</b></p>
<table>${this.exams!.map((e) => `<tr><td>${esc(e.name)}</td><td class="r">${f(e.credits, 2)}</td></tr>`).join('')}</table>
<p>Test Trans GPA: 0.000 &nbsp; Transfer Totals: 16.000 16.000 0.000</p>
<p><b>Beginning of Undergraduate Record</b></p>
${block('Fall 2022', '2022 Fall Quarter')}${block('Winter 2023', '2023 Winter Quarter')}${block('Spring 2023', '2023 Spring Quarter')}
<p><b>Undergraduate Career Totals</b></p><p>Cum GPA: ${f(gpa(this.courses), 2)}</p><p>End of Unofficial Transcript</p>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
// R04 — UT Dallas (PeopleSoft): upper-case titles, CR grades, transfer and test credit blocks, tight columns

const r04: RealDocument = {
  id: 'r04-peoplesoft-tight-columns',
  layout: 'peoplesoft-utd',
  school: 'The University of Texas at Dallas',
  schoolPrinted: true,
  student: 'Idris Ravenscroft',
  studentId: '2021-55-0173',
  courses: [
    { subject: 'MATH', number: '2413', title: 'DIFFERENTIAL CALCULUS', credits: 4, grade: 'CR', term: null, section2: 'test' },
    { subject: 'RHET', number: '1302', title: 'RHETORIC', credits: 3, grade: 'CR', term: null, section2: 'test' },
    { subject: 'GOVT', number: '2305', title: 'AMERICAN NATIONAL GOVERNMENT', credits: 3, grade: 'T', term: 'Summer 2022', section2: 'transfer' },
    { subject: 'HIST', number: '1301', title: 'US HISTORY SURVEY TO CIV WAR', credits: 3, grade: 'T', term: 'Summer 2022', section2: 'transfer' },
    { subject: 'CS', number: '1200', title: 'INTRO TO COMP SCI & SOFTWARE', credits: 2, grade: 'A+', term: 'Fall 2022' },
    { subject: 'CS', number: '1337', title: 'COMPUTER SCIENCE I', credits: 3, grade: 'B-', term: 'Fall 2022' },
    { subject: 'MATH', number: '2414', title: 'INTEGRAL CALCULUS', credits: 4, grade: 'B', term: 'Fall 2022' },
    { subject: 'UNIV', number: '1010', title: 'STUDENT SUCCESS', credits: 1, grade: 'A', term: 'Fall 2022' },
    { subject: 'CS', number: '2305', title: 'DISCRETE MATHEMATICS I', credits: 3, grade: null, term: 'Spring 2023' },
    { subject: 'CS', number: '3162', title: 'PROF RESPONSIBILITY IN CS & SE', credits: 1, grade: null, term: 'Spring 2023' },
  ],
  html() {
    const rows = (cs: RealCourse[]) =>
      cs.map((c) => `<tr><td>${c.subject} ${c.number}</td><td>${esc(c.title)}</td><td class="r">${f(c.credits, 3)}</td><td class="r">${f(earned(c), 3)}</td><td>${c.grade ?? ''}</td><td class="r">${f(points(c), 3)}</td></tr>`).join('');
    const head = '<tr class="h"><td>Course</td><td>Description</td><td class="r">Attempted</td><td class="r">Earned</td><td>Grade</td><td class="r">Points</td></tr>';
    const test = this.courses.filter((c) => c.section2 === 'test');
    const transfer = this.courses.filter((c) => c.section2 === 'transfer');
    const block = (t: string, label: string) => {
      const cs = inTerm(this.courses, t);
      return `<p class="t">${label}</p><p>Computer Science Major</p><table>${head}${rows(cs)}</table><p>Term GPA: ${f(gpa(cs), 3)} &nbsp; Term Totals &nbsp; ${f(sum(cs, (c) => c.credits), 3)} ${f(sum(cs, earned), 3)} ${f(sum(cs, points), 3)}</p>`;
    };
    return page(
      `body { font-family: 'Liberation Sans Narrow', sans-serif; font-size: 9pt; } table { border-collapse: collapse; } td { padding: 0 2px; } td.r { text-align: right; } tr.h td { font-weight: bold; } .t { font-weight: bold; margin: 6px 0 0; } p { margin: 1px 0; }`,
      `<div style="font-weight:bold;font-size:11pt">The University of Texas at Dallas</div>
<div>Unofficial Transcript - UTD</div>
<p>Name: ${this.student} &nbsp;&nbsp; Student ID: ${this.studentId}</p><p>Print Date: 2025-11-14</p>
<p class="t">Beginning of Undergraduate Record</p>
<p class="t">Test Credits</p><p>Test Credits Applied Toward Computer Science</p><table>${head}${rows(test)}</table><p>Test Trans GPA: 0.000 &nbsp; Transfer Totals: 7.000 7.000 0.000</p>
<p class="t">Transfer Credits</p><p>Transfer Credit from Collin College</p><p>Applied Toward Computer Science</p><table>${head}${rows(transfer)}</table><p>Transfer Totals: 6.000 6.000 0.000</p>
${block('Fall 2022', '2022 Fall')}${block('Spring 2023', '2023 Spring')}
<p>Cum GPA: ${f(gpa(this.courses), 3)} &nbsp; Cum Totals ${f(sum(this.courses, (c) => c.credits), 3)} ${f(sum(this.courses, earned), 3)}</p><p>End of Undergraduate Record</p>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
// R05 — University of Waterloo (Quest) unofficial transcript: half-credit units and percentage grades

const r05: RealDocument = {
  id: 'r05-quest-percent-grades',
  layout: 'peoplesoft-quest',
  school: 'University of Waterloo',
  schoolPrinted: true,
  student: 'Linden Moravec',
  studentId: '20871234',
  courses: [
    { subject: 'CS', number: '135', title: 'Designing Functional Programs', credits: 0.5, grade: '84', term: 'Fall 2023' },
    { subject: 'MATH', number: '135', title: 'Algebra for Honours Mathematics', credits: 0.5, grade: '77', term: 'Fall 2023' },
    { subject: 'MATH', number: '137', title: 'Calculus 1 for Honours Mathematics', credits: 0.5, grade: '69', term: 'Fall 2023' },
    { subject: 'SPCOM', number: '223', title: 'Public Speaking', credits: 0.5, grade: '91', term: 'Fall 2023' },
    { subject: 'ECON', number: '101', title: 'Introduction to Microeconomics', credits: 0.5, grade: 'WD', earned: 0, term: 'Fall 2023' },
    { subject: 'CS', number: '136', title: 'Elementary Algorithm Design and Data Abstraction', credits: 0.5, grade: '72', term: 'Winter 2024' },
    { subject: 'MATH', number: '136', title: 'Linear Algebra 1 for Honours Mathematics', credits: 0.5, grade: '64', term: 'Winter 2024' },
    { subject: 'MATH', number: '138', title: 'Calculus 2 for Honours Mathematics', credits: 0.5, grade: '58', term: 'Winter 2024' },
    { subject: 'PD', number: '1', title: 'Career Fundamentals', credits: 0.5, grade: 'CR', term: 'Winter 2024' },
    { subject: 'STAT', number: '230', title: 'Probability', credits: 0.5, grade: '45', earned: 0, term: 'Winter 2024' },
  ],
  html() {
    const block = (t: string, level: string) => {
      const cs = inTerm(this.courses, t);
      const marks = cs.filter((c) => /^\d+$/.test(c.grade ?? ''));
      const avg = marks.length ? sum(marks, (c) => Number(c.grade)) / marks.length : 0;
      return `<p class="t">${t}</p><p>Program: Computer Science, Honours, Co-operative Program</p><p>Level: ${level} &nbsp; Load: Full-Time &nbsp; Form Of Study: Enrolment</p>
<table><tr class="h"><td>Course</td><td>Description</td><td class="r">Attempted</td><td class="r">Earned</td><td class="r">Grade</td></tr>
${cs.map((c) => `<tr><td>${c.subject}&nbsp;&nbsp;${c.number}</td><td>${esc(c.title)}</td><td class="r">${f(c.credits, 2)}</td><td class="r">${f(earned(c), 2)}</td><td class="r">${c.grade}</td></tr>`).join('')}</table>
<table style="width:60%"><tr><td></td><td class="r">In GPA</td><td class="r">Earned</td></tr><tr><td>Term GPA &nbsp; ${f(avg, 2)} &nbsp; Term Totals</td><td class="r">${f(sum(marks, (c) => c.credits), 2)}</td><td class="r">${f(sum(cs, earned), 2)}</td></tr></table>`;
    };
    return page(
      `body { font-family: 'Liberation Sans', sans-serif; font-size: 9pt; } table { border-collapse: collapse; width: 95%; } td { padding: 1px 6px 1px 0; } td.r { text-align: right; } tr.h td { font-weight: bold; } .t { font-weight: bold; margin: 8px 0 0; } p { margin: 1px 0; }`,
      `<div style="display:flex;justify-content:space-between"><b>University of Waterloo</b><span>Page 1 of 1</span></div>
<div>Undergraduate Unofficial Transcript</div>
<p>Name: ${this.student}<br>Student ID: ${this.studentId}</p>
<p class="t">Beginning of Undergraduate Record</p>
${block('Fall 2023', '1A')}${block('Winter 2024', '1B')}
<p class="t">End of Undergraduate Unofficial Transcript</p>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
// R06 — Simon Fraser University (PeopleSoft): repeat column, class average (a grade) and class enrolment columns

const r06: RealDocument = {
  id: 'r06-peoplesoft-class-average',
  layout: 'peoplesoft-sfu',
  school: 'Simon Fraser University',
  schoolPrinted: true,
  student: 'Tamsin Okonkwo-Vale',
  studentId: '301556677',
  courses: [
    { subject: 'CMPT', number: '120', title: 'Intro Cmpt Sci/Prog I', credits: 3, grade: 'T', term: null, section2: 'transfer' },
    { subject: 'MATH', number: '150', title: 'Calculus I w/ Review', credits: 4, grade: 'T', term: null, section2: 'transfer' },
    { subject: 'CMPT', number: '210', title: 'Probability and Computing', credits: 3, grade: 'B', term: 'Summer 2023' },
    { subject: 'CMPT', number: '225', title: 'Data Structures/Programming', credits: 0, grade: 'D', earned: 0, term: 'Summer 2023', flag: 'EXCM' },
    { subject: 'MATH', number: '240', title: 'Algebra I: Linear Algebra', credits: 3, grade: 'C+', term: 'Summer 2023' },
    { subject: 'CMPT', number: '225', title: 'Data Structures/Programming', credits: 3, grade: 'B+', term: 'Fall 2023' },
    { subject: 'CMPT', number: '295', title: 'Intro. to Computer Systems', credits: 3, grade: 'A-', term: 'Fall 2023' },
    { subject: 'MACM', number: '201', title: 'Discrete Mathematics II', credits: 3, grade: 'B-', term: 'Fall 2023' },
    { subject: 'ENGL', number: '199', title: 'Intro to Acad Writing', credits: 3, grade: 'W', term: 'Fall 2023' },
  ],
  html() {
    const block = (t: string, label: string) => {
      const cs = inTerm(this.courses, t);
      const avg = ['B', 'C+', 'B-', 'B+', 'A-', 'C'];
      return `<p class="t">${label}</p><p>Major in Computing Science, Bachelor of Science</p>
<table><tr class="h"><td>Course</td><td>Description</td><td>Repeated</td><td class="r">Units<br>Attempted</td><td class="r">Units<br>Completed</td><td>Grade</td><td class="r">Grade<br>Points</td><td>Class<br>Average</td><td class="r">Class<br>Enrollment</td></tr>
${cs.map((c, i) => `<tr><td>${c.subject} ${c.number}</td><td>${esc(c.title)}</td><td>${c.flag ?? ''}</td><td class="r">${f(c.credits, 2)}</td><td class="r">${f(earned(c), 2)}</td><td>${c.grade}</td><td class="r">${f(points(c), 2)}</td><td>${avg[i % avg.length]}</td><td class="r">${[48, 136, 221, 64, 97, 180][i % 6]}</td></tr>`).join('')}</table>
<p>Term Totals: ${f(sum(cs, (c) => c.credits), 2)} ${f(sum(cs, earned), 2)} ${f(sum(cs, points), 2)}</p><p>Term GPA: ${f(gpa(cs.filter((c) => !c.flag)), 2)}</p>`;
    };
    const tr = this.courses.filter((c) => c.section2 === 'transfer');
    return page(
      `body { font-family: 'DejaVu Sans', sans-serif; font-size: 8pt; } table { border-collapse: collapse; width: 100%; } td { padding: 1px 4px; vertical-align: bottom; } td.r { text-align: right; } tr.h td { font-weight: bold; } .t { font-weight: bold; margin: 8px 0 0; } p { margin: 1px 0; }`,
      `<div style="text-align:center">UNOFFICIAL</div><div style="text-align:center;font-weight:bold">Simon Fraser University</div><div style="text-align:center">Unofficial Transcript</div>
<p>Student Name: ${this.student} &nbsp; ID Number: ${this.studentId} &nbsp; Date of Issue: November 14 2025 &nbsp; Page 1 of 1</p>
<p class="t">Credentials Awarded</p><p>None</p>
<p class="t">Beginning of Undergraduate Record</p>
<p class="t">Transfer Credits</p><p>Coquitlam College &nbsp; Total Units: 7.00</p>
<table><tr class="h"><td>Course</td><td>Description</td><td class="r">Units</td><td>Grade</td></tr>${tr.map((c) => `<tr><td>${c.subject} ${c.number}</td><td>${esc(c.title)}</td><td class="r">${f(c.credits, 2)}</td><td>${c.grade}</td></tr>`).join('')}</table>
${block('Summer 2023', '2023 Summer')}${block('Fall 2023', '2023 Fall')}
<p>Cumulative GPA: ${f(gpa(this.courses.filter((c) => !c.flag && !c.section2)), 2)} &nbsp; Academic Standing: Good Academic Standing</p><p class="t">End of Undergraduate Record</p>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
// R07 — Northeastern University (Banner 9 self-service, printed to PDF): long header, wrapped titles, graduate level

const r07: RealDocument = {
  id: 'r07-banner9-wrapped-titles',
  layout: 'banner-9-print',
  school: 'Northeastern University',
  schoolPrinted: true,
  student: 'Emerson Fairbairn',
  studentId: '002345678',
  courses: [
    { subject: 'CS', number: '5010', title: 'Programming Design Paradigm', credits: 4, grade: 'A-', term: 'Fall 2024' },
    { subject: 'CS', number: '5800', title: 'Algorithms', credits: 4, grade: 'B+', term: 'Fall 2024' },
    { subject: 'CS', number: '5330', title: 'Pattern Recognition and Computer Vision', credits: 4, grade: 'A', term: 'Spring 2025' },
    { subject: 'CS', number: '5100', title: 'Foundations of Artificial Intelligence', credits: 4, grade: 'B', term: 'Spring 2025' },
    { subject: 'CS', number: '6120', title: 'Natural Language Processing', credits: 4, grade: 'A-', term: 'Summer 2025' },
    { subject: 'CS', number: '5200', title: 'Database Management Systems', credits: 4, grade: null, term: 'Fall 2025', section2: 'in-progress' },
    { subject: 'CS', number: '5700', title: 'Fundamentals of Computer Networking', credits: 4, grade: null, term: 'Fall 2025', section2: 'in-progress' },
  ],
  html() {
    const head = '<tr class="h"><td>Subject</td><td>Course</td><td>Level</td><td class="tt">Title</td><td>Grade</td><td class="r">Credit<br>Hours</td><td class="r">Quality<br>Points</td><td>Start and End<br>Dates</td><td>R</td><td class="r">CEU<br>Contact<br>Hours</td></tr>';
    const block = (t: string, label: string) => {
      const cs = inTerm(this.courses, t);
      return `<p class="t">Term : ${label}</p><p>Academic Standing: Good Standing</p><table>${head}${cs.map((c) => `<tr><td>${c.subject}</td><td>${c.number}</td><td>GR</td><td class="tt">${esc(c.title)}</td><td>${c.grade}</td><td class="r">${f(c.credits, 3)}</td><td class="r">${f(points(c), 3)}</td><td></td><td></td><td></td></tr>`).join('')}</table>
<p class="t">Term Totals</p><table style="width:70%"><tr class="h"><td></td><td class="r">Attempt Hours</td><td class="r">Passed Hours</td><td class="r">Earned Hours</td><td class="r">GPA Hours</td><td class="r">Quality Points</td><td class="r">GPA</td></tr>
<tr><td>Current Term</td><td class="r">${f(sum(cs, (c) => c.credits), 3)}</td><td class="r">${f(sum(cs, earned), 3)}</td><td class="r">${f(sum(cs, earned), 3)}</td><td class="r">${f(sum(cs, (c) => c.credits), 3)}</td><td class="r">${f(sum(cs, points), 3)}</td><td class="r">${f(gpa(cs), 3)}</td></tr></table>`;
    };
    const ip = this.courses.filter((c) => c.section2 === 'in-progress');
    return page(
      `body { font-family: 'Liberation Sans', sans-serif; font-size: 8.5pt; } table { border-collapse: collapse; width: 100%; } td { padding: 1px 4px; vertical-align: top; } td.tt { width: 1.3in; } td.r { text-align: right; } tr.h td { font-weight: bold; vertical-align: bottom; } .t { font-weight: bold; margin: 8px 0 0; } p { margin: 1px 0; } .sec { background: #ddd; font-weight: bold; padding: 2px; margin-top: 8px; }`,
      `<div style="font-size:12pt;font-weight:bold">Northeastern University</div><div style="font-size:11pt">Unofficial Academic Transcript</div>
<p>This is not an official transcript. Courses which are in progress may also be included on this transcript.</p>
<div class="sec">STUDENT INFORMATION</div><p>Name: ${this.student}</p><p>Primary Program: M.S. in Computer Science</p><p>College: Khoury College of Computer Sciences &nbsp; Campus: Boston &nbsp; Major: Computer Science</p>
<div class="sec">DEGREE AWARDED</div><p>Sought: Master of Science</p>
<div class="sec">INSTITUTION CREDIT</div>
${block('Fall 2024', 'Fall 2024 Semester')}${block('Spring 2025', 'Spring 2025 Semester')}${block('Summer 2025', 'Summer Full 2025 Semester')}
<div class="sec">TRANSCRIPT TOTALS</div><table style="width:70%"><tr class="h"><td></td><td class="r">Attempt Hours</td><td class="r">Passed Hours</td><td class="r">Earned Hours</td><td class="r">GPA Hours</td><td class="r">Quality Points</td><td class="r">GPA</td></tr>
<tr><td>Total Institution</td><td class="r">20.000</td><td class="r">20.000</td><td class="r">20.000</td><td class="r">20.000</td><td class="r">72.004</td><td class="r">3.600</td></tr><tr><td>Total Transfer</td><td class="r">0.000</td><td class="r">0.000</td><td class="r">0.000</td><td class="r">0.000</td><td class="r">0.000</td><td class="r">0.000</td></tr></table>
<div class="sec">COURSE(S) IN PROGRESS</div><p class="t">Term : Fall 2025 Semester</p>
<table><tr class="h"><td>Subject</td><td>Course</td><td>Level</td><td class="tt">Title</td><td class="r">Credit Hours</td><td>Start and End Dates</td></tr>${ip.map((c) => `<tr><td>${c.subject}</td><td>${c.number}</td><td>GR</td><td class="tt">${esc(c.title)}</td><td class="r">${f(c.credits, 3)}</td><td></td></tr>`).join('')}</table>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
// R08 — Purdue University (Banner 9): campus column whose value wraps over three lines, five-digit numbers, R flag

const r08: RealDocument = {
  id: 'r08-banner9-campus-column',
  layout: 'banner-9-campus',
  school: 'Purdue University',
  schoolPrinted: false,
  student: 'Sawyer Ashgrove',
  studentId: '0034567891',
  courses: [
    { subject: 'CS', number: '18000', title: 'Prob Solving & O-O Programming', credits: 4, grade: 'F', term: 'Fall 2024', flag: 'E' },
    { subject: 'CS', number: '19300', title: 'Tools', credits: 1, grade: 'B', term: 'Fall 2024' },
    { subject: 'MA', number: '16500', title: 'Anlytc Geomtry&Calc I', credits: 4, grade: 'B', term: 'Fall 2024' },
    { subject: 'SCLA', number: '10100', title: 'Crit Think & Com I', credits: 3, grade: 'B', term: 'Fall 2024' },
    { subject: 'TDM', number: '11100', title: 'Corporate Partners I', credits: 3, grade: 'W', term: 'Fall 2024' },
    { subject: 'CS', number: '18000', title: 'Prob Solving & O-O Programming', credits: 4, grade: 'B+', term: 'Spring 2025', flag: 'I' },
    { subject: 'MA', number: '16600', title: 'Analytc Geom & Calc II', credits: 4, grade: 'C+', term: 'Spring 2025' },
    { subject: 'ENGL', number: '10600', title: 'First-Year Composition', credits: 4, grade: 'A-', term: 'Spring 2025' },
  ],
  html() {
    const block = (t: string) => {
      const cs = inTerm(this.courses, t);
      return `<p class="t">Period: ${t}</p><p>College: College of Science &nbsp; Major: Computer Science &nbsp; Academic Standing: Good Standing</p>
<table><tr class="h"><td>Subject</td><td>Course</td><td class="camp">Campus</td><td>Level</td><td class="tt">Title</td><td>Grade</td><td class="r">Credit<br>Hours</td><td class="r">Quality<br>Points</td><td>R</td></tr>
${cs.map((c) => `<tr><td>${c.subject}</td><td>${c.number}</td><td class="camp">Indianapolis and W Lafayette</td><td>UG</td><td class="tt">${esc(c.title)}</td><td>${c.grade}</td><td class="r">${f(c.credits, 3)}</td><td class="r">${f(points(c), 2)}</td><td>${c.flag ?? ''}</td></tr>`).join('')}</table>
<p class="t">Period Totals</p><table style="width:75%"><tr class="h"><td></td><td>Attempt Hours</td><td>Passed Hours</td><td>Earned Hours</td><td>GPA Hours</td><td>Quality Points</td><td>GPA</td></tr>
<tr><td>Current Period</td><td>${f(sum(cs, (c) => c.credits), 3)}</td><td>${f(sum(cs, earned), 3)}</td><td>${f(sum(cs, earned), 3)}</td><td>${f(sum(cs, (c) => c.credits), 3)}</td><td>${f(sum(cs, points), 2)}</td><td>${f(gpa(cs), 2)}</td></tr></table>`;
    };
    return page(
      `body { font-family: 'Liberation Sans', sans-serif; font-size: 8.5pt; } table { border-collapse: collapse; width: 100%; } td { padding: 1px 3px; vertical-align: top; } td.camp { width: 0.75in; } td.tt { width: 1.6in; } td.r { text-align: right; } tr.h td { font-weight: bold; vertical-align: bottom; } .t { font-weight: bold; margin: 8px 0 0; } p { margin: 1px 0; } .sec { background: #ddd; font-weight: bold; padding: 2px; margin-top: 8px; }`,
      `<div>Purdue Production Instance</div><div style="font-size:12pt;font-weight:bold">Unofficial Academic Transcript</div>
<p>This is not an official transcript. Courses which are in progress may also be included on this transcript.</p>
<div class="sec">Transcript Data</div><div class="sec">STUDENT INFORMATION</div>
<p>Name: ${this.student} &nbsp; Student Type: Continuing</p><p>Current Program: Bachelor of Science &nbsp; Program: Computer Science-BS</p><p>College: College of Science &nbsp; Campus: Indianapolis and W Lafayette</p>
<div class="sec">INSTITUTION CREDIT</div>${block('Fall 2024')}${block('Spring 2025')}`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
// R09 — The University of the West Indies (Banner): a campus code between course and level, academic-year terms

const r09: RealDocument = {
  id: 'r09-banner-campus-code',
  layout: 'banner-uwi',
  school: 'The University of the West Indies',
  schoolPrinted: true,
  student: 'Noor Brightwater',
  studentId: '816123987',
  courses: [
    { subject: 'COMP', number: '1601', title: 'Computer Programming I', credits: 3, grade: 'A+', term: 'Fall 2022' },
    { subject: 'COMP', number: '1602', title: 'Computer Programming II', credits: 3, grade: 'B', term: 'Fall 2022' },
    { subject: 'MATH', number: '1115', title: 'Fundamental Mathematics for General Science', credits: 3, grade: 'B+', term: 'Fall 2022' },
    { subject: 'INFO', number: '1601', title: 'Introduction to Information Technology', credits: 3, grade: 'A-', term: 'Fall 2022' },
    { subject: 'COMP', number: '1603', title: 'Computer Programming III', credits: 3, grade: 'A-', term: 'Spring 2023' },
    { subject: 'FOUN', number: '1101', title: 'Caribbean Civilisation', credits: 3, grade: 'A', term: 'Spring 2023' },
    { subject: 'INFO', number: '1600', title: 'Introduction to Computing', credits: 3, grade: 'W', term: 'Spring 2023' },
    { subject: 'COMP', number: '2603', title: 'Object-Oriented Programming', credits: 3, grade: null, term: 'Fall 2023' },
    { subject: 'COMP', number: '2604', title: 'Operating Systems', credits: 3, grade: null, term: 'Fall 2023' },
  ],
  html() {
    const block = (t: string, label: string) => {
      const cs = inTerm(this.courses, t);
      return `<p class="t">${label}</p><table><tr class="h"><td>Subject</td><td>Code</td><td></td><td>Level</td><td class="tt">Title</td><td>Grade</td><td class="r">Credits</td><td class="r">Quality Points</td><td class="r">GPA Hours</td></tr>
${cs.map((c) => `<tr><td>${c.subject}</td><td>${c.number}</td><td>S</td><td>UG</td><td class="tt">${esc(c.title)}</td><td>${c.grade ?? ''}</td><td class="r">${f(c.credits, 2)}</td><td class="r">${f(points(c), 2)}</td><td class="r">${f(c.grade && c.grade in GP ? GP[c.grade]! : 0, 2)}</td></tr>`).join('')}</table><p>Current Term GPA: ${f(gpa(cs), 2)}</p>`;
    };
    return page(
      `body { font-family: 'DejaVu Serif', serif; font-size: 8.5pt; } table { border-collapse: collapse; width: 100%; } td { padding: 1px 4px; vertical-align: top; } td.tt { width: 1.9in; } td.r { text-align: right; } tr.h td { font-weight: bold; } .t { font-weight: bold; margin: 8px 0 2px; } p { margin: 1px 0; }`,
      `<div style="text-align:center;font-weight:bold;font-size:12pt">THE UNIVERSITY OF THE WEST INDIES</div><div style="text-align:center">ST. AUGUSTINE CAMPUS</div>
<div style="text-align:center">UNOFFICIAL</div>
<p>Student Name: ${this.student}<br>Student ID: ${this.studentId}</p><p><b>Academic Record</b></p>
<p><b>CURRENT PROGRAMME</b></p><p>Degree: BSc &nbsp; Programme: Computer Science (General) &nbsp; Faculty: Science and Technology</p><p>Major: Computer Science &nbsp; Department: Computing and Information Technology &nbsp; Campus: St. Augustine</p>
${block('Fall 2022', 'Term 2022/2023 Semester I')}${block('Spring 2023', 'Term 2022/2023 Semester II')}${block('Fall 2023', 'Term 2023/2024 Semester I')}
<p><b>DEGREE GPA TOTALS</b></p><p><b>TRANSCRIPT TOTALS</b></p><p>Attempt Hours &nbsp; Passed Hours &nbsp; Earned Hours &nbsp; GPA Hours &nbsp; Quality Points &nbsp; GPA</p><p>Overall: &nbsp; 21.00 &nbsp; 18.00 &nbsp; 18.00 &nbsp; 18.00 &nbsp; 63.30 &nbsp; 3.52</p>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
// R10 — University of Washington (MyUW) unofficial transcript: two columns of fixed-width text, decimal grades

const r10: RealDocument = {
  id: 'r10-two-column-decimal-grades',
  layout: 'home-grown-two-column',
  school: 'University of Washington',
  schoolPrinted: true,
  student: 'Quinn Underhill',
  studentId: '2012345',
  courses: [
    { subject: 'CSE', number: '142', title: 'COMPUTER PRGRMNG I', credits: 4, grade: '3.8', term: 'Fall 2021' },
    { subject: 'MATH', number: '124', title: 'CALC ANALYT GEOM I', credits: 5, grade: '3.2', term: 'Fall 2021' },
    { subject: 'ENGL', number: '131', title: 'COMPOSITION: EXPOS', credits: 5, grade: '3.6', term: 'Fall 2021' },
    { subject: 'CSE', number: '143', title: 'COMPUTER PRGRMNG II', credits: 5, grade: '3.4', term: 'Winter 2022' },
    { subject: 'MATH', number: '125', title: 'CALC ANALYT GEOM II', credits: 5, grade: '2.9', term: 'Winter 2022' },
    { subject: 'PHYS', number: '121', title: 'MECHANICS', credits: 5, grade: 'W', term: 'Winter 2022' },
    { subject: 'CSE', number: '311', title: 'FOUNDATIONS COMPUTNG I', credits: 4, grade: '3.0', term: 'Spring 2022' },
    { subject: 'STAT', number: '390', title: 'STAT METHODS ENGR SCI', credits: 4, grade: 'CR', term: 'Spring 2022' },
    { subject: 'INFO', number: '200', title: 'INTELLECTUAL FNDTNS', credits: 5, grade: '3.9', term: 'Spring 2022' },
    { subject: 'CSE', number: '332', title: 'DATA STRUCT & PARALLEL', credits: 4, grade: '3.5', term: 'Fall 2022' },
    { subject: 'MATH', number: '308', title: 'MATRIX ALG W APPLICATNS', credits: 3, grade: '2.7', term: 'Fall 2022' },
    { subject: 'ASTR', number: '101', title: 'ASTRONOMY', credits: 5, grade: 'S', term: 'Fall 2022' },
  ],
  html() {
    const label: Record<string, string> = { 'Fall 2021': 'AUTUMN 2021', 'Winter 2022': 'WINTER 2022', 'Spring 2022': 'SPRING 2022', 'Fall 2022': 'AUTUMN 2022' };
    let catt = 0;
    const block = (t: string) => {
      const cs = inTerm(this.courses, t);
      const att = sum(cs, (c) => c.credits);
      catt += att;
      const g = cs.filter((c) => /^\d\.\d$/.test(c.grade ?? ''));
      const qgpa = g.length ? sum(g, (c) => Number(c.grade) * c.credits) / sum(g, (c) => c.credits) : 0;
      return [
        `${label[t]}   COMPUTER SCIENCE`,
        ...cs.map((c) => `  ${c.subject.padEnd(6)}${c.number.padEnd(5)}${c.title.padEnd(24)}${f(c.credits, 1).padStart(4)}  ${c.grade!.padStart(3)}`),
        `     QTR ATTEMPTED: ${f(att, 1)}  EARNED: ${f(sum(cs, earned), 1)}  GPA: ${f(qgpa, 2)}`,
        `     CUM ATTEMPTED: ${f(catt, 1)}  CUM GPA: 3.31`,
        '',
      ].join('\n');
    };
    const ts = terms(this.courses);
    return page(
      `body { font-family: 'Liberation Mono', monospace; font-size: 7.5pt; } pre { font-family: inherit; margin: 0; } .cols { display: flex; gap: 0.35in; } .col { flex: 1; }`,
      `<pre>UNIVERSITY OF WASHINGTON                    UNOFFICIAL ACADEMIC TRANSCRIPT
STUDENT NAME: ${this.student.toUpperCase().padEnd(31)}STUDENT NO: ${this.studentId}
CAMPUS LOCATION: SEATTLE                    PRINTED: 11/14/25
</pre><br><div class="cols"><div class="col"><pre>${ts.slice(0, 2).map(block).join('\n')}</pre></div><div class="col"><pre>${ts.slice(2).map(block).join('\n')}
     END OF UNOFFICIAL TRANSCRIPT</pre></div></div>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
// R11 — University of South Florida (Banner PDF): transfer credit with elective placeholders and TCR grades

const r11: RealDocument = {
  id: 'r11-banner-transfer-electives',
  layout: 'banner-usf',
  school: 'University of South Florida',
  schoolPrinted: true,
  student: 'Harper Nakashima-Ford',
  studentId: 'U12345678',
  courses: [
    { subject: 'ENC', number: '1101', title: 'Composition I', credits: 3, grade: 'TCR', term: 'Fall 2021', section2: 'transfer' },
    { subject: 'MAC', number: '1147', title: 'Precalculus Algebra & Trig', credits: 4, grade: 'TCR', term: 'Fall 2021', section2: 'transfer' },
    { subject: 'HUM', number: '2XXX', title: 'Humanities Elective', credits: 3, grade: 'TCR', term: 'Fall 2021', section2: 'transfer' },
    { subject: 'COP', number: '2510', title: 'Programming Concepts', credits: 3, grade: 'A', term: 'Fall 2022' },
    { subject: 'MAC', number: '2281', title: 'Engineering Calculus I', credits: 4, grade: 'B+', term: 'Fall 2022' },
    { subject: 'PHY', number: '2048L', title: 'General Physics I Lab', credits: 1, grade: 'A-', term: 'Fall 2022' },
    { subject: 'PHY', number: '2048', title: 'General Physics I', credits: 3, grade: 'C', term: 'Fall 2022' },
    { subject: 'COP', number: '3514', title: 'Program Design', credits: 3, grade: 'NG', earned: 0, term: 'Spring 2023' },
    { subject: 'CDA', number: '3103', title: 'Computer Organization', credits: 3, grade: 'B', term: 'Spring 2023' },
    { subject: 'COP', number: '4530', title: 'Data Structures', credits: 3, grade: null, term: 'Fall 2023', section2: 'in-progress' },
    { subject: 'CDA', number: '3201C', title: 'Computer Logic Design', credits: 4, grade: null, term: 'Fall 2023', section2: 'in-progress' },
  ],
  html() {
    const head = (graded: boolean) => `<tr class="h"><td>Subject</td><td>Course</td><td>Level</td><td>Title</td>${graded ? '<td>Grade</td>' : ''}<td class="r">Credit Hours</td>${graded ? '<td class="r">Quality Points</td><td>R</td>' : ''}</tr>`;
    const row = (c: RealCourse, graded = true) => `<tr><td>${c.subject}</td><td>${c.number}</td><td>UG</td><td>${esc(c.title)}</td>${graded ? `<td>${c.grade}</td>` : ''}<td class="r">${f(c.credits, 3)}</td>${graded ? `<td class="r">${f(points(c), 2)}</td><td></td>` : ''}</tr>`;
    const tr = this.courses.filter((c) => c.section2 === 'transfer');
    const block = (t: string) => `<p class="t">Term: ${t}</p><table>${head(true)}${inTerm(this.courses, t).map((c) => row(c)).join('')}</table><p>Term Totals (Undergraduate) &nbsp; Current Term: ${f(sum(inTerm(this.courses, t), (c) => c.credits), 3)} &nbsp; GPA ${f(gpa(inTerm(this.courses, t)), 2)}</p>`;
    return page(
      `body { font-family: 'Liberation Sans', sans-serif; font-size: 8.5pt; } table { border-collapse: collapse; width: 100%; } td { padding: 1px 4px; } td.r { text-align: right; } tr.h td { font-weight: bold; border-bottom: 1px solid #999; } .t { font-weight: bold; margin: 8px 0 2px; } p { margin: 1px 0; } .sec { font-weight: bold; border-bottom: 2px solid #000; margin-top: 10px; }`,
      `<div style="font-weight:bold;font-size:13pt">UNIVERSITY OF SOUTH FLORIDA</div><div>Unofficial Transcript</div>
<p>Name: ${this.student} &nbsp; Student ID: ${this.studentId} &nbsp; Birth Date: XX-XXX</p>
<div class="sec">TRANSFER CREDIT ACCEPTED BY INSTITUTION</div><p class="t">Fall 2021: Hillsborough Community College</p><table>${head(true)}${tr.map((c) => row(c)).join('')}</table>
<p>Attempt Hours 10.000 &nbsp; Passed Hours 10.000 &nbsp; Earned Hours 10.000 &nbsp; GPA Hours 0.000</p>
<div class="sec">INSTITUTION CREDIT</div>${block('Fall 2022')}${block('Spring 2023')}
<div class="sec">TRANSCRIPT TOTALS (UNDERGRADUATE)</div><p>Total Institution: 17.000 &nbsp; Total Transfer: 10.000 &nbsp; Overall: 27.000</p>
<div class="sec">COURSES IN PROGRESS</div><p class="t">Term: Fall 2023</p><table>${head(false)}${this.courses.filter((c) => c.section2 === 'in-progress').map((c) => row(c, false)).join('')}</table>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
// R12 — University of Notre Dame (Banner self-service PDF): "Fall Semester 2024" terms, five-digit numbers

const r12: RealDocument = {
  id: 'r12-banner-semester-names',
  layout: 'banner-nd',
  school: 'University of Notre Dame',
  schoolPrinted: true,
  student: 'Calla Yarborough',
  studentId: '902345678',
  courses: [
    { subject: 'CHEM', number: '10171', title: 'Intro to Chemical Principles', credits: 4, grade: 'A', term: 'Fall 2023', section2: 'transfer' },
    { subject: 'CSE', number: '20311', title: 'Fundamentals of Computing', credits: 4, grade: 'A-', term: 'Fall 2024' },
    { subject: 'MATH', number: '20550', title: 'Calculus III', credits: 3.5, grade: 'B+', term: 'Fall 2024' },
    { subject: 'PHYS', number: '10320', title: 'General Physics II', credits: 4, grade: 'B', term: 'Fall 2024' },
    { subject: 'THEO', number: '10001', title: 'Foundations of Theology', credits: 3, grade: 'A', term: 'Fall 2024' },
    { subject: 'CSE', number: '20110', title: 'Discrete Mathematics', credits: 3, grade: 'B', term: 'Spring 2025' },
    { subject: 'CSE', number: '20312', title: 'Data Structures', credits: 4, grade: 'S', term: 'Spring 2025' },
    { subject: 'MUS', number: '10110', title: 'Music of the Americas', credits: 3, grade: 'F', term: 'Spring 2025', flag: 'E' },
    { subject: 'CSE', number: '30151', title: 'Theory of Computing', credits: 3, grade: null, term: 'Fall 2025', section2: 'in-progress' },
    { subject: 'CSE', number: '30341', title: 'Operating System Principles', credits: 3, grade: null, term: 'Fall 2025', section2: 'in-progress' },
  ],
  html() {
    const label = (t: string) => t.replace(/^(\w+) (\d+)$/, '$1 Semester $2');
    const rows = (cs: RealCourse[], graded = true) =>
      cs.map((c) => `<tr><td>${c.subject} ${c.number}</td><td>UG</td><td>${esc(c.title)}</td>${graded ? `<td>${c.grade}</td>` : ''}<td class="r">${f(c.credits, 2)}</td>${graded ? `<td class="r">${f(points(c), 2)}</td><td>${c.flag ?? ''}</td>` : ''}</tr>`).join('');
    const head = '<tr class="h"><td>Course</td><td>Level</td><td>Title</td><td>Grade</td><td class="r">Credits</td><td class="r">Quality Points</td><td>R</td></tr>';
    return page(
      `body { font-family: 'Liberation Serif', serif; font-size: 9.5pt; } table { border-collapse: collapse; width: 100%; } td { padding: 1px 4px; } td.r { text-align: right; } tr.h td { font-weight: bold; } .t { font-weight: bold; margin: 8px 0 2px; } p { margin: 1px 0; }`,
      `<div style="text-align:center;font-weight:bold;font-size:13pt">University of Notre Dame</div><div style="text-align:center">Academic Transcript (unofficial)</div>
<p>${this.student} &nbsp;&nbsp; ND ID ${this.studentId}</p><p>nd.edu &middot; Office of the Registrar</p>
<p class="t">TRANSFER CREDIT ACCEPTED BY INSTITUTION</p><p>Fall Semester 2023: Indiana University South Bend</p><table>${head}${rows(this.courses.filter((c) => c.section2 === 'transfer'))}</table>
<p class="t">INSTITUTION CREDIT</p>${['Fall 2024', 'Spring 2025'].map((t) => `<p class="t">${label(t)}</p><table>${head}${rows(inTerm(this.courses, t))}</table><p>Term GPA: ${f(gpa(inTerm(this.courses, t)), 3)}</p>`).join('')}
<p class="t">TRANSCRIPT TOTALS</p><p>Overall &nbsp; Attempted 28.50 &nbsp; Earned 25.50 &nbsp; GPA 3.342</p>
<p class="t">COURSES IN PROGRESS</p><p class="t">Fall Semester 2025</p><table><tr class="h"><td>Course</td><td>Level</td><td>Title</td><td class="r">Credits</td></tr>${rows(this.courses.filter((c) => c.section2 === 'in-progress'), false)}</table>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
// R13 — Queen's University (SOLUS, PeopleSoft): "Course Description Units Grade Points", program history lines

const r13: RealDocument = {
  id: 'r13-peoplesoft-units-grade-points',
  layout: 'peoplesoft-solus',
  school: "Queen's University",
  schoolPrinted: true,
  student: 'Bram Szymanski-Lowe',
  studentId: '20234567',
  courses: [
    { subject: 'APSC', number: '111', title: 'Mechanics', credits: 3.5, grade: 'B+', term: 'Fall 2022' },
    { subject: 'APSC', number: '131', title: 'Chemistry And Materials', credits: 3.5, grade: 'A-', term: 'Fall 2022' },
    { subject: 'APSC', number: '171', title: 'Calculus I', credits: 3, grade: 'B', term: 'Fall 2022' },
    { subject: 'APSC', number: '293', title: 'Engineering Communications', credits: 1, grade: 'A+', term: 'Fall 2022' },
    { subject: 'ECON', number: '111', title: 'Introductory Microeconomics', credits: 3, grade: 'A-', term: 'Winter 2023' },
    { subject: 'MINE', number: '321', title: 'Drilling & Blasting', credits: 4.5, grade: 'A-', term: 'Winter 2023' },
    { subject: 'MINE', number: '339', title: 'Mine Ventilation', credits: 4.5, grade: 'C+', term: 'Winter 2023' },
    { subject: 'MINE', number: '341', title: 'Open Pit Mining', credits: 4.5, grade: 'F', term: 'Winter 2023' },
  ],
  html() {
    const block = (t: string, label: string) => {
      const cs = inTerm(this.courses, t);
      return `<p class="t">${label}</p><table><tr class="h"><td>Course</td><td>Description</td><td class="r">Units</td><td>Grade</td><td class="r">Points</td></tr>
${cs.map((c) => `<tr><td>${c.subject} ${c.number}</td><td>${esc(c.title)}</td><td class="r">${f(c.credits, 2)}</td><td>${c.grade}</td><td class="r">${f(points(c), 1)}</td></tr>`).join('')}</table>
<p>Term GPA ${f(gpa(cs), 2)} &nbsp; Term Totals &nbsp; ${f(sum(cs, (c) => c.credits), 2)} &nbsp; ${f(sum(cs, earned), 2)} &nbsp; ${f(sum(cs, points), 1)}</p>`;
    };
    return page(
      `body { font-family: 'Liberation Sans', sans-serif; font-size: 9pt; } table { border-collapse: collapse; width: 85%; } td { padding: 1px 6px 1px 0; } td.r { text-align: right; } tr.h td { font-weight: bold; } .t { font-weight: bold; margin: 8px 0 2px; } p { margin: 1px 0; }`,
      `<div style="font-weight:bold;font-size:12pt">Queen's University</div><div>Unofficial Transcript</div>
<p>Name: ${this.student} &nbsp; Student ID: ${this.studentId}</p>
<p class="t">Academic Program History</p><p>06/12/2022: Bachelor of Science Engineer Active in Program</p><p>Major in General Engineering</p><p>02/28/2023: Bachelor of Science Engineer Active in Program</p><p>Major in Mining Engineering &nbsp; Option in Mining</p>
<p class="t">Beginning of Undergraduate Record</p>${block('Fall 2022', '2022 Fall')}${block('Winter 2023', '2023 Winter')}`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
// R14 — University of New Hampshire School of Law (Banner, Parchment PDF): two columns, "IN PROGRESS" in the grade column

const r14: RealDocument = {
  id: 'r14-banner-two-column-law',
  layout: 'banner-parchment-two-column',
  school: 'University of New Hampshire',
  schoolPrinted: true,
  student: 'Oriel Whitlock',
  studentId: '987654321',
  courses: [
    { subject: 'LGP', number: '900', title: 'The Legal Profession', credits: 1, grade: 'S', term: 'Fall 2024' },
    { subject: 'LGP', number: '909', title: 'Civil Procedure', credits: 4, grade: 'B', term: 'Fall 2024' },
    { subject: 'LSK', number: '921', title: 'Legal Analysis,Writing&Rsrch I', credits: 3, grade: 'A-', term: 'Fall 2024' },
    { subject: 'LGP', number: '911', title: 'Contracts', credits: 4, grade: 'B+', term: 'Fall 2024' },
    { subject: 'LGP', number: '952', title: 'Property', credits: 4, grade: 'D+', term: 'Spring 2025' },
    { subject: 'LIP', number: '944', title: 'Fund of Intellectual Property', credits: 3, grade: 'A', term: 'Spring 2025' },
    { subject: 'LGP', number: '925', title: 'Torts', credits: 4, grade: 'B-', term: 'Spring 2025' },
    { subject: 'LBS', number: '907', title: 'Business Associations I', credits: 3, grade: null, term: 'Spring 2026' },
    { subject: 'LIP', number: '962', title: 'Patent Practice & Procedure II', credits: 3, grade: null, term: 'Spring 2026' },
  ],
  html() {
    const line = (c: RealCourse) => `${c.subject.padEnd(4)} ${c.number.padEnd(5)} ${c.title.slice(0, 30).padEnd(30)} ${f(c.credits, 2).padStart(5)} ${(c.grade ?? 'IN PROGRESS').padEnd(3)} ${c.grade ? f(points(c), 2).padStart(6) : ''}`;
    const termLines = (t: string) => {
      const cs = inTerm(this.courses, t);
      const graded = cs.filter((c) => c.grade && c.grade in GP);
      return [t, ...cs.map(line), `Ehrs: ${f(sum(cs, earned), 2)} GPA-Hrs: ${f(sum(graded, (c) => c.credits), 2)} QPts: ${f(sum(cs, points), 2)} GPA: ${f(gpa(cs), 2)}`];
    };
    const left = ['SUBJ NO.   COURSE TITLE                    CRED GRD    PTS R', 'INSTITUTION CREDIT:', ...termLines('Fall 2024'), ...termLines('Spring 2025'), 'Good Standing', 'Spring 2026', 'IN PROGRESS WORK', line(this.courses[7]!), '****************** CONTINUED ON NEXT COLUMN ******************'];
    const right = ['SUBJ NO.   COURSE TITLE                    CRED GRD    PTS R', 'IN PROGRESS WORK continued:', line(this.courses[8]!), 'In Progress Credits 6.00', '******************** TRANSCRIPT TOTALS *********************', '                  Earned Hrs  GPA Hrs   Points    GPA', 'TOTAL INSTITUTION     23.00     22.00    64.31   2.92', 'OVERALL               23.00     22.00    64.31   2.92', '******************* END OF DOCUMENT ********************'];
    return page(
      `@page { size: 11in 8.5in; } body { font-family: 'DejaVu Sans Mono', monospace; font-size: 7.5pt; } pre { margin: 0; font-family: inherit; } .cols { display: flex; gap: 0.4in; }`,
      `<div style="text-align:center;font-family:'DejaVu Serif',serif;font-size:12pt;font-weight:bold">UNIVERSITY OF NEW HAMPSHIRE</div><div style="text-align:center;font-family:'DejaVu Serif',serif">Franklin Pierce School of Law &middot; Unofficial Transcript</div>
<pre>Record of: ${this.student}                Student ID: ${this.studentId}
Course Level: Law JD                      Issued: 11/14/2025</pre><br>
<div class="cols"><pre>${esc(left.join('\n'))}</pre><pre>${esc(right.join('\n'))}</pre></div>`,
    );
  },
};

export const REAL_DOCUMENTS: RealDocument[] = [r01, r02, r03, r04, r05, r06, r07, r08, r09, r10, r11, r12, r13, r14];
