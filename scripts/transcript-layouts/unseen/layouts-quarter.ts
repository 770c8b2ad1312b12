/**
 * Unseen set, quarter schools (community colleges first): each layout re-typeset from its public source (`source`),
 * with a made-up student and record.
 */
import { fixedWidthPage, peopleSoftColumns, pre, rows, shout, type Column } from './html';
import { allCourses, earnedOf, esc, fx, gpa, pad, padLeft, page, pointsOf, record, sum, type Course, type Term, type UnseenDocument } from './record';

const att = (cs: Course[]) => sum(cs, (c) => c.credits);
const ern = (cs: Course[]) => sum(cs, earnedOf);
const pts = (cs: Course[]) => sum(cs, pointsOf);

// ---------------------------------------------------------------------------------------------------------------
const foothill: UnseenDocument = {
  id: 'u19-foothill-title-first',
  school: 'Foothill College',
  schoolPrinted: true,
  system: 'Foothill-De Anza district student records, unofficial transcript with the title before the code',
  calendar: 'quarter',
  source:
    'deanza.edu/catalog/flipbook/2020-2021 pages 31 and 38 and facultyfiles.deanza.edu/policies/grades.html (the Foothill-De Anza district: quarter units are two-thirds of a semester unit; grades A+ to F, P/NP, I, IP, RD, W, EW). The title printed before the code ("INTRO TO ENGR I   ENGR 7A   2.0   A") follows the issue\'s description of such prints.',
  student: 'Theo Castellanos-Weir',
  studentId: '20418836',
  images: [{ kind: 'photo', seed: 119 }],
  terms: record(`
    term FALL QUARTER 2022
    ENGR 7A | Intro to Engr I | 2 | A
    MATH 1A | Calculus | 5 | B+
    ENGL 1A | Composition | 5 | A-
    CS 1A | Object-Oriented Prog Java | 4.5 | A
    term WINTER QUARTER 2023
    MATH 1B | Calculus | 5 | B
    ENGL 1B | Composition/Reading/Lit | 5 | EW
    CS 1B | Intermediate Prog Java | 4.5 | A-
    PHYS 4A | Physics: Mechanics | 6 | C+
    term SPRING QUARTER 2023
    MATH 1C | Calculus | 5 | A
    ENGR 37 | Intro to Circuit Analysis | 5 | B
    KINS 1 | Fitness Walking | 1 | P
  `),
  html(doc) {
    const line = (c: Course) =>
      `<tr><td>${esc(shout(c.title, 28))}</td><td>${c.subject} ${c.number}</td><td class="r">${fx(c.credits, 1)}</td><td class="c">${c.grade}</td><td class="r">${fx(pointsOf(c), 1)}</td></tr>`;
    return page(
      `body { font-family: 'Liberation Mono', 'Courier New', monospace; font-size: 8.5pt; } table { border-collapse: collapse; } td, th { padding: 0 10px 0 0; text-align: left; font-weight: normal; } .r { text-align: right; } .c { text-align: center; } .t { padding-top: 8px; }`,
      `<div>FOOTHILL COLLEGE &nbsp; 12345 EL MONTE ROAD, LOS ALTOS HILLS CA 94022</div><div>UNOFFICIAL TRANSCRIPT &nbsp;&nbsp; PRINTED 07/01/2023</div><br>
<div>NAME: ${esc(doc.student.toUpperCase())} &nbsp;&nbsp; CWID: ${doc.studentId}</div><br>
<table><tr><th>COURSE TITLE</th><th>COURSE</th><th class="r">UNITS</th><th class="c">GRADE</th><th class="r">GRADE PTS</th></tr>
${doc.terms.map((t) => `<tr><td colspan="5" class="t">${t.name}</td></tr>${t.courses.map(line).join('')}<tr><td colspan="5">&nbsp;&nbsp;QTR ATTEMPTED ${fx(att(t.courses), 1)} &nbsp; EARNED ${fx(ern(t.courses), 1)} &nbsp; GPA ${fx(gpa(t.courses), 2)}</td></tr>`).join('')}</table><br>
<div>CUMULATIVE UNITS EARNED ${fx(ern(allCourses(doc)), 1)} &nbsp; GPA ${fx(gpa(allCourses(doc)), 2)}</div><div>ALL UNITS ARE QUARTER UNITS</div>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
const greenRiver: UnseenDocument = {
  id: 'u20-greenriver-ctclink',
  school: 'Green River College',
  schoolPrinted: true,
  system: 'ctcLink (PeopleSoft Campus Solutions) unofficial transcript',
  calendar: 'quarter',
  source:
    'greenriver.edu/campus/policies-and-procedures/student-affairs-policies/sa-9-transcripts (unofficial transcripts printed by the student from ctcLink since October 2021) and support.spscc.edu/determine-yearqtr-code-ctclink (ctcLink term designations by quarter: winter, spring, summer, fall). Washington common course numbers carry an ampersand (ENGL& 101), as public transfer tools note; grades are decimals (4.0–0.7).',
  student: 'Soren Abernathy-Ito',
  studentId: '101847329',
  terms: record(`
    transfer Transfer Credit from Highline College | Highline College
    CMST& 220 | Public Speaking | 5 | 3.5
    term FALL 2022
    ENGL& 101 | English Composition I | 5 | 3.6
    MATH& 141 | Precalculus I | 5 | 2.9
    CHEM& 161 | General Chemistry w/Lab I | 6 | 3.1
    term WINTER 2023
    ENGL& 102 | Composition II | 5 | 3.9
    MATH& 142 | Precalculus II | 5 | 3.2
    CHEM& 162 | General Chemistry w/Lab II | 6 | 2.4
    term SPRING 2023
    MATH& 151 | Calculus I | 5 | 3.0
    CHEM& 163 | General Chemistry w/Lab III | 6 | W
    PSYC& 100 | General Psychology | 5 | 4.0
  `),
  html(doc) {
    const cols = peopleSoftColumns(' ', 2);
    const block = (t: Term) =>
      `<div class="t">${esc(t.name)}</div><table>${rows(cols, t.courses)}</table>` +
      (t.section === 'institution'
        ? `<table class="s"><tr><td>Term GPA</td><td>${fx(gpa(t.courses), 3)}</td><td>Term Totals</td><td>${fx(att(t.courses), 2)}</td><td>${fx(ern(t.courses), 2)}</td><td>${fx(pts(t.courses), 3)}</td></tr></table>`
        : `<table class="s"><tr><td>Transfer Totals</td><td>${fx(att(t.courses), 2)}</td><td>${fx(ern(t.courses), 2)}</td></tr></table>`);
    return page(
      `body { font-family: 'Liberation Sans', Arial, sans-serif; font-size: 8.5pt; } table { border-collapse: collapse; width: 100%; } th, td { padding: 0 5px; text-align: left; font-weight: normal; } tr.head th { border-bottom: 1px solid #000; }
       .t { font-weight: bold; margin-top: 8px; } .s { width: 64%; margin-left: 36%; font-size: 8pt; }`,
      `<div style="text-align:center"><b style="font-size:12pt">Green River College</b><br>12401 SE 320th St, Auburn, WA 98092<br>Unofficial Transcript</div>
<p>Name: ${esc(doc.student)} &nbsp; ctcLink ID: ${doc.studentId} &nbsp; Print Date: 2023-06-30</p>
<p style="text-align:center"><b>Beginning of Undergraduate Record</b></p>
${doc.terms.map(block).join('\n')}
<p>Undergraduate Career Totals &nbsp; Cum GPA: ${fx(gpa(allCourses(doc).filter((c) => c.section === 'institution')), 3)}</p>
<p style="text-align:center"><b>End of Unofficial Transcript</b></p>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
const bellevue: UnseenDocument = {
  id: 'u21-bellevue-ctclink-history',
  school: 'Bellevue College',
  schoolPrinted: true,
  system: 'ctcLink student homepage "My Course History" page (PeopleSoft Fluid), printed and screenshotted',
  calendar: 'quarter',
  source:
    'a public transfer-planner test citing Bellevue College\'s transfer guide ("ENGL& 101" -> "ENGL 131 (5)"), and northseattle.edu/credentials/faq (ctcLink transfer credit report, per-college records). The course history grid (course, description, term, grade, units, status) follows PeopleSoft Fluid\'s student homepage.',
  student: 'Hana Lindqvist-Obi',
  studentId: '202233981',
  images: [{ kind: 'screenshot', seed: 121 }],
  terms: record(`
    term 2022 Fall
    ENGL& 101 | English Composition I | 5 | 3.4
    MATH& 151 | Calculus I | 5 | 3.7
    CS 210 | Fundamentals of Computer Sci I | 5 | 3.9
    term 2023 Winter
    MATH& 152 | Calculus II | 5 | 2.8
    CS 211 | Fundamentals of Computer Sci II | 5 | 3.5
    CMST& 210 | Interpersonal Communication | 5 | W
    term 2023 Spring
    MATH& 153 | Calculus III | 5 | -
    PHYS& 221 | Engineering Physics I | 5 | -
  `),
  html(doc) {
    const status = (c: Course) => (c.grade === null ? 'In Progress' : c.grade === 'W' ? 'Withdrawn' : 'Taken');
    const line = (c: Course) =>
      `<tr><td><a>${c.subject} ${c.number}</a></td><td>${esc(c.title)}</td><td>${c.term}</td><td>${c.grade ?? ''}</td><td>${fx(c.credits, 2)}</td><td><span class="st">${status(c)}</span></td></tr>`;
    return page(
      `body { font-family: 'Segoe UI', 'DejaVu Sans', sans-serif; font-size: 9pt; color: #222; } .band { background: #2a5d8f; color: #fff; padding: 10px 14px; font-size: 12pt; display: flex; justify-content: space-between; }
       h2 { font-weight: 400; font-size: 13pt; margin: 12px 0 4px; } table { border-collapse: collapse; width: 100%; } th { text-align: left; font-weight: 600; background: #f2f4f7; padding: 7px 6px; border-bottom: 1px solid #ccd; }
       td { padding: 7px 6px; border-bottom: 1px solid #e6e8ec; } a { color: #1a5fb4; } .st { background: #eef3f8; border-radius: 3px; padding: 1px 5px; font-size: 8pt; }`,
      `<div class="band"><span>&#8249; Academic Records</span><span>Bellevue College</span></div>
<h2>My Course History</h2><p style="font-size:8pt;color:#555">${esc(doc.student)} &middot; Undergraduate &middot; Associate in Arts - DTA</p>
<table><tr><th>Course</th><th>Description</th><th>Term</th><th>Grade</th><th>Units</th><th>Status</th></tr>${allCourses(doc).map(line).join('\n')}</table>
<p style="font-size:8pt;color:#555">Units are quarter credits. Cumulative GPA ${fx(gpa(allCourses(doc)), 2)}</p>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
const columbiaBasin: UnseenDocument = {
  id: 'u22-columbiabasin-legacy',
  school: 'Columbia Basin College',
  schoolPrinted: true,
  system: 'Washington community colleges\' Legacy Transcript application (records from before ctcLink), fixed-width print',
  calendar: 'quarter',
  source:
    'live-columbia-basin.cleancatalog.io/node/3952 (CBC transcripts, unofficial copies from the college\'s portal) and sbctc.edu …/legacy-transcript-project (the Legacy Transcript application holding pre-ctcLink records, printed official and unofficial). Fixed-width columns and quarter headings follow the legacy HP-UX system\'s prints.',
  images: [{ kind: 'photo', seed: 122 }],
  student: 'Ramon Kettleborough',
  studentId: '830-22-117',
  terms: record(`
    term FALL 2019
    ENGL& 101 | English Composition I | 5 | 3.2
    MATH 098 | Intermediate Algebra | 5 | 2.7
    HDEV 101 | College Success | 2 | 3.8
    term WINTER 2020
    MATH& 141 | Precalculus I | 5 | 2.5
    BIOL& 160 | General Biology w/Lab | 5 | 3.0
    ENGL& 102 | Composition II | 5 | 3.5
    term SPRING 2020
    MATH& 142 | Precalculus II | 5 | S
    CHEM& 121 | Intro to Chemistry | 5 | S
    HIST& 146 | US History I | 5 | 3.9
  `),
  html(doc) {
    const lines: string[] = [
      'COLUMBIA BASIN COLLEGE                         UNOFFICIAL TRANSCRIPT',
      '2600 N 20TH AVE  PASCO WA 99301                LEGACY RECORD (PRE-CTCLINK)',
      '',
      `NAME: ${doc.student.toUpperCase()}`.padEnd(47) + `SID: ${doc.studentId}`,
      '',
      'YRQ   COURSE ID   COURSE TITLE                 CR    GR    GPA PTS',
      '----  ----------  ---------------------------  ----  ----  -------',
    ];
    const yrq: Record<string, string> = { 'FALL 2019': 'A901', 'WINTER 2020': 'A902', 'SPRING 2020': 'A903' };
    for (const t of doc.terms) {
      lines.push('', `      ${t.name} QUARTER`);
      for (const c of t.courses)
        lines.push(`${yrq[t.name]}  ${pad(`${c.subject} ${c.number}`, 10)}  ${pad(shout(c.title, 27), 27)}  ${padLeft(fx(c.credits, 1), 4)}  ${pad(c.grade ?? '', 4)}  ${padLeft(fx(pointsOf(c), 1), 7)}`);
      lines.push(`      QTR CR ATT ${fx(att(t.courses), 1)}  CR EARNED ${fx(ern(t.courses), 1)}  QTR GPA ${fx(gpa(t.courses), 2)}`);
    }
    lines.push('', `      CUM CR EARNED ${fx(ern(allCourses(doc)), 1)}   CUM GPA ${fx(gpa(allCourses(doc)), 2)}`, '', 'S = SATISFACTORY (SPRING 2020 EMERGENCY GRADING)', '                    *** END OF RECORD ***');
    return fixedWidthPage(lines, 'DejaVu Sans Mono', 8);
  },
};

// ---------------------------------------------------------------------------------------------------------------
const spscc: UnseenDocument = {
  id: 'u23-spscc-ctclink-termcodes',
  school: 'South Puget Sound Community College',
  schoolPrinted: true,
  system: 'ctcLink unofficial transcript with four-digit term designations',
  calendar: 'quarter',
  source:
    'support.spscc.edu/determine-yearqtr-code-ctclink: ctcLink term designation, four digits (millennium, two-digit year, quarter: 1 winter, 3 spring, 5 summer, 7 fall), e.g. 2237 for Fall 2023.',
  student: 'Wren Halvorsen',
  studentId: '201998764',
  garbled: true,
  terms: record(`
    term Fall Quarter 2022 (2227)
    ENGL& 101 | English Composition I | 5 | 3.8
    MATH& 107 | Math in Society | 5 | 3.1
    ACCT& 201 | Principles of Accounting I | 5 | 2.9
    term Winter Quarter 2023 (2231)
    ACCT& 202 | Principles of Accounting II | 5 | 3.3
    BUS& 101 | Introduction to Business | 5 | 3.7
    ECON& 201 | Micro Economics | 5 | 2.2
    term Spring Quarter 2023 (2233)
    ACCT& 203 | Principles of Accounting III | 5 | 3.0
    BUS& 201 | Business Law | 5 | 3.6
    CMST& 220 | Public Speaking | 5 | I
  `),
  html(doc) {
    const cols: Column[] = [
      { head: 'Class', cell: (c) => `${c.subject} ${c.number}` },
      { head: 'Description', cell: (c) => esc(c.title) },
      { head: 'Units Taken', cell: (c) => fx(c.credits, 1), align: 'r' },
      { head: 'Grade', cell: (c) => c.grade ?? '', align: 'c' },
      { head: 'Grade Points', cell: (c) => fx(pointsOf(c), 1), align: 'r' },
    ];
    return page(
      `body { font-family: 'Liberation Serif', serif; font-size: 9pt; } table { border-collapse: collapse; width: 100%; } th { text-align: left; font-weight: bold; border-bottom: 1px solid #333; } td { padding: 0 6px 0 0; } .t { margin-top: 8px; font-weight: bold; }`,
      `<div style="display:flex;justify-content:space-between"><b style="font-size:12pt">South Puget Sound Community College</b><span>UNOFFICIAL TRANSCRIPT</span></div>
<p>${esc(doc.student)} &nbsp; SID ${doc.studentId} &nbsp; Program: Business DTA/MRP</p>
${doc.terms.map((t) => `<div class="t">${t.name}</div><table>${rows(cols, t.courses)}</table><div style="text-align:right">Quarter GPA ${fx(gpa(t.courses), 2)} &nbsp; Quarter Units ${fx(ern(t.courses), 1)}</div>`).join('\n')}
<p>Cumulative GPA ${fx(gpa(allCourses(doc)), 2)} &nbsp; Total Units Earned ${fx(ern(allCourses(doc)), 1)}</p>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
const northSeattle: UnseenDocument = {
  id: 'u24-northseattle-two-column',
  school: 'North Seattle College',
  schoolPrinted: true,
  system: 'ctcLink unofficial transcript, two columns a page',
  calendar: 'quarter',
  source:
    'northseattle.edu/credentials/faq (each Seattle College keeps its own transcript; transfer credits shown only as a total; ctcLink transfer credit report). The two-column page follows PeopleSoft transcript reports that flow terms into two columns.',
  student: 'Kalani Westbrook',
  studentId: '202100457',
  terms: record(`
    term 2021 Fall
    ENGL& 101 | English Composition I | 5 | 3.3
    MATH& 146 | Intro to Stats | 5 | 3.6
    PSYC& 100 | General Psychology | 5 | 3.9
    term 2022 Winter
    ENGL& 235 | Technical Writing | 5 | 3.4
    BIOL& 211 | Majors Cellular | 5 | 2.6
    NUTR& 101 | Nutrition | 5 | 3.8
    term 2022 Spring
    BIOL& 212 | Majors Animal | 5 | 3.0
    CHEM& 121 | Intro to Chemistry | 5 | 3.2
    ART 100 | Art Appreciation | 5 | 4.0
    term 2022 Fall
    BIOL& 213 | Majors Plant | 5 | 2.9
    CHEM& 131 | Intro to Organic/Biochem | 5 | 3.5
    SOC& 101 | Intro to Sociology | 5 | W
  `),
  html(doc) {
    const block = (t: Term) =>
      `<div class="t">${t.name}</div><table><tr class="h"><td>Course</td><td>Description</td><td class="r">Att</td><td class="r">Earn</td><td class="c">Grd</td><td class="r">Pts</td></tr>${t.courses.map((c) => `<tr><td>${c.subject} ${c.number}</td><td>${esc(c.title)}</td><td class="r">${fx(c.credits, 1)}</td><td class="r">${fx(earnedOf(c), 1)}</td><td class="c">${c.grade}</td><td class="r">${fx(pointsOf(c), 1)}</td></tr>`).join('')}</table><div class="s">Term GPA ${fx(gpa(t.courses), 2)} &nbsp; Totals ${fx(att(t.courses), 1)} ${fx(ern(t.courses), 1)}</div>`;
    return page(
      `body { font-family: 'DejaVu Sans', sans-serif; font-size: 7pt; } .cols { display: flex; gap: 16px; } .cols > div { width: 50%; } table { border-collapse: collapse; width: 100%; } td { padding: 0 3px; }
       .h td { border-bottom: 1px solid #000; font-weight: bold; } .r { text-align: right; } .c { text-align: center; } .t { font-weight: bold; margin-top: 6px; } .s { text-align: right; font-size: 6.5pt; }`,
      `<div style="text-align:center"><b style="font-size:11pt">North Seattle College</b><br>9600 College Way N, Seattle WA 98103 &nbsp; Unofficial Transcript</div>
<p>Name: ${esc(doc.student)} &nbsp; ID: ${doc.studentId} &nbsp; Printed: 01/05/2023</p>
<div class="cols"><div>${doc.terms.slice(0, 2).map(block).join('')}</div><div>${doc.terms.slice(2).map(block).join('')}<p>Cum GPA ${fx(gpa(allCourses(doc)), 2)} &nbsp; Credits Earned ${fx(ern(allCourses(doc)), 1)}</p></div></div>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
const ucsd: UnseenDocument = {
  id: 'u25-ucsd-fixed-width',
  school: 'University of California, San Diego',
  schoolPrinted: true,
  system: 'UC San Diego academic history, fixed-width unofficial transcript',
  calendar: 'quarter',
  source:
    'a public transcript-parser test with a UCSD-style record ("FALL QTR 2024", "CSE 202    Algorithm Design and Analysis   4.00   A", "TERM CREDITS PASSED : 8.00     TERM GPA : 3.70", "End of Transcript") found by searching public code for "Fall Qtr".',
  student: 'Emeka Rosenthal',
  studentId: 'A16023448',
  images: [{ kind: 'photo', seed: 125 }],
  terms: record(`
    test ADVANCED PLACEMENT CREDIT
    MATH 10A | AP Calculus AB | 4 | P
    term FALL QTR 2022
    CSE 8A | Intro to Programming I | 4 | A
    MATH 20A | Calculus/Science & Engineering | 4 | B+
    WCWP 10A | The Writing Course A | 4 | A-
    term WINTER QTR 2023
    CSE 8B | Intro to Programming II | 4 | A
    MATH 20B | Calculus/Science & Engineering | 4 | B
    WCWP 10B | The Writing Course B | 4 | P
    term SPRING QTR 2023
    CSE 12 | Basic Data Struct & OO Design | 4 | B+
    CSE 15L | Software Tools & Techniques Lab | 2 | A
    MATH 18 | Linear Algebra | 4 | C
  `),
  html(doc) {
    const lines: string[] = [
      '                    UNIVERSITY OF CALIFORNIA, SAN DIEGO',
      '                  OFFICE OF THE REGISTRAR - ACADEMIC HISTORY',
      '                           UNOFFICIAL TRANSCRIPT',
      '',
      `NAME                   :  ${doc.student.toUpperCase()}`,
      `STUDENT ID             :  ${doc.studentId}`,
      'STUDENT LEVEL          :  Undergraduate',
      'COLLEGE                :  Sixth College',
      'MAJOR(S)               :  Computer Science',
      '',
    ];
    for (const t of doc.terms) {
      lines.push(t.name);
      for (const c of t.courses) lines.push(`${pad(`${c.subject} ${c.number}`, 10)} ${pad(c.title, 36)} ${padLeft(fx(c.credits, 2), 5)}   ${c.grade}`);
      if (t.section === 'institution') lines.push('', `TERM CREDITS PASSED : ${fx(ern(t.courses), 2)}     TERM GPA : ${fx(gpa(t.courses), 2)}`);
      lines.push('');
    }
    lines.push(`CUMULATIVE CREDITS PASSED : ${fx(ern(allCourses(doc)), 2)}   CUMULATIVE GPA : ${fx(gpa(allCourses(doc).filter((c) => c.section === 'institution')), 2)}`, '----------------------End of Transcript----------------------');
    return fixedWidthPage(lines, 'Liberation Mono', 8.6);
  },
};

// ---------------------------------------------------------------------------------------------------------------
const stanford: UnseenDocument = {
  id: 'u26-stanford-axess',
  school: 'Stanford University',
  schoolPrinted: true,
  system: 'Axess (PeopleSoft) unofficial transcript',
  calendar: 'quarter',
  source:
    'a public Stanford transcript parser (pdfminer): the record starts at "--------- Beginning of Academic Record ---------"; each quarter is "2019-2020 Autumn"; a course is its ID ("CS  106A"), an upper-case title, attempted and earned units ("5.00"), a grade, then the instructors ("Lastname,First").',
  images: [{ kind: 'photo', seed: 126 }],
  student: 'Ingrid Okoye-Patel',
  studentId: '06123987',
  terms: record(`
    term 2021-2022 Autumn
    CS 106A | Programming Methodology | 5 | A | Sahami,M
    MATH 51 | Linear Algebra, Multivariable | 5 | B+ | Vakil,R
    PWR 1 | Writing & Rhetoric 1 | 4 | A- | Hardy,J
    term 2021-2022 Winter
    CS 106B | Programming Abstractions | 5 | A | Lee,C
    MATH 52 | Integral Calculus Several Var | 5 | B | Ryzhik,L
    THINK 61 | Freedom, Community and Morality | 4 | A | Satz,D
    term 2021-2022 Spring
    CS 107 | Computer Organization & Systems | 5 | B+ | Troccoli,N
    CS 103 | Mathematical Foundations | 5 | CR | Schwarz,K
    PHYSICS 41 | Mechanics | 4 | A- | Hollberg,L
  `),
  html(doc) {
    const lines: string[] = [];
    for (const t of doc.terms) {
      lines.push(`${t.name}`, '    Program : Bachelor of Science   Plan : Undeclared');
      for (const c of t.courses) lines.push(`    ${pad(`${c.subject}  ${c.number}`, 14)}${pad(shout(c.title, 34), 34)} ${fx(c.credits, 2)}  ${fx(earnedOf(c), 2)}  ${pad(c.grade ?? '', 4)} ${c.flags[0] ?? ''}`);
      lines.push(`    TERM GPA : ${fx(gpa(t.courses), 2)}   TERM TOTALS : ${fx(att(t.courses), 2)}  ${fx(ern(t.courses), 2)}`, '');
    }
    return page(
      `body { font-family: 'Liberation Mono', monospace; font-size: 7.8pt; } pre { margin: 0; } .h { text-align: center; font-family: 'Liberation Serif', serif; font-size: 11pt; }`,
      `<div class="h"><b>STANFORD UNIVERSITY</b><br>Unofficial Transcript</div>
${pre([`Name : ${doc.student}`, `Student ID : ${doc.studentId}`, '', '--------- Beginning of Academic Record --------- ', '', ...lines, `UG Cum GPA : ${fx(gpa(allCourses(doc)), 2)}   UG Cum Totals : ${fx(att(allCourses(doc)), 2)}  ${fx(ern(allCourses(doc)), 2)}`, '', '--------- End of Academic Record ---------'])}`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
const uoregon: UnseenDocument = {
  id: 'u27-uoregon-banner',
  school: 'University of Oregon',
  schoolPrinted: true,
  system: 'Banner (DuckWeb) unofficial transcript',
  calendar: 'quarter',
  source:
    'registrar.uoregon.edu/transcripts/transcript-key: portrait records since fall 1986, separate pages by level, transcripts given to the student marked "Issued to Student", transfer work from other institutions displayed. Quarter terms (fall, winter, spring) and the Banner term layout.',
  student: 'Margaux Delacroix-Yuen',
  studentId: '951447210',
  terms: record(`
    transfer Transfer Work Accepted | Lane Community College
    WR 121Z | Composition I | 4 | T
    MTH 111Z | Precalculus I: Functions | 4 | T
    term Fall 2022
    MATH 251 | Calculus I | 4 | B+
    CIS 210 | Computer Science I | 4 | A
    PSY 201 | Mind and Brain | 4 | A-
    term Winter 2023
    MATH 252 | Calculus II | 4 | B
    CIS 211 | Computer Science II | 4 | A-
    WR 122Z | Composition II | 4 | P*
    term Spring 2023
    MATH 253 | Calculus III | 4 | C+
    CIS 212 | Computer Science III | 4 | B
    HIST 201 | United States History | 4 | N*
  `),
  html(doc) {
    const line = (c: Course) =>
      `<tr><td>${c.subject}</td><td>${c.number}</td><td>${esc(c.title.toUpperCase())}</td><td class="c">${c.grade}</td><td class="r">${fx(c.credits, 2)}</td><td class="r">${fx(pointsOf(c), 2)}</td></tr>`;
    return page(
      `body { font-family: 'Liberation Sans', sans-serif; font-size: 8pt; } table { border-collapse: collapse; width: 100%; } td { padding: 1px 4px; } .h td { font-weight: bold; border-bottom: 1px solid #000; } .r { text-align: right; } .c { text-align: center; } .t { margin-top: 7px; font-weight: bold; }
       .issued { position: fixed; top: 4.3in; left: 1.2in; font-size: 40pt; color: rgba(0, 80, 0, 0.10); transform: rotate(-25deg); }`,
      `<div class="issued">ISSUED TO STUDENT</div>
<div style="text-align:center"><b style="font-size:12pt">UNIVERSITY OF OREGON</b><br>Office of the Registrar, Eugene OR 97403<br>UNOFFICIAL ACADEMIC TRANSCRIPT — UNDERGRADUATE</div>
<p>${esc(doc.student)} &nbsp; ${doc.studentId} &nbsp; Major: Computer Science</p>
${doc.terms.map((t) => `<div class="t">${t.section === 'transfer' ? `TRANSFER WORK ACCEPTED — ${esc(t.from!)}` : t.name}</div><table><tr class="h"><td>Subj</td><td>Crse</td><td>Title</td><td class="c">Grade</td><td class="r">Credits</td><td class="r">Points</td></tr>${t.courses.map(line).join('')}</table><div style="text-align:right">Term Hours ${fx(att(t.courses), 2)} &nbsp; GPA ${fx(gpa(t.courses), 2)}</div>`).join('\n')}
<p>UO Cumulative: Hours ${fx(att(allCourses(doc).filter((c) => c.section === 'institution')), 2)} GPA ${fx(gpa(allCourses(doc).filter((c) => c.section === 'institution')), 2)}</p>
<p style="font-size:7pt">* P* and N* indicate pass/no pass grades for courses graded pass/no pass only.</p>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
const oregonState: UnseenDocument = {
  id: 'u28-oregonstate-banner9',
  school: 'Oregon State University',
  schoolPrinted: true,
  system: 'Banner 9 self-service academic transcript',
  calendar: 'quarter',
  source:
    'ecampus.oregonstate.edu/about/transcripts (unofficial transcript evaluation glossary: quarter credits, academic residence, advanced standing report) and slideshare "Transcripting Guide" for OSU coordinators (grades entered in Banner). Columns follow Banner 9\'s academic transcript with a campus column (Corvallis, Ecampus).',
  student: 'Bodhi Ferreira-Lund',
  studentId: '934112089',
  garbled: true,
  terms: record(`
    transfer Fall 2021 | Linn-Benton Community College
    WR 121Z | Composition I | 4 | TA
    MTH 111Z | Precalculus I | 4 | TB
    term Fall 2022
    CS 161 | Intro to Computer Science I | 4 | A
    MTH 251 | Differential Calculus | 4 | B
    COMM 111Z | Public Speaking | 3 | A
    term Winter 2023
    CS 162 | Intro to Computer Science II | 4 | B+
    MTH 252 | Integral Calculus | 4 | C
    PH 211 | General Physics with Calculus | 4 | B-
    term Spring 2023
    CS 261 | Data Structures | 4 | A-
    CS 225 | Discrete Structures in CS | 4 | B
    ST 314 | Intro to Statistics for Engr | 3 | S
  `),
  html(doc) {
    const campus = (c: Course) => (c.subject === 'CS' ? 'Ecampus' : 'Corvallis');
    const line = (c: Course) =>
      `<tr><td>${c.subject}</td><td>${c.number}</td><td>${c.section === 'transfer' ? '' : campus(c)}</td><td>UG</td><td>${esc(c.title)}</td><td>${c.grade}</td><td class="r">${fx(c.credits, 3)}</td><td class="r">${fx(pointsOf(c), 2)}</td><td></td></tr>`;
    const head = '<tr class="h"><td>Subject</td><td>Course</td><td>Campus</td><td>Level</td><td>Title</td><td>Grade</td><td class="r">Credit Hours</td><td class="r">Quality Points</td><td>R</td></tr>';
    return page(
      `body { font-family: 'DejaVu Sans', sans-serif; font-size: 7.5pt; } table { border-collapse: collapse; width: 100%; } td { padding: 2px 4px; } .h td { background: #eee; font-weight: bold; } .r { text-align: right; }
       .sec { font-weight: bold; font-size: 9pt; margin-top: 8px; border-bottom: 2px solid #d73f09; } .tt { font-size: 7pt; }`,
      `<div style="font-size:12pt">Academic Transcript</div><div>Transcript Level: Undergraduate &nbsp; Transcript Type: Unofficial</div>
<p>Oregon State University &nbsp; ${esc(doc.student)} &nbsp; Major: Computer Science</p>
<div class="sec">TRANSFER CREDIT ACCEPTED BY INSTITUTION</div>
${doc.terms.filter((t) => t.section === 'transfer').map((t) => `<div>${t.name}: ${esc(t.from!)}</div><table>${head}${t.courses.map(line).join('')}</table>`).join('')}
<div class="sec">INSTITUTION CREDIT</div>
${doc.terms.filter((t) => t.section === 'institution').map((t) => `<div><b>Term: ${t.name}</b></div><table>${head}${t.courses.map(line).join('')}</table><div class="tt">Current Term: Attempt Hours ${fx(att(t.courses), 3)} &nbsp; Earned Hours ${fx(ern(t.courses), 3)} &nbsp; GPA ${fx(gpa(t.courses), 2)}</div>`).join('')}
<div class="sec">TRANSCRIPT TOTALS</div><div>Overall: ${fx(att(allCourses(doc)), 3)} hours, GPA ${fx(gpa(allCourses(doc).filter((c) => c.section === 'institution')), 2)}</div>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
const roseHulman: UnseenDocument = {
  id: 'u29-rosehulman-term-codes',
  school: 'Rose-Hulman Institute of Technology',
  schoolPrinted: true,
  system: 'Banner unofficial transcript with term codes',
  calendar: 'quarter',
  source:
    'a public Rose-Hulman course tool (course keys "CSSE120-01", term codes such as 201410 for "2014 Fall Qtr."). Quarter headings with their codes, and the course-section style, follow that source.',
  student: 'Dmitri Oyelaran',
  studentId: '800612774',
  images: [{ kind: 'photo', seed: 129 }],
  terms: record(`
    term 2022 Fall Qtr. (202310)
    CSSE 120 | Intro to Software Development | 4 | A | 01
    MA 111 | Calculus I | 5 | B | 04
    PH 111 | Physics I | 4 | B+ | 02
    RH 131 | Rhetoric & Composition | 4 | A | 06
    term 2022-23 Winter Qtr. (202320)
    CSSE 220 | Object-Oriented Software Dev | 4 | B | 03
    MA 112 | Calculus II | 5 | C | 01
    PH 112 | Physics II | 4 | W | 02
  `),
  html(doc) {
    const line = (c: Course) => `<tr><td>${c.subject}${c.number}-${c.flags[0]}</td><td>${esc(c.title)}</td><td class="r">${fx(c.credits, 1)}</td><td class="c">${c.grade}</td><td class="r">${fx(pointsOf(c), 1)}</td></tr>`;
    return page(
      `body { font-family: 'Liberation Serif', serif; font-size: 10pt; } table { border-collapse: collapse; width: 90%; } td { padding: 1px 6px; } .r { text-align: right; } .c { text-align: center; } .t { font-weight: bold; margin-top: 10px; } th { text-align: left; border-bottom: 1px solid #000; }`,
      `<div style="text-align:center"><b style="font-size:13pt">Rose-Hulman Institute of Technology</b><br>Terre Haute, Indiana &nbsp;·&nbsp; Unofficial Transcript</div>
<p>${esc(doc.student)} &nbsp; ${doc.studentId} &nbsp; Computer Science</p>
${doc.terms.map((t) => `<div class="t">${t.name}</div><table><tr><th>Course</th><th>Title</th><th class="r">Cr Hrs</th><th class="c">Grade</th><th class="r">Qual Pts</th></tr>${t.courses.map(line).join('')}</table><div>Term GPA ${fx(gpa(t.courses), 2)}</div>`).join('')}
<p>Cumulative GPA ${fx(gpa(allCourses(doc)), 2)}</p>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
const uchicago: UnseenDocument = {
  id: 'u30-uchicago-units',
  school: 'University of Chicago',
  schoolPrinted: true,
  system: 'my.UChicago academic record printed to PDF',
  calendar: 'quarter',
  source:
    'a public UChicago transcript parser ("Name:", "Student ID:", "Cumulative GPA:" fields; course codes such as MATH 15100). UChicago records Autumn, Winter and Spring quarters, and a course is 100 units.',
  student: 'Celestine Abara-Holm',
  studentId: '12290874',
  terms: record(`
    term Autumn 2022
    MATH 15100 | Calculus I | 100 | A-
    HUMA 12000 | Greek Thought and Literature I | 100 | B+
    CMSC 14100 | Intro to Computer Science I | 100 | A
    term Winter 2023
    MATH 15200 | Calculus II | 100 | B
    HUMA 12100 | Greek Thought and Literature II | 100 | A-
    CMSC 14200 | Intro to Computer Science II | 100 | B+
    term Spring 2023
    MATH 15300 | Calculus III | 100 | B+
    SOSC 11100 | Power, Identity, Resistance I | 100 | P
    CMSC 14300 | Systems Programming I | 100 | W
  `),
  html(doc) {
    const line = (c: Course) => `<tr><td>${c.subject} ${c.number}</td><td>${esc(c.title)}</td><td class="r">${c.credits}</td><td class="c">${c.grade}</td></tr>`;
    return page(
      `body { font-family: 'Liberation Sans', sans-serif; font-size: 9pt; } table { border-collapse: collapse; width: 100%; } td, th { padding: 3px 6px; text-align: left; } th { border-bottom: 2px solid #800000; } .r { text-align: right; } .c { text-align: center; } .t { color: #800000; font-weight: bold; margin-top: 10px; }`,
      `<div style="color:#800000;font-size:13pt;font-weight:bold">THE UNIVERSITY OF CHICAGO</div><div>Academic Record (unofficial)</div>
<p>Name: ${esc(doc.student)}<br>Student ID: ${doc.studentId}<br>Program: The College, Computer Science</p>
${doc.terms.map((t) => `<div class="t">${t.name}</div><table><tr><th>Course</th><th>Title</th><th class="r">Units</th><th class="c">Grade</th></tr>${t.courses.map(line).join('')}</table>`).join('')}
<p>Cumulative GPA: ${fx(gpa(allCourses(doc)), 2)}</p>`,
    );
  },
};

export const QUARTER_DOCUMENTS: UnseenDocument[] = [foothill, greenRiver, bellevue, columbiaBasin, spscc, northSeattle, ucsd, stanford, uoregon, oregonState, roseHulman, uchicago];
