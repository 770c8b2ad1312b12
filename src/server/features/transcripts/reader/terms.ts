/**
 * Term names in the forms transcripts print them, normalised to "Season YYYY": "Fall 2022", "2022 Fall Term",
 * "Fall Semester 2022", "Autumn Quarter 2022", "2022-23 Fall", "FA22", "22/FA", "2022FA", "FA 2022",
 * "2022-23 FA", "Term 2022/2023 Semester I", "2022 Fall Semester (08/29/2022-12/16/2022)".
 */
const SEASONS: Record<string, string> = {
  fall: 'Fall',
  autumn: 'Fall',
  spring: 'Spring',
  summer: 'Summer',
  winter: 'Winter',
  fa: 'Fall',
  au: 'Fall',
  sp: 'Spring',
  su: 'Summer',
  sm: 'Summer',
  ss: 'Summer',
  wi: 'Winter',
  wn: 'Winter',
};

export interface TermMatch {
  term: string;
  index: number;
  length: number;
}

const SEASON = '(fall|autumn|spring|summer|winter)';
const KIND = '(?:\\s+(?:semester|quarter|term|session|sem|qtr))?';
const PART = '(?:\\s+(?:i{1,3}|[123ab]|full|first|second))?';

const yearOf = (y: string): number => (y.length === 2 ? 2000 + Number(y) : Number(y));

const PATTERNS: { re: RegExp; make: (m: RegExpExecArray) => string }[] = [
  // Term 2022/2023 Semester I (first semester of an academic year = autumn)
  {
    re: /\b(\d{4})\s*[/-]\s*(\d{2,4})\s+semester\s+(i{1,2}|1|2)\b/i,
    make: (m) => (/^(i|1)$/i.test(m[3]!) ? `Fall ${m[1]}` : `Spring ${yearOf(m[2]!.length === 2 ? m[1]!.slice(0, 2) + m[2]! : m[2]!)}`),
  },
  // 2022-2023 Spring  /  2022-23 Fall Semester
  {
    re: new RegExp(`\\b(\\d{4})\\s*[-–/]\\s*(\\d{2,4})\\s+${SEASON}\\b${KIND}${PART}`, 'i'),
    make: (m) => {
      const season = SEASONS[m[3]!.toLowerCase()]!;
      const y1 = Number(m[1]);
      return `${season} ${season === 'Fall' ? y1 : y1 + 1}`;
    },
  },
  // 2022-23 FA, 2022/2023 SP (an academic year and a season's code: autumn in its first year, the rest in its second)
  {
    re: /\b(\d{4})\s*[-–/]\s*(\d{2}|\d{4})\s+(FA|SP|SU|SM|WI|AU)\b/,
    make: (m) => {
      const season = SEASONS[m[3]!.toLowerCase()]!;
      const y1 = Number(m[1]);
      return `${season} ${season === 'Fall' ? y1 : y1 + 1}`;
    },
  },
  // Fall 2022, Fall Semester 2022, Spring Quarter 2023, Summer I 2023, Summer Full 2025, Fall, 2022, Fall '22, Fall Term 2022
  {
    re: new RegExp(`\\b${SEASON}${KIND}${PART}${KIND}\\s*,?\\s*(\\d{4}|'\\d{2})\\b`, 'i'),
    make: (m) => `${SEASONS[m[1]!.toLowerCase()]} ${m[2]!.startsWith("'") ? 2000 + Number(m[2]!.slice(1)) : m[2]}`,
  },
  // 2022 Fall, 2022 Fall Term, 2022/Spring, 2022/FALL
  {
    re: new RegExp(`\\b(\\d{4})\\s*[-/]?\\s*${SEASON}\\b`, 'i'),
    make: (m) => `${SEASONS[m[2]!.toLowerCase()]} ${m[1]}`,
  },
  // FA22, SP 2023, FA'22
  {
    re: /\b(FA|SP|SU|SM|SS|WI|WN|AU)\s?'?(\d{2}|\d{4})\b/,
    make: (m) => `${SEASONS[m[1]!.toLowerCase()]} ${yearOf(m[2]!)}`,
  },
  // 2022 FA, 2023 SP, 22/FA, 2022/FA
  {
    re: /\b(\d{4}|\d{2})\s*[/ ]\s*(FA|SP|SU|SM|WI|AU)\b/,
    make: (m) => `${SEASONS[m[2]!.toLowerCase()]} ${yearOf(m[1]!)}`,
  },
  // 22FA, 2022FA
  {
    re: /\b(\d{2}|\d{4})(FA|SP|SU|WI)\b/,
    make: (m) => `${SEASONS[m[2]!.toLowerCase()]} ${yearOf(m[1]!)}`,
  },
];

/** Finds a term name in text and returns it as "Season YYYY". */
export function findTerm(text: string): TermMatch | null {
  let best: TermMatch | null = null;
  for (const p of PATTERNS) {
    const m = p.re.exec(text);
    if (!m) continue;
    const term = p.make(m);
    const year = Number(/\d{4}/.exec(term)?.[0]);
    if (year < 1950 || year > 2100) continue;
    // the earliest match in the text wins ("Fall 2022 … Spring 2023" is Fall 2022)
    if (!best || m.index < best.index) best = { term, index: m.index, length: m[0].length };
  }
  return best;
}
