/**
 * Common English words and the words transcripts are made of (headers, terms, course titles, furniture). A page whose
 * text holds almost none of them, and no course codes, is not text a person could read: its fonts had no usable
 * character map (text-quality.ts). Lower case, three letters or more.
 */
const WORDS = `
the and for with from that this are was were has have not but all any can its our out who one two three four five six
seven eight nine ten new old per via into over under upon after before each other than then them they their there these
those which while will would also only more most some such what when where about above below between through during
page print printed date name student students record records office registrar unofficial official transcript transcripts
academic history report issued issue level career program programs plan major minor degree degrees college colleges
university universities institution institutional school community state technical institute center campus main online
department division faculty advisor address city phone email number total totals term terms semester semesters quarter
quarters session sessions summer fall spring winter autumn year years cumulative current overall grade grades grading
credit credits hour hours unit units attempted earned passed completed points quality gpa basis repeat repeated
excluded included transfer transferred accepted test tests exam examination advanced placement international
baccalaureate progress enrolled registration course courses title titles description subject section lab lecture
seminar standing good probation dean deans list honors honor beginning end continued key legend explanation
introduction intro general principles fundamentals foundations survey elementary intermediate advanced applied modern
contemporary world western american united states english composition writing reading literature rhetoric research
communication speech public speaking interpersonal mathematics math algebra college calculus precalculus trigonometry
statistics discrete linear geometry analysis differential equations integral biology biological chemistry organic
physics physical science sciences scientific computer computing programming data structures algorithms systems
information technology software engineering electrical mechanical circuits economics microeconomics macroeconomics
accounting business management marketing finance psychology sociology anthropology philosophy ethics religion religious
theology bible history political government politics law criminal justice geography environmental earth geology
astronomy art arts music theater theatre dance design drawing painting film media studies language spanish french
german italian chinese japanese latin greek health nursing anatomy physiology nutrition fitness wellness education
learning success skills experience orientation first year seminar freshman sophomore junior senior graduate
undergraduate associate bachelor master science arts applied lecture laboratory laboratories practicum internship
independent special topics topic selected problems theory methods method design project capstone thesis culture
cultural society social human development child family life personal professional career critical thinking
problem solving strategies concepts issues perspectives global diversity humanities natural behavioral quantitative
reasoning fine performing visual oral written digital literacy microcomputer applications office networks network
security database web mobile graphics animation welding automotive construction electrical electronics nursing
medical dental emergency fire police kinesiology exercise sport sports activity walking swimming yoga weight training
biology cell molecular genetics ecology evolution microbiology zoology botany marine chemical general pass fail
withdrawal withdrawn withdraw incomplete audit satisfactory unsatisfactory credit no pass progress attempt passed
hours semester printed page end record transcript totals within without against among across along around behind
people time work life world day days way part place case point group number fact hand high small large long great
little own right left best better same different last next early late few many much very well just still even back
good able used using based including include made make take taken given give show shows shown note notes please see
`;

export const COMMON_WORDS: ReadonlySet<string> = new Set(WORDS.split(/\s+/).filter((w) => w.length >= 3));
