/**
 * Made-up people, schools and courses for generated transcripts. Every name here is invented: no real student, and
 * school names built from place words that are not real institutions' names.
 */
import type { Rng } from './random';

const FIRST = [
  'Avery', 'Jordan', 'Riley', 'Quinn', 'Rowan', 'Skyler', 'Emerson', 'Harper', 'Marlowe', 'Sawyer', 'Tamsin', 'Oriel',
  'Linden', 'Wren', 'Calla', 'Ezra', 'Juniper', 'Thessaly', 'Bram', 'Idris', 'Noor', 'Pilar', 'Anouk', 'Caspian',
];
const LAST = [
  'Quillfeather', 'Marrowby', 'Tindale', 'Ashgrove', 'Pennywhistle', 'Okonkwo-Vale', 'Brightwater', 'Castellanos-Reed',
  'Fairbairn', 'Holloway-Chen', 'Lindqvist', 'Moravec', 'Nakashima-Ford', 'Oyelaran', 'Prendergast', 'Ravenscroft',
  'Szymanski-Lowe', 'Thistlewood', 'Underhill', 'Vasquez-Orr', 'Whitlock', 'Yarborough', 'Zielinski-Hart', 'Abernathy-Soto',
];

const PLACE = [
  'Cedar Ridge', 'Harbor Point', 'North Lakes', 'Pine Hollow', 'Silver Prairie', 'Granite Falls', 'Copper Basin',
  'Willow Creek', 'Eastmoor', 'Bramblewood', 'Stonehaven', 'Lark Valley', 'Red Mesa', 'Tall Pines', 'Misty Harbor',
  'Ironwood', 'Bluestem', 'Crescent Bay', 'Juniper Flats', 'Foxglove', 'Sable River', 'Kestrel Heights',
];
const KIND: readonly (readonly [string, number])[] = [
  ['Community College', 3], ['State University', 3], ['College', 2], ['University', 2], ['Technical College', 1],
  ['Institute of Technology', 1], ['State College', 2],
];

export interface School {
  name: string;
  /** The web address printed in headers or footers, e.g. "www.cedarridge.edu". */
  web: string;
  city: string;
}

export function makeSchool(rng: Rng, avoid: string | null = null): School {
  for (;;) {
    const place = rng.pick(PLACE);
    const kind = rng.weighted(KIND);
    const name = rng.chance(0.15) ? `University of ${place}` : `${place} ${kind}`;
    if (name === avoid) continue;
    const slug = place.toLowerCase().replace(/[^a-z]/g, '');
    return { name, web: `www.${slug}.edu`, city: `${place.split(' ')[0]}ville` };
  }
}

export interface Person {
  name: string;
  id: string;
}

export function makePerson(rng: Rng): Person {
  return { name: `${rng.pick(FIRST)} ${rng.pick(LAST)}`, id: String(rng.int(1_000_000, 9_999_999)) };
}

/** A discipline: subject codes in several naming styles and courses with a catalogue level and usual credits. */
interface Discipline {
  /** 3-letter (Florida-style), 4-letter, and long PeopleSoft-style subject names. */
  subjects: { three: string; four: string; long: string };
  courses: { level: number; title: string; credits: number; lab?: boolean }[];
}

export const DISCIPLINES: Discipline[] = [
  { subjects: { three: 'ENC', four: 'ENGL', long: 'ENGLISH' }, courses: [
    { level: 1, title: 'Composition I', credits: 3 }, { level: 1, title: 'Composition II', credits: 3 },
    { level: 2, title: 'Introduction to Literature', credits: 3 }, { level: 2, title: 'Technical Writing', credits: 3 },
    { level: 3, title: 'Expository Writing', credits: 3 }, { level: 2, title: 'Creative Writing Workshop', credits: 3 },
  ] },
  { subjects: { three: 'MAC', four: 'MATH', long: 'MATH' }, courses: [
    { level: 1, title: 'College Algebra', credits: 3 }, { level: 1, title: 'Precalculus', credits: 4 },
    { level: 2, title: 'Calculus I', credits: 4 }, { level: 2, title: 'Calculus II', credits: 4 },
    { level: 2, title: 'Calculus with Analytic Geometry III', credits: 4 }, { level: 3, title: 'Linear Algebra', credits: 3 },
    { level: 3, title: 'Differential Equations', credits: 3 },
  ] },
  { subjects: { three: 'STA', four: 'STAT', long: 'STATS' }, courses: [
    { level: 2, title: 'Elementary Statistics', credits: 3 }, { level: 3, title: 'Probability and Statistics', credits: 3 },
  ] },
  { subjects: { three: 'BSC', four: 'BIOL', long: 'BIOLOGY' }, courses: [
    { level: 1, title: 'General Biology I', credits: 3 }, { level: 1, title: 'General Biology I Lab', credits: 1, lab: true },
    { level: 1, title: 'General Biology II', credits: 3 }, { level: 2, title: 'Microbiology', credits: 4 },
    { level: 2, title: 'Human Anatomy and Physiology I', credits: 4 }, { level: 3, title: 'Genetics', credits: 3 },
  ] },
  { subjects: { three: 'CHM', four: 'CHEM', long: 'CHEM' }, courses: [
    { level: 1, title: 'General Chemistry I', credits: 4 }, { level: 1, title: 'General Chemistry II', credits: 4 },
    { level: 2, title: 'Organic Chemistry I', credits: 3 }, { level: 2, title: 'Organic Chemistry Laboratory', credits: 1, lab: true },
  ] },
  { subjects: { three: 'PHY', four: 'PHYS', long: 'PHYSICS' }, courses: [
    { level: 1, title: 'Physics with Calculus I', credits: 4 }, { level: 2, title: 'Physics with Calculus II', credits: 4 },
    { level: 1, title: 'Introductory Astronomy', credits: 3 },
  ] },
  { subjects: { three: 'AMH', four: 'HIST', long: 'HISTORY' }, courses: [
    { level: 1, title: 'United States History to 1877', credits: 3 }, { level: 1, title: 'World Civilizations II', credits: 3 },
    { level: 3, title: 'History of the American West', credits: 3 },
  ] },
  { subjects: { three: 'PSY', four: 'PSYC', long: 'PSYCH' }, courses: [
    { level: 1, title: 'General Psychology', credits: 3 }, { level: 2, title: 'Developmental Psychology', credits: 3 },
    { level: 3, title: 'Abnormal Psychology', credits: 3 },
  ] },
  { subjects: { three: 'ECO', four: 'ECON', long: 'ECON' }, courses: [
    { level: 2, title: 'Principles of Macroeconomics', credits: 3 }, { level: 2, title: 'Principles of Microeconomics', credits: 3 },
  ] },
  { subjects: { three: 'COP', four: 'CSCI', long: 'COMPSCI' }, courses: [
    { level: 1, title: 'Introduction to Programming', credits: 3 }, { level: 2, title: 'Data Structures', credits: 4 },
    { level: 2, title: 'Computer Organization', credits: 3 }, { level: 3, title: 'Algorithms', credits: 3 },
    { level: 1, title: 'Java Programming', credits: 3 },
  ] },
  { subjects: { three: 'PHI', four: 'PHIL', long: 'PHILOS' }, courses: [
    { level: 1, title: 'Introduction to Philosophy', credits: 3 }, { level: 2, title: 'Ethics', credits: 3 },
    { level: 2, title: 'Logic', credits: 3 },
  ] },
  { subjects: { three: 'SYG', four: 'SOCI', long: 'SOCIOL' }, courses: [
    { level: 1, title: 'Introduction to Sociology', credits: 3 }, { level: 2, title: 'Social Problems', credits: 3 },
  ] },
  { subjects: { three: 'SPC', four: 'COMM', long: 'COMM' }, courses: [
    { level: 1, title: 'Fundamentals of Speech', credits: 3 }, { level: 2, title: 'Public Speaking', credits: 3 },
  ] },
  { subjects: { three: 'POS', four: 'POLS', long: 'POLISCI' }, courses: [
    { level: 1, title: 'American Government', credits: 3 }, { level: 2, title: 'State and Local Government', credits: 3 },
  ] },
  { subjects: { three: 'SPN', four: 'SPAN', long: 'SPANISH' }, courses: [
    { level: 1, title: 'Elementary Spanish I', credits: 4 }, { level: 1, title: 'Elementary Spanish II', credits: 4 },
  ] },
  { subjects: { three: 'ACG', four: 'ACCT', long: 'ACCTG' }, courses: [
    { level: 2, title: 'Financial Accounting', credits: 3 }, { level: 2, title: 'Managerial Accounting', credits: 3 },
  ] },
  { subjects: { three: 'ART', four: 'ARTS', long: 'ARTSTUDI' }, courses: [
    { level: 1, title: 'Drawing I', credits: 3 }, { level: 1, title: 'Two-Dimensional Design', credits: 3 },
  ] },
  { subjects: { three: 'MUL', four: 'MUSC', long: 'MUSIC' }, courses: [
    { level: 1, title: 'Music Appreciation', credits: 3 }, { level: 1, title: 'Concert Choir', credits: 1 },
  ] },
  { subjects: { three: 'HUN', four: 'NUTR', long: 'NUTRSCI' }, courses: [{ level: 1, title: 'Human Nutrition', credits: 3 }] },
  { subjects: { three: 'EGN', four: 'ENGR', long: 'MECHENG' }, courses: [
    { level: 1, title: 'Introduction to Engineering', credits: 2 }, { level: 2, title: 'Statics', credits: 3 },
    { level: 2, title: 'Engineering Graphics', credits: 2 },
  ] },
  { subjects: { three: 'AFA', four: 'AFAM', long: 'AFROAMER' }, courses: [{ level: 1, title: 'Introduction to African American Studies', credits: 3 }] },
  { subjects: { three: 'EVR', four: 'ENVS', long: 'EARTHSYS' }, courses: [{ level: 1, title: 'Environmental Science', credits: 3 }] },
  { subjects: { three: 'SLS', four: 'FYEX', long: 'FRSHSEM' }, courses: [{ level: 1, title: 'First-Year Seminar', credits: 1 }] },
];

export interface CourseChoice {
  discipline: Discipline;
  course: Discipline['courses'][number];
}

export function pickCourse(rng: Rng, maxLevel = 4): CourseChoice {
  for (;;) {
    const discipline = rng.pick(DISCIPLINES);
    const course = rng.pick(discipline.courses);
    if (course.level <= maxLevel) return { discipline, course };
  }
}

/** Exams that give credit without a course code of their own (these rows are not course rows in the truth). */
export const TEST_EXAMS = [
  'AP Calculus BC', 'AP English Language', 'AP Biology', 'AP US History', 'AP Psychology', 'IB Mathematics HL', 'CLEP College Algebra',
  'AP Chemistry', 'AP Spanish Language',
];
