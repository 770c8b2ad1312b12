/**
 * Unseen set, semester universities and two more community colleges: each layout re-typeset from its public source
 * (`source`), with a made-up student and record.
 */
import { fixedWidthPage, peopleSoftColumns, pre, rows, shout, type Column } from './html';
import { allCourses, earnedOf, esc, fx, gpa, pad, padLeft, page, pointsOf, record, sum, type Course, type Term, type UnseenDocument } from './record';

const att = (cs: Course[]) => sum(cs, (c) => c.credits);
const ern = (cs: Course[]) => sum(cs, earnedOf);
const pts = (cs: Course[]) => sum(cs, pointsOf);
const own = (doc: UnseenDocument) => allCourses(doc).filter((c) => c.section === 'institution');

// ---------------------------------------------------------------------------------------------------------------
const uiuc: UnseenDocument = {
  id: 'u31-uiuc-banner-fixed',
  school: 'University of Illinois Urbana-Champaign',
  schoolPrinted: true,
  system: 'Banner academic history, fixed-width PDF',
  calendar: 'semester',
  source:
    'a public UIUC transcript parser: semester headers "Fall 2023 - Urbana-Champaign"; course lines "SUBJ NNN  Title  credit  grade  pts  [R]" with grades A–F, W, ABS, CR, NC; in-progress lines ending "IN PROGRESS"; lines to skip "Ehrs: QPts: GPA:", "TRANSFER CREDIT", "INSTITUTION CREDIT", "TRANSCRIPT TOTALS", "CONTINUED ON", a "SUBJ … CRED GRD" header.',
  student: 'Anneliese Kowalczyk-Bryant',
  studentId: '675544018',
  images: [{ kind: 'photo', seed: 131 }],
  terms: record(`
    transfer Parkland College | Parkland College
    MATH 221 | Calculus I | 4 | CR
    term Fall 2022 - Urbana-Champaign
    CS 124 | Introduction to Computer Science I | 3 | A
    MATH 231 | Calculus II | 3 | B+
    RHET 105 | Writing and Research | 4 | A-
    ECON 102 | Microeconomic Principles | 3 | B
    term Spring 2023 - Urbana-Champaign
    CS 128 | Introduction to Computer Science II | 3 | A
    CS 173 | Discrete Structures | 3 | B
    MATH 241 | Calculus III | 4 | C+
    PHYS 211 | University Physics: Mechanics | 4 | ABS
    term Fall 2023 - Urbana-Champaign
    CS 225 | Data Structures | 4 | -
    PHYS 211 | University Physics: Mechanics | 4 | -
  `),
  html(doc) {
    const lines: string[] = ['UNIVERSITY OF ILLINOIS URBANA-CHAMPAIGN           ACADEMIC HISTORY - UNOFFICIAL', `${doc.student.toUpperCase()}`.padEnd(51) + `UIN ${doc.studentId}`, '', 'SUBJ NO.  COURSE TITLE                         CRED GRD    PTS R', '_'.repeat(68)];
    for (const t of doc.terms) {
      if (t.section === 'transfer') lines.push('TRANSFER CREDIT', `  ${t.from}`);
      else lines.push('', t.name);
      for (const c of t.courses) {
        const body = `${pad(c.subject, 4)} ${pad(c.number, 4)} ${pad(c.title, 36)} ${padLeft(fx(c.credits, 2), 5)}`;
        lines.push(c.grade === null ? `${body} IN PROGRESS` : `${body} ${pad(c.grade, 3)} ${padLeft(fx(pointsOf(c), 2), 6)}`);
      }
      if (t.section === 'institution' && t.courses.some((c) => c.grade)) lines.push(`     Ehrs: ${fx(ern(t.courses), 2)} GPA-Hrs: ${fx(att(t.courses.filter((c) => c.grade !== 'ABS')), 2)} QPts: ${fx(pts(t.courses), 2)} GPA: ${fx(gpa(t.courses), 2)}`);
      if (t.section === 'transfer') lines.push(`     Ehrs: ${fx(ern(t.courses), 2)}`, '', 'INSTITUTION CREDIT');
    }
    lines.push('', 'TRANSCRIPT TOTALS', `     Earned Hrs: ${fx(ern(allCourses(doc)), 2)}  GPA: ${fx(gpa(own(doc)), 2)}`, '********************** END OF TRANSCRIPT **********************');
    return fixedWidthPage(lines, 'Liberation Mono', 8.3);
  },
};

// ---------------------------------------------------------------------------------------------------------------
const umd: UnseenDocument = {
  id: 'u32-umd-testudo',
  school: 'University of Maryland',
  schoolPrinted: true,
  system: 'Testudo unofficial transcript (mainframe text page printed from the browser)',
  calendar: 'semester',
  source:
    'github.com/zsrobinson/terpsicle, app/simontest/page.tsx: a Testudo page copied into a parser\'s test ("UNIVERSITY OF MARYLAND / COLLEGE PARK / UNOFFICIAL TRANSCRIPT / FOR ADVISING PURPOSES ONLY"; transfer credit with equivalences; "Historic Course Information is listed in the order: Course, Title, Grade, Credits Attempted, Earned and Quality Points"; codes fused with a letter suffix (HNUH228U) and general-education tags after the points; a current-course grid with REG and drop/add columns). The person in that source is not used.',
  student: 'Lucas Abernathy-Osei',
  studentId: '117340925',
  terms: record(`
    test Advanced Placement Exam
    CMSC 131 | COMP SCI A/SCR 5 | 4 | P
    STAT 100 | STATISTICS/SCR 4 | 3 | P | FSAR, FSMA
    transfer Montgomery College | Montgomery College
    MATH 241 | MULTIVARIABLE CALCULUS | 4 | A
    term Fall 2023
    CMSC 132 | OBJECT-ORIENTED PROG II | 4 | A
    ENGL 101 | ACADEMIC WRITING | 3 | B+ | FSAW
    MATH 240 | INTR TO LINEAR ALGEBRA | 4 | A-
    HNUH 228U | A LIFE WORTH LIVING | 3 | A | DSHU
    term Spring 2024
    CMSC 216 | INTRO TO CMPTR SYSTEMS | 4 | B
    CMSC 250 | DISCRETE STRUCTURES | 4 | B+
    COMM 107 | ORAL COMM PRIN | 3 | A | FSOC
    MATH 206 | INTRODUCTION TO MATLAB | 1 | A+
    progress Fall 2024
    CMSC 330 | ORGNZTN PROGM LANG | 3 | -
    CMSC 351 | ALGORITHMS | 3 | -
    STAT 400 | APPLIED PROB & STAT I | 3 | -
  `),
  html(doc) {
    const L: string[] = [
      '                                    UNIVERSITY OF MARYLAND',
      '                                        COLLEGE PARK',
      '                                    Office of the Registrar',
      '                                    College Park, MD 20742',
      '                                    UNOFFICIAL TRANSCRIPT',
      '                                FOR ADVISING PURPOSES ONLY',
      '                                      As of:  06/02/24',
      `${doc.student.split(' ').reverse().join(', ')}`,
      'Major: Computer Science',
      'Sophomore                                Undergraduate Degree Seeking',
      '',
      'Transcripts received from the following institutions:',
      'Advanced Placement Exam                  on 07/05/23',
      'Montgomery College                       on 08/20/23',
      '',
      '** Transfer Credit Information **                   ** Equivalences **',
      '',
      'Advanced Placement Exam',
    ];
    const test = doc.terms.find((t) => t.section === 'test')!.courses;
    L.push(`    2301  ${pad(test[0]!.title, 24)} ${pad(test[0]!.grade!, 8)} ${fx(test[0]!.credits, 2)} ${test[0]!.subject}${test[0]!.number}`);
    L.push(`            ${pad('CALC BC/AB SUBSCR 5', 24)} ${pad('NC', 8)} 0.00 No Credit`);
    L.push(`            ${pad(test[1]!.title, 24)} ${pad(test[1]!.grade!, 8)} ${fx(test[1]!.credits, 2)} ${test[1]!.subject}${test[1]!.number}       ${test[1]!.flags[0]}`);
    const tr = doc.terms.find((t) => t.section === 'transfer')!.courses[0]!;
    L.push('Acceptable UG Inst. Credits:                 7.00', '', 'Montgomery College', `    2305   ${pad(tr.title, 24)} ${pad(tr.grade!, 8)} ${fx(tr.credits, 2)} ${tr.subject}${tr.number}`, 'Acceptable UG Inst. Credits:                 4.00', '', 'Total UG Credits Acceptable:                11.00', '', 'Historic Course Information is listed in the order:', 'Course, Title, Grade, Credits Attempted, Earned and Quality Points', '');
    let cum: Course[] = [];
    for (const t of doc.terms.filter((x) => x.section === 'institution')) {
      cum = [...cum, ...t.courses];
      L.push(t.name.padEnd(40), 'MAJOR: COMPUTER SCIENCE          COLLEGE: COMP, MATH, & NAT SCI');
      for (const c of t.courses) L.push(`      ${pad(c.subject + c.number, 8)} ${pad(c.title, 24)} ${pad(c.grade!, 2)} ${fx(c.credits, 2)}  ${fx(earnedOf(c), 2)} ${padLeft(fx(pointsOf(c), 2), 5)}${c.flags[0] ? ` ${c.flags[0]}` : ''}`);
      L.push(`Semester:       Attempted ${fx(att(t.courses), 2)}; Earned ${fx(ern(t.courses), 2)}; QPoints ${padLeft(fx(pts(t.courses), 2), 7)}; GPA ${fx(gpa(t.courses), 3)}`);
      L.push(`UG Cumulative:            ${fx(att(cum), 2)};        ${fx(ern(cum), 2)};         ${padLeft(fx(pts(cum), 2), 7)};     ${fx(gpa(cum), 3)}`, '');
    }
    L.push(`UG Cumulative Credit   :  ${fx(ern(allCourses(doc)), 2)}`, `UG Cumulative GPA      :   ${fx(gpa(cum), 3)}`, '', '** Current Course Information **', '');
    const ip = doc.terms.find((t) => t.section === 'in-progress')!.courses;
    L.push('Fall 2024      Course   Sec  Credits  Grd/ Drop   Add      Drop    Modified GenEd', '                                      Meth /Add  Date      Date      Date', '                ======== ==== =======  ==== ==== ======== ========  ======== ======');
    L.push(`                ${pad(ip[0]!.subject + ip[0]!.number, 8)} 0101    ${fx(ip[0]!.credits, 2)}  REG  A    04/03/24           04/03/24`);
    L.push(`                ${pad('MATH401', 8)} 0111    3.00  REG  D    04/03/24 04/09/24  04/09/24`);
    for (const c of ip.slice(1)) L.push(`                ${pad(c.subject + c.number, 8)} 0201    ${fx(c.credits, 2)}  REG  A    04/03/24           04/03/24`);
    L.push('', 'Please send any questions or comments to the Office of the Registrar.');
    return fixedWidthPage(L, 'DejaVu Sans Mono', 7.4);
  },
};

// ---------------------------------------------------------------------------------------------------------------
const emory: UnseenDocument = {
  id: 'u33-emory-opus',
  school: 'Emory University',
  schoolPrinted: true,
  system: 'OPUS (PeopleSoft) unofficial transcript',
  calendar: 'semester',
  source:
    'public Emory transcript parsers (several versions in public code): sections "Transfer Credits" and "Test Credits" whose rows read "… as DEPT NUM[SUF] … T", then "Beginning of Academic Record"; "Incoming Course" and "Transferred to Term" lines in the transfer block; Term GPA, Transfer Totals, Combined and Cum GPA lines to skip.',
  student: 'Saoirse Adebayo-Klein',
  studentId: '2468013',
  terms: record(`
    transfer Transfer Credits from Georgia State University | Georgia State University
    CHEM 150 | Structure and Properties | 4 | T
    ENGRD 101 | Critical Reading and Writing | 3 | T
    test Test Credits Applied Toward Emory College
    MATH 111 | Calculus I | 3 | T
    term 2022 Fall
    CS 170 | Intro to Computer Science I | 4 | A
    MATH 112 | Calculus II | 3 | B+
    QTM 110 | Intro to Scientific Methods | 3 | A-
    ECON 101 | Principles of Microeconomics | 3 | B
    term 2023 Spring
    CS 171 | Intro to Computer Science II | 4 | A-
    MATH 221 | Linear Algebra | 4 | B
    PHIL 115 | Introduction to Ethics | 3 | S
    HLTH 100 | Health Education | 1 | S
  `),
  html(doc) {
    const incoming: Record<string, string> = { 'CHEM 150': 'CHEM 1211K General Chemistry I', 'ENGRD 101': 'ENGL 1101 English Composition I', 'MATH 111': 'AP Calculus AB' };
    const cols = peopleSoftColumns('&nbsp;&nbsp;');
    const incomingBlock = (t: Term) =>
      `<div class="t">${esc(t.name)}</div>` +
      t.courses.map((c) => `<div class="in">Incoming Course: ${esc(incoming[`${c.subject} ${c.number}`]!)}</div><div class="in">Transferred to Term 2022 Fall as</div><table>${rows(cols, [c])}</table>`).join('') +
      `<div class="in">${t.section === 'test' ? 'Test Trans GPA: 0.000' : 'Transfer Totals:'} ${fx(att(t.courses), 3)} ${fx(ern(t.courses), 3)}</div>`;
    return page(
      `body { font-family: 'Liberation Serif', serif; font-size: 9pt; } table { border-collapse: collapse; width: 100%; } th, td { padding: 0 5px; text-align: left; font-weight: normal; } tr.head th { text-decoration: underline; }
       .t { font-weight: bold; margin-top: 8px; } .in { font-size: 8.5pt; padding-left: 10px; }`,
      `<div style="text-align:center"><b style="font-size:12pt">Emory University</b><br>Unofficial Transcript</div>
<p>Name: ${esc(doc.student)}<br>Student ID: ${doc.studentId}</p>
${doc.terms.filter((t) => t.section !== 'institution').map(incomingBlock).join('')}
<p style="text-align:center"><b>Beginning of Academic Record</b></p>
${doc.terms.filter((t) => t.section === 'institution').map((t) => `<div class="t">${t.name}</div><div class="in">Emory College of Arts and Sciences &nbsp; Program: Undeclared</div><table>${rows(cols, t.courses)}</table><div class="in">Term GPA: ${fx(gpa(t.courses), 3)} &nbsp; Term Totals: ${fx(att(t.courses), 3)} ${fx(ern(t.courses), 3)}</div>`).join('')}
<p>Cum GPA: ${fx(gpa(own(doc)), 3)} &nbsp; Cum Totals: ${fx(att(allCourses(doc)), 3)} ${fx(ern(allCourses(doc)), 3)}</p><p style="text-align:center">End of Unofficial Transcript</p>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
const wellesley: UnseenDocument = {
  id: 'u34-wellesley-workday',
  school: 'Wellesley College',
  schoolPrinted: true,
  system: 'Workday Student Academic History report',
  calendar: 'semester',
  source:
    'wellesley.edu/registrar/records/academic-history: the Workday Academic History report lists courses for credit (cross-registered MIT courses and transfer credit included) and courses without credit (PERA physical education, MUS 099 performing music, RES 001/INT 001 summer research), with term and cumulative earned units and GPA; Winter courses count in the Fall semester. A Wellesley course is 1.0 unit.',
  student: 'Josephine Amankwah-Reid',
  studentId: '20598113',
  images: [{ kind: 'screenshot', seed: 134 }],
  terms: record(`
    term 2022 Fall Semester
    CS 111 | Computer Programming and Problem Solving | 1 | A
    MATH 115 | Calculus I | 1 | B+
    WRIT 120 | First-Year Writing | 1 | A-
    PE 121 | Fitness Foundations | 0 | P
    term 2023 Spring Semester
    CS 230 | Data Structures | 1 | B
    MATH 116 | Calculus II | 1 | B
    ECON 101 | Principles of Microeconomics | 1 | A
    MUS 099 | Performing Music | 0 | CR
  `),
  html(doc) {
    const line = (c: Course) => `<tr><td>${c.subject} ${c.number} - ${esc(c.title)}</td><td>${c.term.replace(' Semester', '')}</td><td class="c">${c.grade}</td><td class="r">${fx(c.credits, 2)}</td><td class="r">${fx(earnedOf(c), 2)}</td></tr>`;
    return page(
      `body { font-family: 'Roboto', 'DejaVu Sans', sans-serif; font-size: 8.5pt; color: #333; } h1 { font-size: 15pt; font-weight: 500; } table { border-collapse: collapse; width: 100%; } th { background: #f0f1f2; text-align: left; padding: 6px; font-weight: 500; } td { padding: 6px; border-bottom: 1px solid #e6e6e6; } .r { text-align: right; } .c { text-align: center; }`,
      `<h1>Academic History</h1><p>${esc(doc.student)} (${doc.studentId}) &nbsp;|&nbsp; Wellesley College &nbsp;|&nbsp; Undergraduate</p>
<table><tr><th>Course Section</th><th>Academic Period</th><th class="c">Grade</th><th class="r">Units Attempted</th><th class="r">Units Earned</th></tr>${allCourses(doc).map(line).join('')}</table>
<p>Cumulative: Units Earned ${fx(ern(allCourses(doc)), 2)} &nbsp; GPA ${fx(gpa(allCourses(doc).filter((c) => c.credits > 0)), 2)} &nbsp; Class Standing: Sophomore &nbsp; Load Status: Full-time</p>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
const uni: UnseenDocument = {
  id: 'u35-uni-symbols',
  school: 'University of Northern Iowa',
  schoolPrinted: true,
  system: 'university records system unofficial transcript with a special-symbol column',
  calendar: 'semester',
  source:
    'registrar.uni.edu/transcripts/explaining-your-transcript: grades A to F with pluses and minuses, CR, I, NC, NR, P, RC, U, X, W, WF, WP; special symbols R (repeated course), # (course repeater/substitute), @ (audit), & (graduate credit while senior), H (honors), > (duplication), printed beside the course.',
  student: 'Halvard Nkemelu',
  studentId: '000921467',
  terms: record(`
    term FALL 2022
    CS 1410 | Computer Science I | 4 | B | R
    MATH 1420 | Calculus I | 4 | A- | H
    ENGLISH 1005 | College Writing and Research | 3 | B+
    COMM 1000 | Oral Communication | 3 | A
    term SPRING 2023
    CS 1410 | Computer Science I | 4 | A | #
    CS 1800 | Discrete Structures | 3 | B-
    MATH 1421 | Calculus II | 4 | C
    PSYCH 1001 | Introduction to Psychology | 3 | CR
  `),
  html(doc) {
    const lines: string[] = ['UNIVERSITY OF NORTHERN IOWA  -  CEDAR FALLS, IOWA 50614          UNOFFICIAL TRANSCRIPT', `${doc.student.toUpperCase()}`.padEnd(64) + `ID ${doc.studentId}`, '', 'COURSE        SYM  COURSE TITLE                      GRADE   HOURS   GRADE PTS'];
    for (const t of doc.terms) {
      lines.push('', t.name);
      for (const c of t.courses) lines.push(`${pad(`${c.subject} ${c.number}`, 13)} ${pad(c.flags[0] ?? '', 4)} ${pad(shout(c.title, 32), 32)}  ${pad(c.grade ?? '', 5)} ${padLeft(fx(c.credits, 2), 6)}   ${padLeft(fx(pointsOf(c), 2), 8)}`);
      lines.push(`${' '.repeat(18)}SEMESTER HRS ${fx(att(t.courses), 2)}   GPA ${fx(gpa(t.courses), 2)}`);
    }
    lines.push('', `CUMULATIVE UNI HRS ${fx(ern(allCourses(doc)), 2)}   GPA ${fx(gpa(allCourses(doc)), 2)}`, 'R REPEATED COURSE  # COURSE REPEATER  H HONORS COURSE');
    return fixedWidthPage(lines, 'Liberation Mono', 8.2);
  },
};

// ---------------------------------------------------------------------------------------------------------------
const fsu: UnseenDocument = {
  id: 'u36-fsu-flag-columns',
  school: 'Florida State University',
  schoolPrinted: true,
  system: 'Campus Solutions (PeopleSoft) unofficial transcript with repeat-code and grading-basis columns',
  calendar: 'semester',
  source:
    'registrar.fsu.edu/records/transcripts/codes (Comprehensive Transcript Key): two indicator fields after the grade, repeat codes RP (E, D, EXCL, REPT, TEST, W Gordon Rule writing, M remedial…) and grading basis GB (APX and others).',
  student: 'Thaddeus Ovalle-Mbatha',
  studentId: '000398121',
  images: [{ kind: 'photo', seed: 136 }],
  terms: record(`
    test Test Credit
    AMH 2010 | United States History to 1877 | 3 | T | TEST | APX
    term Fall 2022
    ENC 1101 | Freshman Composition & Rhetoric | 3 | B | W | GRD
    MAC 1105 | College Algebra | 3 | D | EXCL | GRD
    CHM 1045 | General Chemistry I | 3 | C+ | | GRD
    BSC 2010 | Biological Science I | 3 | B | | GRD
    term Spring 2023
    MAC 1105 | College Algebra | 3 | B+ | REPT | GRD
    ENC 2135 | Research, Genre & Context | 3 | A | W | GRD
    CHM 1045L | General Chemistry I Lab | 1 | A | | GRD
    IFS 2051 | Discover Florida State | 1 | S | | S/U
  `),
  html(doc) {
    const line = (c: Course) =>
      `<tr><td>${c.subject}&nbsp;${c.number}</td><td>${esc(c.title.toUpperCase())}</td><td class="r">${fx(c.credits, 2)}</td><td class="r">${fx(earnedOf(c), 2)}</td><td class="c">${c.grade}</td><td class="r">${fx(pointsOf(c), 2)}</td><td class="c">${c.flags[0] ?? ''}</td><td class="c">${c.flags[1] ?? ''}</td></tr>`;
    const head = '<tr class="h"><td>Course</td><td>Description</td><td class="r">Att</td><td class="r">Earn</td><td class="c">Grd</td><td class="r">Pts</td><td class="c">RP</td><td class="c">GB</td></tr>';
    return page(
      `body { font-family: 'Liberation Sans Narrow', 'Liberation Sans', sans-serif; font-size: 8.8pt; } table { border-collapse: collapse; width: 100%; } td { padding: 0 4px; } .h td { border-bottom: 1px solid #000; font-weight: bold; } .r { text-align: right; } .c { text-align: center; } .t { margin-top: 7px; font-weight: bold; }`,
      `<div style="text-align:center"><b style="font-size:12pt">FLORIDA STATE UNIVERSITY</b><br>Office of the University Registrar — Unofficial Transcript</div>
<p>${esc(doc.student)} &nbsp; EMPLID ${doc.studentId} &nbsp; Major: Biological Science</p>
<table>${head}${doc.terms.map((t) => `<tr><td colspan="8" class="t">${t.name}</td></tr>${t.courses.map(line).join('')}${t.section === 'institution' ? `<tr><td></td><td>TERM: ATT ${fx(att(t.courses), 2)} EARN ${fx(ern(t.courses), 2)} GPA ${fx(gpa(t.courses), 3)}</td></tr>` : ''}`).join('')}</table>
<p>FSU CUMULATIVE GPA ${fx(gpa(own(doc)), 3)} &nbsp; TOTAL HOURS ${fx(ern(allCourses(doc)), 2)}</p>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
const bowdoin: UnseenDocument = {
  id: 'u37-bowdoin-workday',
  school: 'Bowdoin College',
  schoolPrinted: true,
  system: 'Workday Student unofficial transcript (generated from the student\'s Workday inbox)',
  calendar: 'semester',
  source:
    'bowdoin.teamdynamix.com … KB article 167763: Workday\'s "Generate Unofficial Transcript for Student" task; the unofficial transcript mirrors most of the official one in format and content. A Bowdoin course is one credit.',
  images: [{ kind: 'photo', seed: 137 }],
  student: 'Ezekiel Marchetti-Ansah',
  studentId: '300188447',
  terms: record(`
    term Fall 2022
    CSCI 1101 | Introduction to Computer Science | 1 | A-
    MATH 1600 | Differential Calculus | 1 | B+
    ENGL 1010 | First-Year Writing Seminar | 1 | A
    GOV 1100 | Introduction to Comparative Politics | 1 | B
    term Spring 2023
    CSCI 2101 | Data Structures | 1 | B+
    MATH 1700 | Integral Calculus | 1 | B-
    ECON 1050 | Principles of Microeconomics | 1 | Cr
    DANC 1211 | Cultural Choreographies | 0.5 | A
  `),
  html(doc) {
    const line = (c: Course) => `<tr><td>${c.subject} ${c.number}</td><td>${esc(c.title)}</td><td class="r">${fx(c.credits, 2)}</td><td class="c">${c.grade}</td><td class="r">${fx(earnedOf(c), 2)}</td></tr>`;
    return page(
      `body { font-family: 'Liberation Serif', serif; font-size: 9.5pt; } table { border-collapse: collapse; width: 100%; } th { text-align: left; border-bottom: 1px solid #000; font-weight: normal; font-style: italic; } td { padding: 1px 4px; } .r { text-align: right; } .c { text-align: center; } .t { font-weight: bold; margin-top: 8px; }`,
      `<div style="text-align:center;font-size:13pt;letter-spacing:2px">BOWDOIN COLLEGE</div><div style="text-align:center">Brunswick, Maine &nbsp;&middot;&nbsp; Unofficial Transcript</div>
<p>${esc(doc.student)} &nbsp; ID ${doc.studentId}</p>
${doc.terms.map((t) => `<div class="t">${t.name}</div><table><tr><th>Course</th><th>Title</th><th class="r">Credits Attempted</th><th class="c">Grade</th><th class="r">Credits Earned</th></tr>${t.courses.map(line).join('')}</table>`).join('')}
<p>Credits earned ${fx(ern(allCourses(doc)), 2)} &nbsp; GPA ${fx(gpa(allCourses(doc)), 2)}</p>`,
    );
  },
};
for (const c of allCourses(bowdoin)) if (c.grade === 'Cr') c.grade = 'CR';

// ---------------------------------------------------------------------------------------------------------------
const stevens: UnseenDocument = {
  id: 'u38-stevens-workday-transfer',
  school: 'Stevens Institute of Technology',
  schoolPrinted: true,
  system: 'Workday Student unofficial transcript with transfer electives',
  calendar: 'semester',
  source:
    'stevens.freshservice.com … articles/19000133440 (Workday academic progress at Stevens: registrations, unused registrations, requirements). Transfer rows with elective numbers ("1T02") follow the issue\'s description of transfer electives.',
  student: 'Yusuf Delacruz-Haugen',
  studentId: '10498273',
  terms: record(`
    transfer Transfer Credit - Bergen Community College | Bergen Community College
    BIOL 1T02 | Biology Transfer Elective | 4 | TR
    HUM 1T01 | Humanities Transfer Elective | 3 | TR
    term 2022 Fall Semester
    CS 115 | Introduction to Computer Science | 4 | A
    MA 121 | Differential Calculus | 2 | B
    MA 122 | Integral Calculus | 2 | B+
    CAL 103 | Writing and Communications Colloquium | 3 | A-
    term 2023 Spring Semester
    CS 284 | Data Structures | 4 | B
    MA 125 | Vectors and Matrices | 2 | C+
    PEP 111 | Mechanics | 3 | B-
    CH 115 | General Chemistry I | 3 | W
  `),
  html(doc) {
    const line = (c: Course) => `<tr><td>${c.subject} ${c.number} - ${esc(c.title)}</td><td class="r">${fx(c.credits, 2)}</td><td class="r">${fx(earnedOf(c), 2)}</td><td class="c">${c.grade}</td><td class="r">${fx(pointsOf(c), 2)}</td></tr>`;
    const head = '<tr class="h"><td>Course</td><td class="r">Attempted</td><td class="r">Earned</td><td class="c">Grade</td><td class="r">Points</td></tr>';
    return page(
      `body { font-family: 'DejaVu Sans', sans-serif; font-size: 8pt; } table { border-collapse: collapse; width: 100%; } td { padding: 2px 4px; } .h td { font-weight: bold; border-bottom: 1px solid #a32638; } .r { text-align: right; } .c { text-align: center; } .t { font-weight: bold; margin-top: 9px; color: #a32638; }`,
      `<div style="font-size:13pt;font-weight:bold;color:#a32638">Stevens Institute of Technology</div><div>Hoboken, NJ 07030 &nbsp; Unofficial Transcript</div>
<p>Student: ${esc(doc.student)} &nbsp; CWID ${doc.studentId} &nbsp; Program of Study: Computer Science (BS)</p>
${doc.terms.map((t) => `<div class="t">${esc(t.name)}</div><table>${head}${t.courses.map(line).join('')}</table>${t.section === 'institution' ? `<div style="text-align:right">Period GPA ${fx(gpa(t.courses), 3)}</div>` : ''}`).join('')}
<p>Cumulative GPA ${fx(gpa(own(doc)), 3)} &nbsp; Total Credits ${fx(ern(allCourses(doc)), 2)}</p>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
const washu: UnseenDocument = {
  id: 'u39-washu-workday-flags',
  school: 'Washington University in St. Louis',
  schoolPrinted: true,
  system: 'Workday Student unofficial transcript with attribute flags after the grade',
  calendar: 'semester',
  source:
    'sunrise.wustl.edu/workday-student/workday-student-101/academic-records (WashU\'s Workday academic records: GPA, course registrations and academic history per record). Flag columns after the grade ("… 4.00 A+ … DP NI") follow the issue\'s description of such prints.',
  student: 'Penelope Achterberg-Musa',
  studentId: '489120334',
  garbled: true,
  terms: record(`
    test Test Credit - Advanced Placement
    MATH 1510 | Calculus I | 3 | CR
    term Fall 2023
    CSE 1301 | Introduction to Computer Science | 3 | A+ | NS | DP
    ESE 2300 | Basic Circuit Analysis | 4 | B | | DP
    MATH 1520 | Calculus II | 3 | B+ | NS
    WRITING 1 | Writing 1 | 3 | A- | WI
    term Spring 2024
    CSE 2407 | Data Structures and Algorithms | 3 | A | NS | DP
    ESE 2310 | Basic Circuit Analysis II | 4 | A+ | DP | NI
    PHYSICS 1971 | Physics I | 3 | B- | NS
    PHIL 1001 | Problems in Philosophy | 3 | P | HUM
  `),
  html(doc) {
    const line = (c: Course) => `<tr><td>${c.subject} ${c.number}</td><td>${esc(c.title)}</td><td class="r">${fx(c.credits, 2)}</td><td class="c">${c.grade}</td><td>${c.flags[0] ?? ''}</td><td>${c.flags[1] ?? ''}</td></tr>`;
    return page(
      `body { font-family: 'Liberation Sans', sans-serif; font-size: 8.5pt; } table { border-collapse: collapse; width: 100%; } th { text-align: left; border-bottom: 1px solid #000; } td { padding: 1px 4px; } .r { text-align: right; } .c { text-align: center; } .t { font-weight: bold; margin-top: 8px; }`,
      `<div style="text-align:center"><b style="font-size:12pt">Washington University in St. Louis</b><br>Unofficial Transcript</div>
<p>${esc(doc.student)} &nbsp; ${doc.studentId} &nbsp; McKelvey School of Engineering — Computer Engineering</p>
${doc.terms.map((t) => `<div class="t">${esc(t.name)}</div><table><tr><th>Course</th><th>Title</th><th class="r">Units</th><th class="c">Grade</th><th>Attr</th><th>Attr</th></tr>${t.courses.map(line).join('')}</table>${t.section === 'institution' ? `<div style="text-align:right">Semester GPA ${fx(gpa(t.courses), 2)} &nbsp; Units ${fx(ern(t.courses), 2)}</div>` : ''}`).join('')}
<p>Cumulative GPA ${fx(gpa(own(doc)), 2)}</p><p style="font-size:7pt">Attributes: NS natural sciences, HUM humanities, WI writing intensive, DP departmental, NI not in major GPA.</p>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
const adams: UnseenDocument = {
  id: 'u40-adamsstate-workday-electives',
  school: 'Adams State University',
  schoolPrinted: true,
  system: 'Workday Student unofficial transcript with external transfer credit',
  calendar: 'semester',
  source:
    'sites.google.com/adams.edu/workday-asu … /external-articulation: Workday\'s Assign Student Transfer Credit (an official external transcript, the external course, credit hours earned and grade, matched to a university course). Elective placeholder numbers (HUM 2XXX) follow the issue\'s description.',
  images: [{ kind: 'photo', seed: 140 }],
  student: 'Rosalind Okeke-Varga',
  studentId: '900447152',
  terms: record(`
    transfer Transfer Credit from Trinidad State College | Trinidad State College
    ENG 1021 | English Composition I | 3 | TR
    HUM 2XXX | Humanities Elective | 3 | TR
    SOC 1XXX | Social Science Elective | 3 | TR
    term Fall Semester 2022
    BIOL 1051 | Biology I | 4 | B
    MATH 1400 | Precalculus | 4 | C
    PSY 1010 | Introduction to Psychology | 3 | A
    COMM 1010 | Oral Communication | 3 | A-
    term Spring Semester 2023
    BIOL 1052 | Biology II | 4 | B+
    CHEM 1311 | General Chemistry I | 4 | C+
    HIST 1101 | US History I | 3 | B
  `),
  html(doc) {
    const cols: Column[] = [
      { head: 'Course', cell: (c) => `${c.subject} ${c.number}` },
      { head: 'Course Title', cell: (c) => esc(c.title) },
      { head: 'Grade', cell: (c) => c.grade ?? '', align: 'c' },
      { head: 'Credits Attempted', cell: (c) => fx(c.credits, 2), align: 'r' },
      { head: 'Credits Earned', cell: (c) => fx(earnedOf(c), 2), align: 'r' },
    ];
    return page(
      `body { font-family: 'Liberation Sans', sans-serif; font-size: 8.5pt; } table { border-collapse: collapse; width: 100%; } th { text-align: left; background: #005030; color: #fff; padding: 3px; font-weight: normal; } td { padding: 2px 3px; } .t { font-weight: bold; margin-top: 8px; }`,
      `<div><b style="font-size:13pt">Adams State University</b> &nbsp; Alamosa, Colorado</div><div>Unofficial Transcript &nbsp; — &nbsp; ${esc(doc.student)} (${doc.studentId})</div>
${doc.terms.map((t) => `<div class="t">${esc(t.name)}</div><table>${rows(cols, t.courses)}</table>`).join('')}
<p>Institutional GPA ${fx(gpa(own(doc)), 2)} &nbsp; Total Earned ${fx(ern(allCourses(doc)), 2)}</p>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
const cune: UnseenDocument = {
  id: 'u41-cune-parchment',
  school: 'Concordia University, Nebraska',
  schoolPrinted: true,
  system: 'Parchment-delivered PDF transcript with the transcript key as its last page',
  calendar: 'semester',
  source:
    'transcripts.cune.edu/home/e-transcript-faq: the electronic transcript is a PDF that looks like the paper transcript, with the transcript key as the final page instead of on the back of each sheet.',
  student: 'Matthias Oyelowo-Brandt',
  studentId: '0412998',
  terms: record(`
    term FALL 2021
    ENG 101 | Composition I | 3 | A-
    MATH 131 | Calculus I | 4 | B
    THEO 131 | Christian Thought | 3 | A
    BIO 151 | General Biology I | 4 | B+
    INQ 101 | Inquiry Seminar | 1 | P
    term SPRING 2022
    ENG 102 | Composition II | 3 | B+
    MATH 132 | Calculus II | 4 | C
    BIO 152 | General Biology II | 4 | B
    HIST 101 | World History I | 3 | A-
  `),
  html(doc) {
    const lines: string[] = [];
    for (const t of doc.terms) {
      lines.push(t.name);
      for (const c of t.courses) lines.push(`${pad(`${c.subject} ${c.number}`, 9)} ${pad(shout(c.title, 24), 24)} ${pad(c.grade ?? '', 3)} ${padLeft(fx(c.credits, 1), 4)} ${padLeft(fx(pointsOf(c), 1), 5)}`);
      lines.push(`   SEM HRS ${fx(att(t.courses), 1)}  GPA ${fx(gpa(t.courses), 2)}`, '');
    }
    const key = ['TRANSCRIPT KEY', '', 'GRADE  POINTS  DESCRIPTION', 'A      4.0     Superior', 'A-     3.7', 'B+     3.3', 'B      3.0     Above Average', 'C      2.0     Average', 'D      1.0     Below Average', 'F      0.0     Failure', 'P      -       Pass', 'W      -       Withdrawal', '', 'Courses numbered 100-299 are lower division; 300-499 upper division.', 'One semester hour represents one 50-minute class session a week for a semester.'];
    return page(
      `body { font-family: 'DejaVu Serif', serif; font-size: 8pt; } pre { margin: 0; font-family: 'DejaVu Sans Mono', monospace; font-size: 7.6pt; } .hdr { text-align: center; border-bottom: 1px double #000; } .key { page-break-before: always; }`,
      `<div class="hdr"><b style="font-size:12pt">CONCORDIA UNIVERSITY, NEBRASKA</b><br>800 North Columbia Avenue, Seward, NE 68434 &nbsp; Office of the Registrar<br>ISSUED TO STUDENT</div>
<p>${esc(doc.student)} &nbsp; ID ${doc.studentId} &nbsp; B.S. Ed. Biology</p>
${pre(['COURSE    TITLE                    GRD  HRS   PTS', ...lines, `CUMULATIVE HRS ${fx(ern(allCourses(doc)), 1)}  GPA ${fx(gpa(allCourses(doc)), 2)}`])}
<div class="key">${pre(key)}</div>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
const wheaton: UnseenDocument = {
  id: 'u42-wheaton-banner8-table',
  school: 'Wheaton College',
  schoolPrinted: true,
  system: 'Banner 8 self-service academic transcript (datadisplaytable) printed from the browser',
  calendar: 'semester',
  source:
    'github.com/JohannesByle/class_recommender, flask_app/views/my_classes/parse_transcript.py: a Wheaton College class recommender reads the Banner transcript table ("datadisplaytable"): subject, number (digits or "x", as in transfer electives "1xx"), an optional two-letter level, title, grade (absent for courses in progress) and credits "3.000".',
  student: 'Clementine Adeyinka-Ross',
  studentId: '00871244',
  images: [{ kind: 'photo', seed: 142 }],
  terms: record(`
    transfer Fall 2021 | College of DuPage
    BITH 1xx | Bible Elective | 3 | TR
    MATH 2xx | Mathematics Elective | 4 | TR
    term Fall 2022
    BITH 111 | Old Testament Lit & Interp | 2 | A-
    CSCI 235 | Programming I | 4 | B+
    MATH 231 | Calculus I | 4 | B
    PHIL 101 | Issues and Worldviews | 4 | A
    term Spring 2023
    CSCI 245 | Programming II | 4 | -
    MATH 232 | Calculus II | 4 | -
  `),
  html(doc) {
    const line = (c: Course) =>
      `<tr><td class="dd">${c.subject}</td><td class="dd">${c.number}</td><td class="dd">UG</td><td class="dd">${esc(c.title)}</td>${c.grade === null ? '' : `<td class="dd">${c.grade}</td>`}<td class="dd">${fx(c.credits, 3)}</td>${c.grade === null ? '' : `<td class="dd">${fx(pointsOf(c), 2)}</td><td class="dd"></td>`}</tr>`;
    const head = (ip: boolean) => `<tr><th>Subject</th><th>Course</th><th>Level</th><th>Title</th>${ip ? '' : '<th>Grade</th>'}<th>Credit Hours</th>${ip ? '' : '<th>Quality Points</th><th>R</th>'}</tr>`;
    return page(
      `body { font-family: Arial, 'Liberation Sans', sans-serif; font-size: 8pt; } table.datadisplaytable { border-collapse: collapse; width: 100%; } th { background: #d0d0d0; text-align: left; padding: 2px; } td.dd { background: #f4f4f4; padding: 2px; border: 1px solid #fff; }
       .sec { color: #00f; font-weight: bold; margin-top: 8px; } .hd { display: flex; justify-content: space-between; font-size: 7pt; }`,
      `<div class="hd"><span>1/30/23, 8:12 AM</span><span>Academic Transcript</span></div><h3 style="margin:4px 0">Wheaton College &nbsp; Academic Transcript</h3>
<p>${esc(doc.student)}</p>
<div class="sec">TRANSFER CREDIT ACCEPTED BY INSTITUTION</div>
${doc.terms.filter((t) => t.section === 'transfer').map((t) => `<div>${t.name}: ${esc(t.from!)}</div><table class="datadisplaytable">${head(false)}${t.courses.map(line).join('')}</table>`).join('')}
<div class="sec">INSTITUTION CREDIT</div>
${doc.terms.filter((t) => t.section === 'institution' && t.courses.some((c) => c.grade)).map((t) => `<div>Term: ${t.name}</div><table class="datadisplaytable">${head(false)}${t.courses.map(line).join('')}</table><div>Current Term: GPA Hours ${fx(att(t.courses), 3)} GPA ${fx(gpa(t.courses), 2)}</div>`).join('')}
<div class="sec">COURSES IN PROGRESS</div>
${doc.terms.filter((t) => t.courses.every((c) => !c.grade)).map((t) => `<div>Term: ${t.name}</div><table class="datadisplaytable">${head(true)}${t.courses.map(line).join('')}</table>`).join('')}
<div class="hd" style="margin-top:8px"><span>https://bannerweb.wheaton.edu/db1/bwskotrn.P_ViewTran</span><span>1/1</span></div>`,
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
const gulfCoast: UnseenDocument = {
  id: 'u43-gulfcoast-banner-landscape',
  school: 'Gulf Coast State College',
  schoolPrinted: true,
  system: 'Banner unofficial transcript, landscape print',
  calendar: 'semester',
  source:
    'gulfcoast.edu/catalog/current/general-education-requirements (Florida statewide numbers, ENC 1101 and its combined version ENC1101C, general education core courses marked, FASTER electronic records). Landscape Banner print with a level column.',
  student: 'Josiah Whitcombe-Asante',
  studentId: 'G00781126',
  terms: record(`
    term Fall 2022
    ENC 1101C | English Composition I | 4 | B
    MAC 1105 | College Algebra | 3 | A
    BSC 2010 | Biology I | 3 | B
    BSC 2010L | Biology I Laboratory | 1 | A
    SLS 1122 | Student Success | 1 | A
    term Spring 2023
    ENC 1102 | English Composition II | 3 | C
    MAC 1140 | Precalculus Algebra | 3 | F
    CHM 2045 | General Chemistry I | 3 | B
    CHM 2045L | General Chemistry I Lab | 1 | B
    AML 2010 | American Literature I | 3 | A
  `),
  html(doc) {
    const line = (c: Course) => `<tr><td>${c.subject}</td><td>${c.number}</td><td>CR</td><td>${esc(c.title)}</td><td class="c">${c.grade}</td><td class="r">${fx(c.credits, 3)}</td><td class="r">${fx(earnedOf(c), 3)}</td><td class="r">${fx(pointsOf(c), 3)}</td></tr>`;
    return page(
      `body { font-family: 'Liberation Sans', sans-serif; font-size: 8.5pt; } table { border-collapse: collapse; width: 100%; } th { text-align: left; border-bottom: 1px solid #000; } td { padding: 1px 5px; } .r { text-align: right; } .c { text-align: center; } .t { font-weight: bold; padding-top: 6px; }`,
      `<table style="width:100%"><tr><td><b style="font-size:13pt">Gulf Coast State College</b><br>5230 W. U.S. Highway 98, Panama City, FL 32401</td><td style="text-align:right">UNOFFICIAL TRANSCRIPT<br>${esc(doc.student)} &nbsp; ${doc.studentId}</td></tr></table>
<table><tr><th>Subj</th><th>Crse</th><th>Lvl</th><th>Title</th><th class="c">Grade</th><th class="r">Attempted</th><th class="r">Earned</th><th class="r">Quality Pts</th></tr>
${doc.terms.map((t) => `<tr><td colspan="8" class="t">Term: ${t.name}</td></tr>${t.courses.map(line).join('')}<tr><td colspan="4"></td><td colspan="4">Term GPA ${fx(gpa(t.courses), 2)} &nbsp; Cum GPA ${fx(gpa(allCourses(doc)), 2)}</td></tr>`).join('')}</table>`,
      '11in 8.5in',
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
const estrella: UnseenDocument = {
  id: 'u44-estrella-phone-history',
  school: 'Estrella Mountain Community College',
  schoolPrinted: true,
  system: 'Maricopa student center course history, phone-width page (cards instead of a table)',
  calendar: 'semester',
  source:
    'issuu.com/maricopamarketing/docs/emcc_19-20_catalog (Estrella Mountain Community College, a Maricopa college: AGEC general education, codes such as ENG101 with no space). The phone-width course history with one card per course follows the student center\'s responsive pages.',
  student: 'Ximena Hollenbeck',
  studentId: '30991827',
  images: [{ kind: 'screenshot', seed: 144 }],
  terms: record(`
    term 2023 Spring
    ENG 101 | First-Year Composition | 3 | A
    MAT 142 | College Mathematics | 3 | B
    CIS 105 | Survey of Computer Info Systems | 3 | A
    term 2023 Fall
    ENG 102 | First-Year Composition | 3 | B
    BIO 100 | Biology Concepts | 4 | C
    HIS 103 | United States History to 1865 | 3 | W
  `),
  html(doc) {
    const card = (c: Course) =>
      `<div class="card"><div class="code">${c.subject}${c.number}</div><div class="title">${esc(c.title)}</div><div class="meta"><span>${c.term}</span><span>${fx(c.credits, 2)} Units</span><span>Grade ${c.grade ?? '—'}</span></div></div>`;
    return page(
      `body { font-family: 'Roboto', 'DejaVu Sans', sans-serif; font-size: 11pt; width: 390px; } .top { background: #00263a; color: #fff; padding: 12px; font-size: 13pt; } .card { border: 1px solid #dde2e6; border-radius: 6px; margin: 8px; padding: 8px 10px; }
       .code { font-weight: bold; color: #00263a; } .title { color: #333; } .meta { display: flex; justify-content: space-between; font-size: 9.5pt; color: #555; margin-top: 4px; }`,
      `<div class="top">Course History</div><div style="padding:8px 10px;font-size:10pt">${esc(doc.student)} · Estrella Mountain Community College</div>${allCourses(doc).map(card).join('')}`,
      '4.5in 11in',
      '0.1in',
    );
  },
};

export const UNIVERSITY_DOCUMENTS: UnseenDocument[] = [uiuc, umd, emory, wellesley, uni, fsu, bowdoin, stevens, washu, adams, cune, wheaton, gulfCoast, estrella];
