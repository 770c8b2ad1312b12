/**
 * Unseen set, community colleges on semesters: each layout re-typeset from its public source (see `source`), with a
 * made-up student and record. Styling the source does not describe (fonts, spacing) is approximated.
 */
import { fixedWidthPage, peopleSoftColumns, rows, shout, type Column } from './html';
import { allCourses, earnedOf, esc, fx, gpa, pad, padLeft, page, pointsOf, record, sum, type Course, type Term, type UnseenDocument } from './record';

const inTerm = (t: Term) => t.courses;
const att = (cs: Course[]) => sum(cs, (c) => c.credits);
const ern = (cs: Course[]) => sum(cs, earnedOf);
const pts = (cs: Course[]) => sum(cs, pointsOf);

// ---------------------------------------------------------------------------------------------------------------
const bergen: UnseenDocument = {
  id: 'u01-bergen-two-column',
  school: 'Bergen Community College',
  schoolPrinted: true,
  system: 'college records system, two-column unofficial transcript PDF',
  calendar: 'semester',
  source:
    'github.com/jonathan-952/bcc_transfer, backend/parser.py: a Bergen CC transfer tool that crops each page into a left and a right column; course codes are three letters fused to three digits ("[A-Z]{3}\\d{3}"), each line ends credits, grade, points; "CIP" marks a course in progress and "TR" a transfer course.',
  student: 'Marisol Okafor-Lind',
  studentId: '00587214',
  images: [{ kind: 'photo', seed: 101 }],
  terms: record(`
    transfer TRANSFER | Passaic County Community College
    PSY 101 | General Psychology | 3 | TR
    MAT 130 | Elementary Statistics | 3 | TR
    term FALL 2022
    ENG 101 | English Composition I | 3 | B+
    CIS 158 | Intro to Computers | 3 | A
    HIS 111 | Western Civilization I | 3 | B
    BIO 101 | General Biology I | 4 | C+
    WRT 101 | Success Seminar | 1 | A
    term SPRING 2023
    ENG 102 | English Composition II | 3 | A-
    CIS 165 | Programming Logic | 3 | B
    MAT 180 | Precalculus | 4 | D
    SOC 101 | Sociology | 3 | W
    COM 100 | Speech Communication | 3 | A
    term FALL 2023
    CIS 166 | Intro to Python | 3 | -
    MAT 180 | Precalculus | 4 | -
    ECO 201 | Macroeconomics | 3 | -
  `),
  html(doc) {
    const fused = (c: Course) => `${c.subject}${c.number}`;
    const line = (c: Course) =>
      `<tr><td>${fused(c)}</td><td>${esc(c.title.toUpperCase())}</td><td class="r">${fx(c.credits, 2)}</td><td>${c.grade ?? 'CIP'}</td><td class="r">${fx(pointsOf(c), 2)}</td></tr>`;
    const block = (t: Term) => {
      const head = t.section === 'transfer' ? `TRANSFER CREDIT - ${esc(t.from!.toUpperCase())}` : t.name;
      const cs = inTerm(t);
      const tot = t.section === 'institution' && cs.some((c) => c.grade) ? `<tr><td colspan="5" class="tot">TERM ATT ${fx(att(cs), 2)} ERN ${fx(ern(cs), 2)} GPA ${fx(gpa(cs), 2)}</td></tr>` : '';
      return `<tr><td colspan="5" class="th">${head}</td></tr>${cs.map(line).join('')}${tot}`;
    };
    const left = doc.terms.slice(0, 3).map(block).join('');
    const right = doc.terms.slice(3).map(block).join('');
    return page(
      `body { font-family: 'DejaVu Sans Mono', monospace; font-size: 7.6pt; } .cols { display: flex; gap: 18px; } .cols > table { width: 50%; border-collapse: collapse; align-self: flex-start; }
       td { padding: 0 3px; white-space: nowrap; } td.r { text-align: right; } .th { font-weight: bold; padding-top: 6px; } .tot { font-size: 7pt; padding-bottom: 4px; }
       h1 { font-size: 10pt; text-align: center; margin: 0; } .sub { text-align: center; font-size: 8pt; margin-bottom: 8px; } .id { display: flex; justify-content: space-between; border-bottom: 1px solid #000; margin-bottom: 4px; }`,
      `<h1>BERGEN COMMUNITY COLLEGE</h1><div class="sub">400 PARAMUS ROAD, PARAMUS NJ 07652 &nbsp; UNOFFICIAL TRANSCRIPT</div>
<div class="id"><span>NAME: ${esc(doc.student.toUpperCase())}</span><span>ID: ${doc.studentId}</span><span>PRINTED 10/02/2023</span></div>
<div class="cols"><table>${left}</table><table>${right}<tr><td colspan="5" class="th">CUMULATIVE</td></tr><tr><td colspan="5" class="tot">ATT ${fx(att(allCourses(doc).filter((c) => c.section === 'institution' && c.grade)), 2)} GPA ${fx(gpa(allCourses(doc).filter((c) => c.section === 'institution')), 2)}</td></tr><tr><td colspan="5" class="tot">CIP = COURSE IN PROGRESS &nbsp; TR = TRANSFER</td></tr></table></div>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
const tric: UnseenDocument = {
  id: 'u02-tric-peoplesoft',
  school: 'Cuyahoga Community College',
  schoolPrinted: true,
  system: 'PeopleSoft Campus Solutions unofficial transcript',
  calendar: 'semester',
  source:
    'tri-c.edu/student-resources/registrar/transcript-legend.html: the transcript legend (grades A–F, P/NP, AU, I, I/E include/exclude, T transfer, W; articulation codes AP, CL, EX, HL, SL…; GPA from quarter or semester units). Course codes "ENG-1010" follow the college catalogue.',
  images: [{ kind: 'photo', seed: 102 }],
  student: 'Devon Arbuckle-Tan',
  studentId: '3409821',
  terms: record(`
    test Test Credits Applied Toward Associate of Arts
    ENG 1010 | College Composition I | 3 | AP
    HIST 1110 | U.S. History I | 3 | AP
    transfer Transfer Credit from Kent State University | Kent State University
    PSY 1010 | General Psychology | 3 | T
    COMM 1010 | Speech Communication | 3 | T
    term 2022 Fall
    MATH 1410 | Elementary Statistics I | 4 | C | E
    BIO 1500 | Principles of Biology | 4 | B
    ENG 1020 | College Composition II | 3 | A
    SOC 1010 | Introduction to Sociology | 3 | B+
    term 2023 Spring
    MATH 1410 | Elementary Statistics I | 4 | A | I
    PHIL 1010 | Introduction to Philosophy | 3 | A-
    ART 1010 | Art Appreciation | 3 | P
    CHEM 1300 | Fundamentals of Chemistry | 4 | W
  `),
  html(doc) {
    const line = (c: Course) =>
      `<tr><td colspan="2">${c.subject}-${c.number}</td><td>${esc(c.title)}</td><td class="r">${fx(c.credits, 3)}</td><td class="r">${fx(earnedOf(c), 3)}</td><td class="c">${c.grade ?? ''}</td><td class="r">${fx(pointsOf(c), 3)}</td><td class="c">${c.flags[0] ?? ''}</td></tr>`;
    const head = `<tr class="h"><td colspan="2">Course</td><td>Description</td><td class="r">Attempted</td><td class="r">Earned</td><td class="c">Grade</td><td class="r">Points</td><td class="c">Rpt</td></tr>`;
    const block = (t: Term) => {
      const cs = t.courses;
      const title = t.section === 'institution' ? `<div class="term">${t.name}</div><div>Program: Associate of Arts</div>` : `<div class="term">${esc(t.name)}</div>`;
      const tot =
        t.section === 'institution'
          ? `<table class="tot"><tr><td>Term GPA</td><td class="r">${fx(gpa(cs), 3)}</td><td>Term Totals</td><td class="r">${fx(att(cs), 3)}</td><td class="r">${fx(ern(cs), 3)}</td><td class="r">${fx(pts(cs), 3)}</td></tr></table>`
          : `<table class="tot"><tr><td>${t.section === 'test' ? 'Test Totals' : 'Transfer Totals'}</td><td class="r">${fx(att(cs), 3)}</td><td class="r">${fx(ern(cs), 3)}</td></tr></table>`;
      return `${title}<table class="t">${head}${cs.map(line).join('')}</table>${tot}`;
    };
    return page(
      `body { font-family: 'Liberation Serif', serif; font-size: 9pt; } table { border-collapse: collapse; width: 100%; } td { padding: 0 4px; } .r { text-align: right; } .c { text-align: center; }
       .h td { border-bottom: 1px solid #000; font-weight: bold; } .term { font-weight: bold; margin-top: 8px; } .tot { width: 60%; margin-left: 40%; font-size: 8.5pt; } .hdr { text-align: center; }`,
      `<div class="hdr"><b>Cuyahoga Community College</b><br>Unofficial Transcript<br>Page 1 of 1</div>
<p>Name: ${doc.student}<br>Student ID: ${doc.studentId}<br>Print Date: 06/14/2023</p>
<p><b>- - - - Beginning of Undergraduate Record - - - -</b></p>
${doc.terms.map(block).join('\n')}
<p><b>Undergraduate Career Totals</b><br>Cum GPA: ${fx(gpa(allCourses(doc).filter((c) => c.section === 'institution')), 3)} &nbsp; Cum Totals ${fx(att(allCourses(doc)), 3)} ${fx(ern(allCourses(doc)), 3)}</p>
<p><b>- - - - End of Unofficial Transcript - - - -</b></p>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
const hcc: UnseenDocument = {
  id: 'u03-hcc-peoplesoft',
  school: 'Houston Community College',
  schoolPrinted: true,
  system: 'PeopleSoft unofficial transcript (BI Publisher PDF)',
  calendar: 'semester',
  source:
    'hccs.edu/support-services/transfers/transferring-credits and hccs.edu/resources-for/current-students/transcripts: Texas Common Course Numbering (four-letter prefix, four-digit number, e.g. ENGL 1301); transcripts exchanged as PDF. Columns, "Transfer Credit from …" and "Test Credits Applied Toward …" blocks follow the PeopleSoft family.',
  student: 'Rafaela Quintanilla',
  studentId: 'W207751389',
  images: [{ kind: 'screenshot', seed: 103 }],
  terms: record(`
    transfer Transfer Credit from Lone Star College | Lone Star College
    GOVT 2305 | Federal Government | 3 | T
    HIST 1301 | United States History I | 3 | T
    test Test Credits Applied Toward Associate of Science
    MATH 2413 | Calculus I | 4 | CR
    term 2022 Fall
    ENGL 1301 | Composition I | 3 | A
    CHEM 1411 | General Chemistry I | 4 | B
    BIOL 1406 | Biology for Science Majors I | 4 | B+
    EDUC 1300 | Learning Frameworks | 3 | A
    term 2023 Spring
    ENGL 1302 | Composition II | 3 | A-
    MATH 2414 | Calculus II | 4 | C
    CHEM 1412 | General Chemistry II | 4 | W
    PSYC 2301 | General Psychology | 3 | B
  `),
  html(doc) {
    const cols = peopleSoftColumns('&nbsp;&nbsp;');
    const block = (t: Term) =>
      `<div class="term">${esc(t.name)}</div>${t.section === 'institution' ? '<div class="prog">Program: Associate of Science — Plan: Biology</div>' : ''}<table>${rows(cols, t.courses)}</table>` +
      (t.section === 'institution'
        ? `<table class="tot"><tr><td></td><td>Attempted</td><td>Earned</td><td>GPA Units</td><td>Points</td></tr><tr><td>Term GPA ${fx(gpa(t.courses), 3)} &nbsp; Term Totals</td><td>${fx(att(t.courses), 3)}</td><td>${fx(ern(t.courses), 3)}</td><td>${fx(att(t.courses.filter((c) => c.grade !== 'W')), 3)}</td><td>${fx(pts(t.courses), 3)}</td></tr></table>`
        : `<table class="tot"><tr><td>${t.section === 'test' ? 'Test Trans GPA: 0.000 &nbsp; Transfer Totals' : 'Transfer Totals'}</td><td>${fx(att(t.courses), 3)}</td><td>${fx(ern(t.courses), 3)}</td></tr></table>`);
    return page(
      `body { font-family: 'Liberation Sans', Arial, sans-serif; font-size: 8.5pt; } table { border-collapse: collapse; width: 100%; } td, th { padding: 0 5px; text-align: left; font-weight: normal; }
       tr.head th { text-decoration: underline; } .term { font-weight: bold; margin-top: 7px; } .prog { font-size: 8pt; } .tot { font-size: 8pt; width: 70%; margin-left: 30%; }
       .top { display: flex; justify-content: space-between; border-bottom: 2px solid #333; padding-bottom: 3px; }`,
      `<div class="top"><div><b style="font-size:12pt">Houston Community College</b><br>Office of the Registrar</div><div style="text-align:right">Unofficial Transcript<br>Page 1 of 1</div></div>
<p>Name: ${doc.student} &nbsp;&nbsp; Student ID: ${doc.studentId}<br>Print Date: 03/09/2023</p>
<p style="text-align:center"><b>Beginning of Undergraduate Record</b></p>
${doc.terms.map(block).join('\n')}
<p>Undergraduate Career Totals &nbsp; Cum GPA: ${fx(gpa(allCourses(doc).filter((c) => c.section === 'institution')), 3)}</p>
<p style="text-align:center"><b>End of Unofficial Transcript</b></p>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
const mesa: UnseenDocument = {
  id: 'u04-mesa-maricopa',
  school: 'Mesa Community College',
  schoolPrinted: true,
  system: 'Maricopa Community Colleges student information system, unofficial transcript',
  calendar: 'semester',
  source:
    'mesacc.edu/admissions-records/transferring-course-credits (unofficial transcripts uploaded for review) and connection.cgc.edu/2020/04 (Maricopa\'s P/Z credit/no-credit grades on the transcript). Maricopa prints codes with no space (ENG101, CIS105).',
  images: [{ kind: 'photo', seed: 104 }],
  student: 'Tobias Hawthorne-Reyes',
  studentId: '30551298',
  terms: record(`
    term 2019 Fall Term
    ENG 101 | First-Year Composition | 3 | B
    CIS 105 | Survey of Computer Info Systems | 3 | A
    MAT 151 | College Algebra/Functions | 4 | C
    CRE 101 | College Critical Reading | 3 | B
    term 2020 Spring Term
    ENG 102 | First-Year Composition | 3 | P
    MAT 187 | Precalculus | 5 | Z
    PSY 101 | Introduction to Psychology | 3 | P
    BIO 181 | General Biology (Majors) I | 4 | P
    term 2020 Fall Term
    MAT 187 | Precalculus | 5 | B
    CHM 151 | General Chemistry I | 3 | A
    CHM 151LL | General Chemistry I Lab | 1 | A
    COM 110 | Interpersonal Communication | 3 | A
  `),
  html(doc) {
    const line = (c: Course) =>
      `<tr><td>${c.subject}${c.number}</td><td>${esc(c.title)}</td><td class="r">${fx(c.credits, 2)}</td><td class="c">${c.grade ?? ''}</td><td class="r">${fx(earnedOf(c), 2)}</td><td class="r">${fx(pointsOf(c), 2)}</td></tr>`;
    const block = (t: Term) =>
      `<tr><td colspan="6" class="term">${t.name}</td></tr>${t.courses.map(line).join('')}<tr><td></td><td class="tot">Term Totals: Attempted ${fx(att(t.courses), 2)} &nbsp; Earned ${fx(ern(t.courses), 2)} &nbsp; GPA ${fx(gpa(t.courses), 2)}</td><td colspan="4"></td></tr>`;
    return page(
      `body { font-family: 'DejaVu Sans', sans-serif; font-size: 8pt; } table { border-collapse: collapse; width: 100%; } td, th { padding: 1px 5px; } th { border-bottom: 1px solid #888; text-align: left; }
       .r { text-align: right; } .c { text-align: center; } .term { font-weight: bold; padding-top: 8px; } .tot { font-style: italic; font-size: 7.5pt; }`,
      `<div style="display:flex;justify-content:space-between"><div><b style="font-size:11pt">MARICOPA COMMUNITY COLLEGES</b><br>Mesa Community College<br>1833 W Southern Ave, Mesa AZ 85202</div><div style="text-align:right"><b>UNOFFICIAL TRANSCRIPT</b><br>Student: ${doc.student}<br>MEID: ${doc.studentId}</div></div>
<hr><table><tr><th>Course</th><th>Description</th><th class="r">Units</th><th class="c">Grade</th><th class="r">Earned</th><th class="r">Points</th></tr>
${doc.terms.map(block).join('\n')}</table>
<p>Cumulative: Attempted ${fx(att(allCourses(doc)), 2)} Earned ${fx(ern(allCourses(doc)), 2)} GPA ${fx(gpa(allCourses(doc)), 2)}</p>
<p style="font-size:7pt">P = Credit (C or better), Z = No Credit. P and Z are not computed in the GPA.</p>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
const vvc: UnseenDocument = {
  id: 'u05-vvc-colleague-webadvisor',
  school: 'Victor Valley College',
  schoolPrinted: true,
  system: 'Ellucian Colleague WebAdvisor, Academic History page printed from the browser',
  calendar: 'semester',
  source:
    'webadvisor.vvc.edu/orientation (the college\'s WebAdvisor, Ellucian Colleague\'s student pages; unofficial transcripts used for prerequisites). Colleague prints codes SUBJ-NUM with the section (ENGL-101-21) and terms as codes (2022FA).',
  student: 'Jasmine Etxeberria',
  studentId: '1198402',
  garbled: true,
  terms: record(`
    term 2022FA
    ENGL 101 | Freshman Composition | 4 | A | 21
    MATH 105 | College Algebra | 4 | B | 03
    CHEM 100 | Intro General Chemistry | 5 | C | 11
    GUID 101 | College Success | 3 | A | 40
    term 2023SP
    ENGL 104 | Critical Thinking & Writing | 4 | B | 02
    MATH 226 | Calculus I | 4 | W | 01
    BIOL 100 | General Biology | 4 | B+ | 05
    HIST 117 | US History to 1877 | 3 | A | 31
    term 2023FA
    MATH 226 | Calculus I | 4 | - | 02
    PHYS 201 | Mechanics | 5 | - | 01
    SPCH 109 | Public Speaking | 3 | - | 12
  `),
  html(doc) {
    const line = (c: Course) =>
      `<tr><td>${c.term}</td><td>${c.subject}-${c.number}-${c.flags[0]}</td><td>${esc(c.title)}</td><td class="c">${c.grade ?? ''}</td><td class="r">${fx(c.credits, 2)}</td><td class="r">${c.grade ? fx(earnedOf(c), 2) : ''}</td><td class="r">${c.grade ? fx(pointsOf(c), 2) : ''}</td></tr>`;
    return page(
      `body { font-family: Arial, 'Liberation Sans', sans-serif; font-size: 8.5pt; color: #222; } .bar { background: #003b71; color: #fff; padding: 6px; font-size: 11pt; } .crumb { font-size: 8pt; color: #555; margin: 4px 0; }
       table { border-collapse: collapse; width: 100%; } th { background: #dde4ee; text-align: left; padding: 3px; } td { padding: 2px 3px; border-bottom: 1px solid #e3e3e3; } .r { text-align: right; } .c { text-align: center; }
       .stamp { display: flex; justify-content: space-between; font-size: 7.5pt; color: #444; }`,
      `<div class="stamp"><span>9/18/23, 2:14 PM</span><span>WebAdvisor</span></div>
<div class="bar">Victor Valley College &nbsp;|&nbsp; WebAdvisor for Students</div>
<div class="crumb">Students Menu &gt; Academic Profile &gt; Academic History</div>
<h3 style="margin:4px 0">Academic History — ${esc(doc.student)} (${doc.studentId})</h3>
<p style="font-size:8pt">This is not an official transcript. Grades for the current term are shown when posted.</p>
<table><tr><th>Term</th><th>Course</th><th>Title</th><th class="c">Grade</th><th class="r">Att Cred</th><th class="r">Cmpl Cred</th><th class="r">Grade Pts</th></tr>
${allCourses(doc).map(line).join('\n')}</table>
<p>Cumulative GPA: ${fx(gpa(allCourses(doc)), 3)} &nbsp; Attempted Credits: ${fx(att(allCourses(doc).filter((c) => c.grade)), 2)} &nbsp; Completed Credits: ${fx(ern(allCourses(doc)), 2)}</p>
<div class="stamp"><span>https://webadvisor.vvc.edu/WebAdvisor/WebAdvisor?TOKENIDX=…</span><span>1/1</span></div>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
const vwcc: UnseenDocument = {
  id: 'u06-vwcc-vccs-sis',
  school: 'Virginia Western Community College',
  schoolPrinted: true,
  system: 'VCCS SIS (PeopleSoft) unofficial transcript',
  calendar: 'semester',
  source:
    'virginiawestern.edu/about/policies/I-34.php (the permanent record: credits transferred from other institutions, course number, course title, hours attempted, hours completed and grade for each course, term and cumulative GPA, academic actions) and virginiawestern.edu/get-started/records/transcript-evaluation (VCCS transfer between colleges).',
  student: 'Callum Adeyemi-Ross',
  studentId: '7720519',
  images: [{ kind: 'photo', seed: 106 }],
  terms: record(`
    transfer Transfer Credit from Tidewater Community College | Tidewater Community College
    ENG 111 | College Composition I | 3 | T
    SDV 100 | College Success Skills | 1 | T
    term 2023 Spring
    ITE 152 | Intro to Digital Literacy | 3 | A
    MTH 161 | Precalculus I | 3 | B
    BIO 101 | General Biology I | 4 | C
    HIS 121 | United States History I | 3 | B
    term 2023 Fall
    ENG 112 | College Composition II | 3 | A
    MTH 162 | Precalculus II | 3 | B
    CSC 221 | Intro Problem Solving & Pgm | 4 | A
    PSY 200 | Principles of Psychology | 3 | D
  `),
  html(doc) {
    const cols = peopleSoftColumns();
    const block = (t: Term) =>
      `<tr><td colspan="6" class="term">${esc(t.name)}</td></tr>${rows(cols, t.courses)}<tr><td colspan="6" class="tot">${t.section === 'institution' ? `Term GPA: ${fx(gpa(t.courses), 3)} &nbsp;&nbsp; Term Totals: ${fx(att(t.courses), 3)} ${fx(ern(t.courses), 3)} ${fx(pts(t.courses), 3)}` : `Transfer Totals: ${fx(att(t.courses), 3)} ${fx(ern(t.courses), 3)}`}</td></tr>`;
    return page(
      `body { font-family: 'Liberation Sans Narrow', 'Liberation Sans', sans-serif; font-size: 9pt; } table { width: 100%; border-collapse: collapse; } td, th { padding: 0 4px; font-weight: normal; text-align: left; }
       .term { font-weight: bold; padding-top: 6px; } .tot { font-size: 8pt; padding-left: 40%; } tr.head th { border-bottom: 1px solid #000; }`,
      `<div style="text-align:center"><b style="font-size:12pt">Virginia Western Community College</b><br>3094 Colonial Avenue SW, Roanoke, VA 24015<br><b>UNOFFICIAL TRANSCRIPT</b></div>
<p>Student: ${doc.student} &nbsp; EMPLID: ${doc.studentId} &nbsp; Program: Associate of Science - Computer Science</p>
<table>${doc.terms.map(block).join('\n')}</table>
<p>Cum GPA: ${fx(gpa(allCourses(doc).filter((c) => c.section === 'institution')), 3)} &nbsp; Academic Standing: Good Standing</p>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
const drake: UnseenDocument = {
  id: 'u07-drakestate-banner9',
  school: 'Drake State Community & Technical College',
  schoolPrinted: true,
  system: 'Ellucian Banner 9 self-service academic transcript printed to PDF',
  calendar: 'semester',
  source:
    'drakestate.smartcatalogiq.com …/academic-transcripts-policy: transcripts requested through the student\'s Banner self-service account; copies released to students stamped "ISSUED TO STUDENT". Columns follow Banner 9\'s academic transcript (Subject, Course, Campus, Level, Title, Grade, Credit Hours, Quality Points, R).',
  student: 'Imani Brooks-Lindgren',
  studentId: 'A00912834',
  terms: record(`
    term Fall 2022
    ENG 101 | English Composition I | 3 | B
    MTH 100 | Intermediate College Algebra | 3 | D | E
    ORI 101 | Orientation to College | 1 | A
    CIS 146 | Microcomputer Applications | 3 | A
    BIO 103 | Principles of Biology I | 4 | C
    term Spring 2023
    MTH 100 | Intermediate College Algebra | 3 | B | I
    ENG 102 | English Composition II | 3 | A
    PSY 200 | General Psychology | 3 | B
    EET 103 | DC Fundamentals | 3 | A
    progress Fall 2023
    MTH 112 | Precalculus Algebra | 3 | -
    EET 104 | AC Fundamentals | 3 | -
  `),
  html(doc) {
    const line = (c: Course, ip: boolean) =>
      `<tr><td>${c.subject}</td><td>${c.number}</td><td>M</td><td>UG</td><td>${esc(c.title.toUpperCase())}</td>${ip ? '' : `<td>${c.grade}</td>`}<td class="r">${fx(c.credits, 3)}</td>${ip ? '' : `<td class="r">${fx(pointsOf(c), 3)}</td><td>${c.flags[0] ?? ''}</td>`}</tr>`;
    const head = (ip: boolean) => `<tr class="h"><td>Subject</td><td>Course</td><td>Campus</td><td>Level</td><td>Title</td>${ip ? '' : '<td>Grade</td>'}<td class="r">Credit Hours</td>${ip ? '' : '<td class="r">Quality Points</td><td>R</td>'}</tr>`;
    const inst = doc.terms.filter((t) => t.section === 'institution');
    const ip = doc.terms.filter((t) => t.section === 'in-progress');
    let cum: Course[] = [];
    const block = (t: Term) => {
      cum = [...cum, ...t.courses];
      return `<div class="term">Term: ${t.name}</div><div class="meta">Academic Standing: Good Standing</div><table>${head(false)}${t.courses.map((c) => line(c, false)).join('')}</table>
<table class="tot"><tr class="h"><td></td><td>Attempt Hours</td><td>Passed Hours</td><td>Earned Hours</td><td>GPA Hours</td><td>Quality Points</td><td>GPA</td></tr>
<tr><td>Current Term:</td><td>${fx(att(t.courses), 3)}</td><td>${fx(ern(t.courses), 3)}</td><td>${fx(ern(t.courses), 3)}</td><td>${fx(att(t.courses), 3)}</td><td>${fx(pts(t.courses), 3)}</td><td>${fx(gpa(t.courses), 2)}</td></tr>
<tr><td>Cumulative:</td><td>${fx(att(cum), 3)}</td><td>${fx(ern(cum), 3)}</td><td>${fx(ern(cum), 3)}</td><td>${fx(att(cum), 3)}</td><td>${fx(pts(cum), 3)}</td><td>${fx(gpa(cum), 2)}</td></tr></table>`;
    };
    return page(
      `body { font-family: 'Open Sans', 'DejaVu Sans', sans-serif; font-size: 7.8pt; color: #151515; } table { width: 100%; border-collapse: collapse; } td { padding: 2px 4px; } .r { text-align: right; }
       .h td { background: #f0f0f0; font-weight: bold; } .term { font-size: 9pt; font-weight: bold; margin-top: 10px; border-bottom: 2px solid #5b7f95; } .meta { font-size: 7.5pt; color: #444; } .tot { width: 80%; font-size: 7.5pt; }
       .top { display: flex; justify-content: space-between; font-size: 7pt; color: #555; } h2 { font-size: 12pt; font-weight: normal; }`,
      `<div class="top"><span>10/03/2023, 11:52</span><span>Academic Transcript</span></div>
<h2>Academic Transcript</h2>
<div>Transcript Level: Undergraduate &nbsp; Transcript Type: Unofficial</div>
<p><b>Student Information</b><br>Name: ${doc.student}<br>Curriculum: Associate in Applied Science, Electrical Engineering Technology<br>College: Drake State Community &amp; Technical College</p>
<div class="term" style="border:none">INSTITUTION CREDIT</div>
${inst.map(block).join('\n')}
<div class="term">TRANSCRIPT TOTALS</div>
<table class="tot"><tr class="h"><td></td><td>Attempt Hours</td><td>Passed Hours</td><td>Earned Hours</td><td>GPA Hours</td><td>Quality Points</td><td>GPA</td></tr><tr><td>Total Institution:</td><td>${fx(att(cum), 3)}</td><td>${fx(ern(cum), 3)}</td><td>${fx(ern(cum), 3)}</td><td>${fx(att(cum), 3)}</td><td>${fx(pts(cum), 3)}</td><td>${fx(gpa(cum), 2)}</td></tr></table>
<div class="term">COURSES IN PROGRESS</div>
${ip.map((t) => `<div>Term: ${t.name}</div><table>${head(true)}${t.courses.map((c) => line(c, true)).join('')}</table>`).join('')}
<div class="top" style="margin-top:14px"><span>https://ssb.drakestate.edu/StudentSelfService/ssb/academicTranscript</span><span>1/1</span></div>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
const fscj: UnseenDocument = {
  id: 'u08-fscj-tagged-codes',
  school: 'Florida State College at Jacksonville',
  schoolPrinted: true,
  system: 'college student records unofficial transcript, fixed-width print',
  calendar: 'semester',
  source:
    'floridastatecollegecatalog.fscj.edu (academic transcript, general education and Gordon Rule glossary) and fldoe.org FASTER postsecondary course segment format (Florida\'s statewide course numbers: a three-letter prefix, four digits and a lab letter). The general-education and Gordon Rule tags printed against the number (SLS 1106GE) follow the issue\'s description of Florida college prints.',
  student: 'Keanu Villalobos',
  studentId: 'N02259176',
  images: [{ kind: 'photo', seed: 108 }],
  terms: record(`
    term FALL 2022
    SLS 1106 | First Year Experience | 3 | A | GE
    ENC 1101 | English Composition I | 3 | B | GR
    MAC 1105 | College Algebra | 3 | C | GM
    POS 2041 | American National Govt | 3 | B | GE
    BSC 1005 | General Education Biology | 3 | A | GE
    BSC 1005L | General Education Biology Lab | 1 | A | GE
    term SPRING 2023
    ENC 1102 | English Composition II | 3 | A | GR
    MAC 1147 | Precalculus Algebra/Trig | 4 | D | GM
    PSY 2012 | General Psychology | 3 | B
    AMH 2020 | United States History 1877- | 3 | B | GR
    CGS 1100 | Microcomputer Applications | 3 | A
  `),
  html(doc) {
    const lines: string[] = [];
    lines.push(pad('FLORIDA STATE COLLEGE AT JACKSONVILLE', 60) + 'UNOFFICIAL TRANSCRIPT');
    lines.push(pad('OFFICE OF THE REGISTRAR  JACKSONVILLE FL 32202', 60) + 'ISSUED 05/22/2023');
    lines.push('');
    lines.push(`STUDENT: ${doc.student.toUpperCase()}`.padEnd(60) + `ID: ${doc.studentId}`);
    lines.push('PROGRAM: ASSOCIATE IN ARTS');
    lines.push('');
    lines.push('COURSE       COURSE TITLE                      GRADE  CRED ATT  CRED ERN  QUAL PTS');
    lines.push('-----------  --------------------------------  -----  --------  --------  --------');
    for (const t of doc.terms) {
      lines.push('');
      lines.push(`   ${t.name}`);
      for (const c of t.courses)
        lines.push(`${pad(`${c.subject} ${c.number}${c.flags[0] ?? ''}`, 11)}  ${pad(shout(c.title, 32), 32)}  ${pad(c.grade ?? '', 5)}  ${padLeft(fx(c.credits, 2), 8)}  ${padLeft(fx(earnedOf(c), 2), 8)}  ${padLeft(fx(pointsOf(c), 2), 8)}`);
      lines.push(`${' '.repeat(13)}TERM TOTALS${' '.repeat(30)}${padLeft(fx(att(t.courses), 2), 8)}  ${padLeft(fx(ern(t.courses), 2), 8)}  ${padLeft(fx(pts(t.courses), 2), 8)}   GPA ${fx(gpa(t.courses), 2)}`);
    }
    lines.push('');
    lines.push(`CUMULATIVE   ATTEMPTED ${fx(att(allCourses(doc)), 2)}  EARNED ${fx(ern(allCourses(doc)), 2)}  GPA ${fx(gpa(allCourses(doc)), 2)}`);
    lines.push('GE = GENERAL EDUCATION  GR = GORDON RULE WRITING  GM = GORDON RULE MATH');
    lines.push('                         *** END OF TRANSCRIPT ***');
    return fixedWidthPage(lines, 'Liberation Mono', 8.2);
  },
};

// ---------------------------------------------------------------------------------------------------------------
const cf: UnseenDocument = {
  id: 'u09-cf-fused-tags',
  school: 'College of Central Florida',
  schoolPrinted: true,
  system: 'college student system grade history, narrow-column print',
  calendar: 'semester',
  source:
    'cf.edu/smartcatalog/1526.htm (A.A. general education: state core and institutional core courses, Gordon Rule courses). A narrow course column with the general-education tag fused to the statewide number (BSC1010LGENS) follows the issue\'s description of such prints.',
  student: 'Priya Vandermolen',
  studentId: '2411873',
  terms: record(`
    term 2022 Fall
    BSC 1010L | Gen Biology I Lab | 1 | A | GENS
    BSC 1010 | General Biology I | 3 | B | GENS
    ENC 1101 | Composition I | 3 | A | GECM
    MAC 1105 | College Algebra | 3 | B | GEMA
    SLS 1101 | College Success | 3 | A
    term 2023 Spring
    ENC 1102 | Composition II | 3 | B | GECM
    STA 2023 | Elementary Statistics | 3 | C | GEMA
    HUM 2020 | Intro to Humanities | 3 | A | GEHU
    PSY 2012 | General Psychology | 3 | B+ | GESS
    CHM 1025 | Intro to Chemistry | 3 | W
    term 2023 Summer
    SPC 2608 | Public Speaking | 3 | A | GECM
  `),
  html(doc) {
    const cols: Column[] = [
      { head: 'Course', cell: (c) => `${c.subject}${c.number}${c.flags[0] ?? ''}` },
      { head: 'Title', cell: (c) => esc(c.title) },
      { head: 'Grd', cell: (c) => c.grade ?? '', align: 'c' },
      { head: 'Att', cell: (c) => fx(c.credits, 1), align: 'r' },
      { head: 'Ern', cell: (c) => fx(earnedOf(c), 1), align: 'r' },
      { head: 'QPts', cell: (c) => fx(pointsOf(c), 1), align: 'r' },
    ];
    return page(
      `body { font-family: 'DejaVu Sans Condensed', 'DejaVu Sans', sans-serif; font-size: 8pt; } table { border-collapse: collapse; width: 78%; } th { text-align: left; border-bottom: 1px solid #000; } td { padding: 1px 4px; }
       .term { margin-top: 8px; font-weight: bold; } .sum { font-size: 7.5pt; margin-left: 30%; }`,
      `<table style="width:100%"><tr><td><b style="font-size:11pt">College of Central Florida</b><br>3001 SW College Road, Ocala, FL 34474</td><td style="text-align:right">Grade History (Unofficial)<br>${esc(doc.student)} &nbsp; ${doc.studentId}</td></tr></table><hr>
${doc.terms.map((t) => `<div class="term">${t.name}</div><table>${rows(cols, t.courses)}</table><div class="sum">Term: Att ${fx(att(t.courses), 1)} &nbsp; Ern ${fx(ern(t.courses), 1)} &nbsp; GPA ${fx(gpa(t.courses), 2)}</div>`).join('\n')}
<p>Overall: Att ${fx(att(allCourses(doc)), 1)} Ern ${fx(ern(allCourses(doc)), 1)} GPA ${fx(gpa(allCourses(doc)), 2)}</p>
<p style="font-size:7pt">General education tags: GECM communication, GEHU humanities, GEMA mathematics, GENS natural science, GESS social science.</p>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
const durham: UnseenDocument = {
  id: 'u10-durhamtech-colleague',
  school: 'Durham Technical Community College',
  schoolPrinted: true,
  system: 'Ellucian Colleague Self-Service unofficial transcript (North Carolina Community College System)',
  calendar: 'semester',
  source:
    'durhamtech.edu/hr/transcriptguidelines.htm (printouts from a college website accepted as unofficial transcripts when they name the institution and the student). North Carolina community colleges run Colleague: codes SUBJ-NUM (ENG-111), terms 2022FA, Att/Cmpl credit columns.',
  student: 'Latoya Birchfield',
  studentId: '0456120',
  images: [{ kind: 'screenshot', seed: 110 }],
  terms: record(`
    term 2022FA
    ACA 122 | College Transfer Success | 1 | A
    ENG 111 | Writing and Inquiry | 3 | A
    MAT 171 | Precalculus Algebra | 4 | C
    BIO 111 | General Biology I | 4 | B
    term 2023SP
    ENG 112 | Writing/Research in the Disc | 3 | B
    MAT 172 | Precalculus Trigonometry | 4 | B
    CIS 110 | Introduction to Computers | 3 | A
    HIS 131 | American History I | 3 | WP
  `),
  html(doc) {
    const line = (c: Course) =>
      `<tr><td>${c.subject}-${c.number}</td><td>${esc(c.title)}</td><td class="c">${c.grade ?? ''}</td><td class="r">${fx(c.credits, 2)}</td><td class="r">${fx(earnedOf(c), 2)}</td><td class="r">${fx(pointsOf(c), 2)}</td><td>${c.term}</td></tr>`;
    return page(
      `body { font-family: 'Liberation Sans', Arial, sans-serif; font-size: 9pt; } .nav { background: #1d3557; color: white; padding: 8px 12px; font-size: 11pt; } h2 { font-weight: 400; font-size: 14pt; }
       table { border-collapse: collapse; width: 100%; } th { text-align: left; font-weight: 600; border-bottom: 2px solid #ccc; padding: 4px; } td { padding: 4px; border-bottom: 1px solid #eee; } .r { text-align: right; } .c { text-align: center; }`,
      `<div class="nav">Durham Tech &nbsp; Colleague Self-Service</div>
<h2>Unofficial Transcript</h2><p>${esc(doc.student)} &middot; ID ${doc.studentId} &middot; Durham Technical Community College &middot; Associate in Science</p>
${doc.terms.map((t) => `<h3 style="font-size:10pt;margin:10px 0 2px">${t.name}</h3><table><tr><th>Course</th><th>Title</th><th class="c">Grade</th><th class="r">Att Cred</th><th class="r">Cmpl Cred</th><th class="r">Grade Pts</th><th>Term</th></tr>${t.courses.map(line).join('')}</table><p style="font-size:8pt">Term GPA ${fx(gpa(t.courses), 3)}</p>`).join('\n')}
<p><b>Cumulative GPA ${fx(gpa(allCourses(doc)), 3)}</b></p>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
const lane: UnseenDocument = {
  id: 'u11-lane-cams',
  school: 'Lane College',
  schoolPrinted: true,
  system: 'CAMS Enterprise (Three Rivers Systems) student portal unofficial transcript',
  calendar: 'semester',
  source:
    'cams.lanecollege.edu/help/hlpceStuTrnscrptMaint.htm and hlpceRegMaintTranscpCrs.htm: CAMS transcript records carry College Name, Department, Course ID, Type, Section, Course Name, Credits, Grade; categories Curriculum, Transfer, Exam; cumulative GPA and credits by GPA group under the grid.',
  images: [{ kind: 'photo', seed: 111 }],
  student: 'Xavier Montgomery-Oduya',
  studentId: '2021-0348',
  terms: record(`
    transfer Transfer: Jackson State Community College | Jackson State Community College
    ENGL 1010 | English Composition I | 3 | TR
    test Exam: College Board AP
    HIS 131 | World Civilization I | 3 | CR
    term Fall 2021
    ENG 131 | Freshman Composition II | 3 | B | LEC
    MAT 131 | College Algebra | 3 | A | LEC
    BIO 131 | General Biology | 3 | C | LEC
    BIO 131L | General Biology Laboratory | 1 | B | LAB
    ORI 101 | Freshman Orientation | 1 | P | SEM
    term Spring 2022
    MAT 132 | Trigonometry | 3 | B | LEC
    CHE 131 | General Chemistry I | 3 | C | LEC
    REL 131 | Intro to Religion | 3 | A | LEC
    SOC 131 | Introduction to Sociology | 3 | F | LEC
  `),
  html(doc) {
    const line = (c: Course) =>
      `<tr><td>${c.subject}</td><td>${c.number}</td><td>${c.flags[0] ?? (c.section === 'institution' ? 'LEC' : 'TRN')}</td><td>01</td><td>${esc(c.title)}</td><td class="r">${fx(c.credits, 2)}</td><td class="c">${c.grade ?? ''}</td><td class="r">${fx(pointsOf(c), 2)}</td></tr>`;
    return page(
      `body { font-family: Tahoma, 'DejaVu Sans', sans-serif; font-size: 8pt; } table { border-collapse: collapse; width: 100%; } th { background: #4b2e83; color: #fff; padding: 3px; text-align: left; } td { padding: 2px 3px; }
       tr:nth-child(even) td { background: #f3f0f8; } .r { text-align: right; } .c { text-align: center; } .blk { font-weight: bold; margin: 8px 0 2px; }`,
      `<table style="width:100%"><tr><td style="background:none"><b style="font-size:13pt">LANE COLLEGE</b><br>545 Lane Avenue, Jackson, Tennessee 38301</td><td style="text-align:right;background:none">Unofficial Transcript<br>Student Portal</td></tr></table>
<p>Student: ${esc(doc.student)} &nbsp; Student ID: ${doc.studentId} &nbsp; Degree: B.S. Biology</p>
${doc.terms.map((t) => `<div class="blk">${esc(t.name)}</div><table><tr><th>Dept</th><th>Course ID</th><th>Type</th><th>Sect</th><th>Course Name</th><th class="r">Credits</th><th class="c">Grade</th><th class="r">QP</th></tr>${t.courses.map(line).join('')}</table>${t.section === 'institution' ? `<div style="text-align:right">Term GPA ${fx(gpa(t.courses), 2)} &nbsp; Credits ${fx(ern(t.courses), 2)}</div>` : ''}`).join('\n')}
<table style="width:50%;margin-top:8px"><tr><th>GPA Group</th><th class="r">Attempted</th><th class="r">Earned</th><th class="r">GPA</th></tr><tr><td>Undergraduate</td><td class="r">${fx(att(allCourses(doc).filter((c) => c.section === 'institution')), 2)}</td><td class="r">${fx(ern(allCourses(doc)), 2)}</td><td class="r">${fx(gpa(allCourses(doc).filter((c) => c.section === 'institution')), 2)}</td></tr></table>`,
    );
  },
};
// Lane College's own courses are printed as Dept + Course ID ("ENG" "131"); the record already holds them split.

// ---------------------------------------------------------------------------------------------------------------
const gcu: UnseenDocument = {
  id: 'u12-georgiancourt-powercampus',
  school: 'Georgian Court University',
  schoolPrinted: true,
  system: 'Ellucian PowerCampus Self-Service unofficial transcript',
  calendar: 'semester',
  source:
    'zbook.org/read/ca2049_powercampus-self-service-student-guide-georgian-court-university.html: PowerCampus Self-Service 8.7 Student Guide (Georgian Court University\'s copy), the unofficial transcript page: course, section, title, credits, grade and quality points by year and term.',
  student: 'Annaliese Mbeki',
  studentId: '000145902',
  garbled: true,
  terms: record(`
    term 2021 Fall
    EN 111 | Writing and Research I | 3 | B+ | 01
    MA 103 | Precalculus | 3 | B | 02
    BI 111 | General Biology I | 4 | A- | 01
    RS 105 | Exploring Religion | 3 | A | 03
    GC 101 | First Year Seminar | 1 | P | 07
    term 2022 Spring
    EN 112 | Writing and Research II | 3 | A | 01
    MA 121 | Calculus I | 4 | C+ | 01
    BI 112 | General Biology II | 4 | B | 01
    PS 111 | Introduction to Psychology | 3 | I | 02
    term 2022 Fall
    CH 151 | General Chemistry I | 4 | - | 01
    HI 121 | World Civilizations I | 3 | - | 02
  `),
  html(doc) {
    const line = (c: Course) =>
      `<tr><td>${c.subject}${c.number}</td><td>${c.flags[0]}</td><td>${esc(c.title)}</td><td>Lecture</td><td class="r">${fx(c.credits, 2)}</td><td class="c">${c.grade ?? ''}</td><td class="r">${c.grade ? fx(pointsOf(c), 2) : ''}</td></tr>`;
    return page(
      `body { font-family: 'Segoe UI', 'DejaVu Sans', sans-serif; font-size: 8pt; } table { border-collapse: collapse; width: 100%; } th { text-align: left; border-bottom: 1px solid #777; } td { padding: 2px 4px; }
       .r { text-align: right; } .c { text-align: center; } .yt { background: #e6eef6; font-weight: bold; padding: 3px; margin-top: 8px; }`,
      `<div style="font-size:12pt"><b>Georgian Court University</b> &nbsp; <span style="color:#666">Self-Service</span></div>
<div style="font-size:10pt;margin:6px 0">Unofficial Transcript</div>
<p>${esc(doc.student)} (${doc.studentId}) &nbsp; Undergraduate &nbsp; Bachelor of Science, Biology</p>
${doc.terms.map((t) => `<div class="yt">${t.name}</div><table><tr><th>Course</th><th>Section</th><th>Title</th><th>Type</th><th class="r">Credits</th><th class="c">Grade</th><th class="r">Quality Points</th></tr>${t.courses.map(line).join('')}</table><div style="text-align:right">Term: Credits ${fx(ern(t.courses), 2)} &nbsp; GPA ${fx(gpa(t.courses), 2)}</div>`).join('\n')}
<p>Overall: Credits Earned ${fx(ern(allCourses(doc)), 2)} &nbsp; GPA ${fx(gpa(allCourses(doc)), 2)}</p>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
const dallas: UnseenDocument = {
  id: 'u13-dallas-workday',
  school: 'Dallas College',
  schoolPrinted: true,
  system: 'Workday Student unofficial transcript',
  calendar: 'semester',
  source:
    'catalog.dallascollege.edu/content.php?catoid=2&navoid=305 (acceptance of transfer credit and credit by examination). Dallas College runs Workday Student: academic periods "2023 Fall Semester (08/28/2023-12/15/2023)", the course and its title in one cell joined by " - ", Units Attempted, Units Earned, Grade, Grade Points.',
  student: 'Esperanza Nakagawa',
  studentId: '1022874',
  images: [{ kind: 'photo', seed: 113 }],
  terms: record(`
    transfer Transfer Credit from Tarrant County College | Tarrant County College
    HIST 1301 | United States History I | 3 | T
    test Test Credit
    SPAN 1411 | Beginning Spanish I | 4 | CR
    term 2023 Spring Semester (01/17/2023-05/12/2023)
    ENGL 1301 | Composition I | 3 | A
    MATH 1314 | College Algebra | 3 | B
    BIOL 1406 | Biology for Science Majors I | 4 | B
    EDUC 1300 | Learning Frameworks | 3 | A
    term 2023 Fall Semester (08/28/2023-12/15/2023)
    ENGL 1302 | Composition II | 3 | A
    MATH 2412 | Precalculus | 4 | C
    BIOL 1407 | Biology for Science Majors II | 4 | B
    GOVT 2305 | Federal Government | 3 | W
  `),
  html(doc) {
    const line = (c: Course) =>
      `<tr><td>${c.subject} ${c.number} - ${esc(c.title)}</td><td class="r">${fx(c.credits, 2)}</td><td class="r">${fx(earnedOf(c), 2)}</td><td class="c">${c.grade ?? ''}</td><td class="r">${fx(pointsOf(c), 2)}</td></tr>`;
    const head = '<tr class="h"><td>Course</td><td class="r">Units Attempted</td><td class="r">Units Earned</td><td class="c">Grade</td><td class="r">Grade Points</td></tr>';
    return page(
      `body { font-family: 'Liberation Sans', Arial, sans-serif; font-size: 8.5pt; } table { border-collapse: collapse; width: 100%; } td { padding: 2px 4px; } .h td { font-weight: bold; border-bottom: 1px solid #000; }
       .r { text-align: right; } .c { text-align: center; } .ap { font-weight: bold; margin-top: 10px; font-size: 9pt; } .st { font-size: 8pt; margin-left: 50%; }`,
      `<div style="text-align:center"><b style="font-size:13pt">Dallas College</b><br>Unofficial Transcript</div>
<table style="margin:6px 0"><tr><td>Name: ${esc(doc.student)}</td><td>Student ID: ${doc.studentId}</td><td>Date Issued: 12/20/2023</td></tr></table>
<div class="ap">Program of Study: Associate of Science</div>
${doc.terms.map((t) => `<div class="ap">${t.section === 'institution' ? t.name : esc(t.name)}</div><table>${head}${t.courses.map(line).join('')}</table>${t.section === 'institution' ? `<div class="st">Period GPA ${fx(gpa(t.courses), 3)} &nbsp; Units Earned ${fx(ern(t.courses), 2)}</div>` : ''}`).join('\n')}
<p>Cumulative GPA ${fx(gpa(allCourses(doc).filter((c) => c.section === 'institution')), 3)} &nbsp; Total Units Earned ${fx(ern(allCourses(doc)), 2)}</p>
<p style="text-align:center">— End of Transcript —</p>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
const lsue: UnseenDocument = {
  id: 'u14-lsue-workday-history',
  school: 'Louisiana State University at Eunice',
  schoolPrinted: true,
  system: 'Workday Student "View My Academic History" printed from the browser',
  calendar: 'semester',
  source:
    'lsue.edu/workday-resources/glossary.php (Workday Student glossary: academic periods such as "Fall Semester 2024", academic records, academic progress). Layout of the printed academic history page follows Workday\'s report grid.',
  student: 'Beau Thibodeaux-Nguyen',
  studentId: '890123447',
  terms: record(`
    term Fall Semester 2023
    ENGL 1001 | English Composition I | 3 | A
    MATH 1021 | College Algebra | 3 | B
    BIOL 1001 | General Biology I | 3 | B
    HIST 2055 | US History to 1865 | 3 | C
    UNIV 1000 | University Experience | 1 | A
    term Spring Semester 2024
    ENGL 1002 | English Composition II | 3 | B
    MATH 1022 | Plane Trigonometry | 3 | A
    CHEM 1201 | General Chemistry I | 3 | C
    PSYC 2000 | Intro to Psychology | 3 | B
    term Fall Semester 2024
    CHEM 1202 | General Chemistry II | 3 | -
    BIOL 1002 | General Biology II | 3 | -
  `),
  html(doc) {
    const line = (c: Course) =>
      `<tr><td>${esc(c.term)}</td><td>${c.subject} ${c.number}</td><td>${esc(c.title)}</td><td class="c">${c.grade ?? ''}</td><td class="r">${fx(c.credits, 1)}</td><td>${c.grade ? 'Completed' : 'Registered'}</td></tr>`;
    return page(
      `body { font-family: 'Roboto', 'DejaVu Sans', sans-serif; font-size: 8pt; color: #333; } .wd { display: flex; justify-content: space-between; font-size: 7pt; color: #666; } h1 { font-size: 14pt; font-weight: 500; color: #005cb9; }
       table { border-collapse: collapse; width: 100%; } th { background: #f6f7f8; text-align: left; padding: 5px; font-weight: 500; border-bottom: 1px solid #ced3d9; } td { padding: 5px; border-bottom: 1px solid #e8ebed; } .r { text-align: right; } .c { text-align: center; }`,
      `<div class="wd"><span>8/30/24, 10:05 AM</span><span>View My Academic History - Workday</span></div>
<h1>View My Academic History</h1><p>${esc(doc.student)} (${doc.studentId}) &middot; Louisiana State University at Eunice &middot; Academic Record: Associate of Science</p>
<table><tr><th>Academic Period</th><th>Course</th><th>Course Title</th><th class="c">Grade</th><th class="r">Units</th><th>Registration Status</th></tr>${allCourses(doc).map(line).join('\n')}</table>
<p>Cumulative GPA: ${fx(gpa(allCourses(doc)), 2)} &nbsp; Units Earned: ${fx(ern(allCourses(doc)), 1)}</p>
<div class="wd"><span>https://www.myworkday.com/lsue/d/task/2997$1234.htmld</span><span>1/1</span></div>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
const dutchess: UnseenDocument = {
  id: 'u15-dutchess-banner8',
  school: 'SUNY Dutchess Community College',
  schoolPrinted: true,
  system: 'Ellucian Banner 8 self-service academic transcript (bwskotrn) printed from the browser',
  calendar: 'semester',
  source:
    'ntsssratlam.in/info/dutchess-community-college-transcript (what the college\'s transcript holds: courses, grades, credits, cumulative GPA, degrees, enrolment history). Columns and sections follow Banner 8\'s academic transcript page; an earned-hours column printing "R" for a repeated course follows the issue\'s description.',
  student: 'Ophelia Strand',
  studentId: 'D00418277',
  terms: record(`
    transfer Fall 2021 | Ulster County Community College
    ENG 101 | Composition I | 3 | TB
    PSY 101 | Intro to Psychology | 3 | TA
    term Spring 2022
    MAT 185 | Precalculus | 4 | D | earned=0
    BIO 107 | General Biology I | 4 | B
    CIS 101 | Computer Concepts | 3 | A
    HIS 101 | Western Civilization I | 3 | B
    term Fall 2022
    MAT 185 | Precalculus | 4 | B
    ENG 102 | Composition II | 3 | A
    BIO 108 | General Biology II | 4 | C
    SOC 101 | Intro to Sociology | 3 | W
    progress Spring 2023
    MAT 221 | Calculus I | 4 | -
    CHE 109 | General Chemistry I | 4 | -
  `),
  html(doc) {
    const repeated = new Set<Course>();
    const seen = new Map<string, Course>();
    for (const c of allCourses(doc)) {
      const k = `${c.subject} ${c.number}`;
      if (seen.has(k)) repeated.add(seen.get(k)!);
      seen.set(k, c);
    }
    const line = (c: Course, ip: boolean) =>
      `<tr><td>${c.subject}</td><td>${c.number}</td><td>UG</td><td>${esc(c.title)}</td>${ip ? '' : `<td>${c.grade}</td>`}<td class="r">${repeated.has(c) ? 'R' : fx(c.credits, 3)}</td>${ip ? '' : `<td class="r">${repeated.has(c) ? '0.00' : fx(pointsOf(c), 2)}</td><td>${repeated.has(c) ? 'E' : ''}</td>`}</tr>`;
    const head = (ip: boolean) => `<tr><th>Subject</th><th>Course</th><th>Level</th><th>Title</th>${ip ? '' : '<th>Grade</th>'}<th>Credit Hours</th>${ip ? '' : '<th>Quality Points</th><th>R</th>'}</tr>`;
    const transfer = doc.terms.filter((t) => t.section === 'transfer');
    const inst = doc.terms.filter((t) => t.section === 'institution');
    const ip = doc.terms.filter((t) => t.section === 'in-progress');
    return page(
      `body { font-family: Verdana, 'DejaVu Sans', sans-serif; font-size: 7.5pt; } table.d { border-collapse: collapse; width: 100%; } th { background: #e3e3e3; text-align: left; padding: 1px 3px; } td { padding: 1px 3px; } .r { text-align: right; }
       .sec { background: #ccc; font-weight: bold; padding: 2px; margin-top: 6px; } .h { display: flex; justify-content: space-between; font-size: 7pt; }`,
      `<div class="h"><span>3/14/23, 4:20 PM</span><span>Academic Transcript</span></div>
<div style="font-size:11pt;font-weight:bold;margin:4px 0">SUNY Dutchess Community College &nbsp; Academic Transcript</div>
<p>This is NOT an official transcript. Courses which are in progress may also be included on this transcript.</p>
<table><tr><th>Name :</th><td>${esc(doc.student)}</td></tr><tr><th>Program:</th><td>Liberal Arts and Sciences: Mathematics and Science</td></tr></table>
<div class="sec">TRANSFER CREDIT ACCEPTED BY INSTITUTION &nbsp; -Top-</div>
${transfer.map((t) => `<div>${t.name}: ${esc(t.from!)}</div><table class="d">${head(false)}${t.courses.map((c) => line(c, false)).join('')}</table><div>Attempt Hours ${fx(att(t.courses), 3)} &nbsp; Earned Hours ${fx(ern(t.courses), 3)}</div>`).join('')}
<div class="sec">INSTITUTION CREDIT &nbsp; -Top-</div>
${inst.map((t) => `<div><b>Term: ${t.name}</b></div><table class="d">${head(false)}${t.courses.map((c) => line(c, false)).join('')}</table><div>Term Totals (Undergraduate) &nbsp; Current Term: ${fx(att(t.courses), 3)} Attempt Hours, GPA ${fx(gpa(t.courses), 2)}</div>`).join('')}
<div class="sec">COURSES IN PROGRESS &nbsp; -Top-</div>
${ip.map((t) => `<div><b>Term: ${t.name}</b></div><table class="d">${head(true)}${t.courses.map((c) => line(c, true)).join('')}</table>`).join('')}
<div class="h" style="margin-top:10px"><span>https://banner.sunydutchess.edu/pls/prod/bwskotrn.P_ViewTran</span><span>1/1</span></div>`,
    );
  },
};
// a repeated course's first attempt prints "R" for its credit hours: the truth keeps its attempted hours

// ---------------------------------------------------------------------------------------------------------------
const ccac: UnseenDocument = {
  id: 'u16-ccac-side-panel',
  school: 'Community College of Allegheny County',
  schoolPrinted: true,
  system: 'college student records unofficial transcript with term totals in a side panel',
  calendar: 'semester',
  source:
    'ntsssratlam.in/info/community-college-of-allegheny-county-transcripts (what a CCAC transcript holds: courses, grades, credits earned, cumulative GPA, degrees and honours). The term totals printed in a panel beside each term\'s rows follow the issue\'s description of such layouts.',
  student: 'Nadia Fairweather',
  studentId: '01187342',
  images: [{ kind: 'photo', seed: 116 }],
  terms: record(`
    term Fall 2022
    ENG 101 | English Composition 1 | 3 | A
    MAT 108 | Intermediate Algebra | 3 | B
    PSY 101 | Introduction to Psychology | 3 | B
    BIO 151 | Anatomy & Physiology 1 | 4 | C
    term Spring 2023
    ENG 102 | English Composition 2 | 3 | B
    MAT 165 | Statistics | 3 | A
    BIO 152 | Anatomy & Physiology 2 | 4 | B
    SOC 101 | Introduction to Sociology | 3 | A
    term Summer 2023
    NUR 100 | Nursing Fundamentals Prep | 2 | A
  `),
  html(doc) {
    let cum: Course[] = [];
    const block = (t: Term) => {
      cum = [...cum, ...t.courses];
      const panel = [
        ['Credits Attempted', fx(att(t.courses), 0)],
        ['Credits Earned', fx(ern(t.courses), 0)],
        ['Quality Points', fx(pts(t.courses), 1)],
        ['Term GPA', fx(gpa(t.courses), 2)],
        ['Cum GPA', fx(gpa(cum), 2)],
      ];
      const n = Math.max(t.courses.length, panel.length);
      const trs = Array.from({ length: n }, (_, i) => {
        const c = t.courses[i];
        const p = panel[i];
        return `<tr>${c ? `<td>${c.subject} ${c.number}</td><td>${esc(c.title)}</td><td class="r">${fx(c.credits, 1)}</td><td class="c">${c.grade}</td>` : '<td></td><td></td><td></td><td></td>'}<td class="gap"></td>${p ? `<td class="pl">${p[0]}</td><td class="r">${p[1]}</td>` : '<td></td><td></td>'}</tr>`;
      }).join('');
      return `<tr><td colspan="7" class="term">${t.name}</td></tr>${trs}`;
    };
    return page(
      `body { font-family: 'Liberation Serif', serif; font-size: 9pt; } table { border-collapse: collapse; width: 100%; } td { padding: 1px 4px; } .r { text-align: right; } .c { text-align: center; }
       .term { font-weight: bold; padding-top: 8px; border-bottom: 1px solid #444; } .gap { width: 30px; } .pl { border-left: 1px solid #999; padding-left: 8px; font-size: 8.5pt; }`,
      `<div style="text-align:center"><b style="font-size:12pt">COMMUNITY COLLEGE OF ALLEGHENY COUNTY</b><br>Unofficial Academic Transcript</div>
<p>${esc(doc.student)} &nbsp;&nbsp; ID ${doc.studentId} &nbsp;&nbsp; Pre-Nursing, A.S.</p>
<table><tr><td><b>Course</b></td><td><b>Title</b></td><td class="r"><b>Credits</b></td><td class="c"><b>Grade</b></td><td></td><td colspan="2" class="pl"><b>Term Summary</b></td></tr>${doc.terms.map(block).join('')}</table>
<p>Total credits earned: ${fx(ern(cum), 1)} &nbsp; Cumulative GPA: ${fx(gpa(cum), 2)}</p>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
const collin: UnseenDocument = {
  id: 'u17-collin-colleague-pdf',
  school: 'Collin College',
  schoolPrinted: true,
  system: 'Ellucian Colleague unofficial transcript PDF',
  calendar: 'semester',
  source:
    'ntsssratlam.in/info/collin-college-transcript-send (the transcript lists courses taken, grades, credit hours, cumulative GPA, degrees and enrolment history). Texas common course numbers (ENGL 1301); the PDF follows Colleague\'s transcript: a section code after the course (ENGL-1301-S12), a course-level column, Att/Cmpl credits.',
  images: [{ kind: 'screenshot', seed: 117 }],
  student: 'Gideon Paredes',
  studentId: '5518820',
  terms: record(`
    term 2022FA
    ENGL 1301 | Composition I | 3 | B | S12
    HIST 1301 | United States History I | 3 | A | N40
    MATH 1314 | College Algebra | 3 | C | P03
    COSC 1336 | Programming Fundamentals I | 4 | A | S01
    term 2023SP
    ENGL 1302 | Composition II | 3 | A | S07
    MATH 2413 | Calculus I | 4 | B | P02
    COSC 1337 | Programming Fundamentals II | 4 | B | S01
    SPCH 1311 | Intro to Speech Communication | 3 | A | W61
    term 2023S1
    GOVT 2305 | Federal Government | 3 | A | W10
  `),
  html(doc) {
    const lines = allCourses(doc).map(
      (c) =>
        `<tr><td>${c.term}</td><td>${c.subject}-${c.number}-${c.flags[0]}</td><td>${esc(c.title.toUpperCase())}</td><td>UG</td><td class="c">${c.grade}</td><td class="r">${fx(c.credits, 2)}</td><td class="r">${fx(earnedOf(c), 2)}</td><td class="r">${fx(pointsOf(c), 2)}</td></tr>`,
    );
    return page(
      `body { font-family: 'Courier New', 'Liberation Mono', monospace; font-size: 8pt; } table { border-collapse: collapse; width: 100%; } td, th { padding: 0 3px; text-align: left; } .r { text-align: right; } .c { text-align: center; }`,
      `<div style="text-align:center">COLLIN COUNTY COMMUNITY COLLEGE DISTRICT<br>COLLIN COLLEGE<br>UNOFFICIAL TRANSCRIPT</div><br>
<table><tr><td>NAME: ${esc(doc.student.toUpperCase())}</td><td>ID: ${doc.studentId}</td><td>DATE: 07/31/23</td></tr></table><br>
<table><tr><th>TERM</th><th>COURSE</th><th>TITLE</th><th>LVL</th><th class="c">GRADE</th><th class="r">ATT CRED</th><th class="r">CMPL CRED</th><th class="r">GRADE PTS</th></tr>${lines.join('\n')}</table><br>
<table style="width:60%"><tr><td>CUMULATIVE</td><td class="r">ATT ${fx(att(allCourses(doc)), 2)}</td><td class="r">CMPL ${fx(ern(allCourses(doc)), 2)}</td><td class="r">GPA ${fx(gpa(allCourses(doc)), 2)}</td></tr></table>
<p>END OF TRANSCRIPT</p>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
const nctc: UnseenDocument = {
  id: 'u18-nctc-jenzabar',
  school: 'North Central Texas College',
  schoolPrinted: true,
  system: 'Jenzabar J1 transcript report with the "Unofficial Transcript" watermark',
  calendar: 'semester',
  source:
    'jenzabarhelp.jenzabar.com …/RE/Hold_Transcript.htm (a J1 transcript printed from the Transcript Report window carries an "Unofficial Transcript" watermark), …/repeat-transcript-gpa-settings.html (repeats and forgiven courses marked on transcripts), and ntsssratlam.in/info/north-central-texas-college-transcript-request. Texas common course numbers with a section.',
  student: 'Maribel Okonkwo',
  studentId: '1304561',
  terms: record(`
    term 2022-23 Fall Term
    ENGL 1301 | Composition I | 3 | A | 01
    MATH 1332 | Contemporary Mathematics | 3 | F | 05 | earned=0
    HIST 1301 | United States History I | 3 | B | 02
    BIOL 1308 | Biology for Non-Science Majors | 3 | B | 01
    term 2022-23 Spring Term
    ENGL 1302 | Composition II | 3 | B | 03
    MATH 1332 | Contemporary Mathematics | 3 | C | 02
    PSYC 2301 | General Psychology | 3 | A | 01
    ARTS 1301 | Art Appreciation | 3 | A | 04
  `),
  html(doc) {
    const repeatFlag = (c: Course) => (c.grade === 'F' ? 'RE' : c.subject === 'MATH' ? 'RI' : '');
    const line = (c: Course) =>
      `<tr><td>${c.subject} ${c.number} ${c.flags[0]}</td><td>${esc(c.title)}</td><td class="c">${c.grade}</td><td>${repeatFlag(c)}</td><td class="r">${fx(c.credits, 2)}</td><td class="r">${fx(pointsOf(c), 2)}</td></tr>`;
    return page(
      `body { font-family: 'Liberation Sans', sans-serif; font-size: 8.5pt; position: relative; } table { border-collapse: collapse; width: 100%; } td, th { padding: 1px 4px; text-align: left; } .r { text-align: right; } .c { text-align: center; }
       .wm { position: absolute; top: 320px; left: 60px; font-size: 56pt; color: rgba(0,0,0,0.09); transform: rotate(-30deg); white-space: nowrap; } th { border-bottom: 1px solid #000; } .t { font-weight: bold; padding-top: 8px; }`,
      `<div class="wm">Unofficial Transcript</div>
<div style="text-align:center"><b>NORTH CENTRAL TEXAS COLLEGE</b><br>1525 West California Street, Gainesville, Texas 76240</div>
<p>Name: ${esc(doc.student)} &nbsp; ID Number: ${doc.studentId} &nbsp; Degree: Associate of Arts</p>
<table><tr><th>Course</th><th>Title</th><th class="c">Grade</th><th>Rpt</th><th class="r">Credits</th><th class="r">Quality Points</th></tr>
${doc.terms.map((t) => `<tr><td colspan="6" class="t">${t.name}</td></tr>${t.courses.map(line).join('')}<tr><td></td><td>Term Totals: Hours ${fx(att(t.courses), 2)} GPA ${fx(gpa(t.courses), 2)}</td></tr>`).join('')}</table>
<p>RE = Repeated, excluded from GPA &nbsp; RI = Repeated, included in GPA</p>`,
    );
  },
};

export const COMMUNITY_COLLEGE_DOCUMENTS: UnseenDocument[] = [bergen, tric, hcc, mesa, vvc, vwcc, drake, fscj, cf, durham, lane, gcu, dallas, lsue, dutchess, ccac, collin, nctc];
