/**
 * Who issued this document, as the page says it: the school's name in the header (often in larger type), in logo text
 * split over two lines ("CEDAR RIDGE" over "COMMUNITY COLLEGE"), in the title ("University of X Unofficial
 * Transcript"), in the registrar's address or in the page furniture (a footer), and the web addresses printed there.
 * Never the issuer: a school named only inside a transfer-credit or test-credit block, a line that names a school the
 * credit came "from", a college inside a university ("College of Engineering"), a system ("University of Wisconsin
 * System", "Board of Regents") or a summary ("Summary of College Credits").
 *
 * Every candidate is returned, best first: which one is a school, and which school, is decided against the national
 * directory by the transcripts feature (issuing-school.ts), where a residential college ("Earl Warren College") that is
 * no school of its own gives way to the university printed beside it.
 */
import { sectionOfHeading } from './sections';
import type { Line } from './types';

const KIND = '(?:Community\\s+College|Junior\\s+College|State\\s+University|State\\s+College|Technical\\s+College|Technical\\s+Institute|Institute\\s+of\\s+Technology|Polytechnic\\s+Institute|University|College|Institute|Polytechnic|Academy|Seminary|Conservatory)';
const NAME_WORD = "[A-Z][A-Za-z'’.&-]*";
const CONNECTOR = '(?:of|at|the|and|de|del|la|&)';
/** "Cedar Ridge Community College", "College of the Redwoods", "University of Cedar Ridge at Foxglove". */
const NAME = new RegExp(
  `(?:\\b(?:The\\s+)?(?:${NAME_WORD}\\s+){0,5}${KIND}(?:\\s+(?:of|at)\\s+(?:the\\s+)?${NAME_WORD}(?:\\s+(?:${NAME_WORD}|${CONNECTOR})){0,4})?)`,
  'g',
);
const KIND_ONLY = new RegExp(`^${KIND}$`, 'i');
const KIND_WORD = /\b(university|college|institute|polytechnic|academy|seminary|conservatory)\b/i;
const NOT_SCHOOL = /\btransfer|\bfrom\b|\battended\b|\bprior\b|\bhigh\s+school\b|\bprogram\b|\bdegree\b|\bbachelor|\bassociate\b|\bmajor\b|\bname\s*:|\bcredits?\b|\bsummary\b|\bawarded\b|\bhours\b|\bgpa\b|\bcourses?\b|\bterm\b|\bsemester\b|\bminor\b|\bcatalog\b/i;
/** A college inside a university: "College of Engineering", "College: College of Science". */
const DIVISION = /^(?:the\s+)?(?:college|school|institute)\s+of\s+(?:arts|sciences?|engineering|business|education|nursing|liberal|letters|law|medicine|health|humanities|music|fine|public|social|agriculture|architecture|computing|design|natural|applied|communication|journalism|pharmacy|professional|continuing|graduate|undergraduate)/i;
const WEB = /\b(?:https?:\/\/)?((?:[a-z0-9-]+\.)*([a-z0-9-]+\.edu))\b/i;
/** A system or a board, not a school that issues transcripts. */
const SYSTEM = /\bsystem\b|\bboard\s+of\s+(regents|trustees|governors)\b|\bchancellor'?s\s+office\b/i;

export interface InstitutionCandidate {
  name: string;
  score: number;
  /** Where on the page: the header above the first course row (the title included), or the page furniture below. */
  where: 'header' | 'furniture';
  /** The name with the words printed after it, when it runs on ("Columbia College Chicago" for "Columbia College"). */
  printedAs?: string;
}

export interface InstitutionFinding {
  /** The best candidate as printed (kept for the reading's `institution`). */
  name: string | null;
  webAddress: string | null;
  /** Every candidate, best first (at most 8). */
  candidates: InstitutionCandidate[];
  /** Every web address printed (.edu), first seen first. */
  webAddresses: string[];
  /**
   * The lines printed with a candidate's name (its line and the three after it: the school's address, "Baton Rouge,
   * LA 70803"), which tell schools that share a name apart by their city or state.
   */
  besideNames: string[];
  /** The first lines of the first page as printed: a name the reader's patterns miss may still be a school's own name. */
  topLines: string[];
}

const titleCase = (s: string): string =>
  s === s.toUpperCase()
    ? s
        .toLowerCase()
        .replace(/\b([a-z])/g, (m) => m.toUpperCase())
        .replace(/\b(Of|At|The|And|In|De|Del|La)\b/g, (m) => m.toLowerCase())
        .replace(/^./, (m) => m.toUpperCase())
    : s;

const clean = (s: string): string =>
  s
    .replace(/\b(unofficial|official)?\s*(academic\s+)?(transcript|record)\b.*$/i, '')
    .replace(/(office\s+of\s+the\s+registrar|registrar'?s?\s+office)\s*[,:-]?\s*/gi, ' ')
    // a page number printed after the name in the furniture: "University of Waterloo Page 1 of 2"
    .replace(/\s+page\s+\d+(\s+of\s+\d+)?\b.*$/i, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The school names in a line, each with the words printed after it in its part of the line ("Columbia College Chicago"). */
function namesIn(text: string): Array<{ name: string; printedAs: string | null }> {
  const out: Array<{ name: string; printedAs: string | null }> = [];
  for (const segment of text.split(/\s[·•|–—-]\s|\s{3,}|:\s/)) {
    if (!KIND_WORD.test(segment) || NOT_SCHOOL.test(segment) || SYSTEM.test(segment)) continue;
    const proper = titleCase(clean(segment));
    for (const m of proper.matchAll(NAME)) {
      let name = m[0].trim();
      // a campus of a state system: "University of California, Santa Cruz", "University of Wisconsin–Madison"
      const campus = /^University of [A-Z][a-z]+$/.test(name) ? /^\s*(?:,|–|-)\s*([A-Z][a-z]+(?:\s[A-Z][a-z]+)?)\b/.exec(proper.slice(m.index! + m[0].length)) : null;
      if (campus) name = `${name}, ${campus[1]}`;
      if (name.split(/\s+/).length < 2 || KIND_ONLY.test(name) || DIVISION.test(name)) continue;
      // The name runs on after its kind word ("Columbia College Chicago", "Radford University-Carilion"): the directory
      // may know the longer form; the name as matched stays the reading's.
      const after = proper.slice(m.index! + m[0].length).match(/^(?:[-–,]?\s?(?:(?:and|of|at|the|in|for)\s)?[A-Z][\w'’.&-]*){1,6}/)?.[0] ?? '';
      out.push({ name, printedAs: after && !campus ? `${name}${after}`.trim() : null });
    }
  }
  return out;
}

interface Candidate extends InstitutionCandidate {
  order: number;
}

/**
 * The issuing school from the lines of a transcript. `firstRowIndex` is the index of the first course row or table
 * header: lines above it on the first page are the header, where the school's name usually is.
 */
export function findInstitution(lines: readonly Line[], firstRowIndex: number): InstitutionFinding {
  const heights = lines.map((l) => l.height).filter((h) => h > 0).sort((a, b) => a - b);
  const body = heights[Math.floor(heights.length / 2)] ?? 10;
  const firstPage = lines[0]?.page ?? 1;
  const pageBottom = new Map<number, number>();
  for (const l of lines) pageBottom.set(l.page, Math.max(pageBottom.get(l.page) ?? 0, l.y));
  const candidates: Candidate[] = [];
  const webAddresses: string[] = [];
  // Inside a transfer-credit or test-credit block (from its heading to the next heading that closes it), a school
  // named is where credit came from: never the issuer. A heading that names its school itself ("Transfer Credit from
  // Eastfield College") opens no block: the school is on that line, which is never a candidate ("from").
  let inOtherSchoolsBlock = false;
  lines.forEach((line, i) => {
    const text = line.text.replace(/\s+/g, ' ').trim();
    const section = sectionOfHeading(text);
    if (section) inOtherSchoolsBlock = (section === 'transfer' || section === 'test') && !(/\bfrom\s/i.test(text) && KIND_WORD.test(text));
    for (const web of text.matchAll(new RegExp(WEB.source, 'gi'))) {
      const host = web[1]!.toLowerCase();
      if (!webAddresses.includes(host)) webAddresses.push(host);
    }
    if (inOtherSchoolsBlock) return;
    const inHeader = line.page === firstPage && i < Math.max(firstRowIndex, 0);
    const nearBottom = line.y >= (pageBottom.get(line.page) ?? 0) - 3 * body;
    if (!inHeader && !nearBottom) return;
    // logo text split over two lines: "CEDAR RIDGE" above "COMMUNITY COLLEGE", or "UNIVERSITY OF" above "CEDAR RIDGE"
    const next = lines[i + 1];
    const joinable = next && next.page === line.page && next.y - line.y < 2.2 * Math.max(line.height, next.height) && text.split(' ').length <= 4;
    const nextText = next?.text.replace(/\s+/g, ' ').trim() ?? '';
    const caps = (t: string) => t === t.toUpperCase() && /[A-Z]/.test(t);
    // logo text over two lines: "CEDAR RIDGE" / "COMMUNITY COLLEGE", "RED MESA INSTITUTE" / "OF TECHNOLOGY"
    const logoTop = joinable && caps(text) && caps(nextText) && nextText.split(' ').length <= 5 && KIND_WORD.test(`${text} ${nextText}`);
    const joined = joinable ? `${text} ${nextText}` : null;
    const names = namesIn(text).map((found) => ({ ...found, bonus: 0 }));
    if (joined && (logoTop || KIND_ONLY.test(nextText) || /\bof$/i.test(text)) && !NOT_SCHOOL.test(joined)) names.unshift(...namesIn(joined).map((found) => ({ ...found, bonus: 1 })));
    for (const { name, printedAs, bonus } of names) {
      let score = bonus;
      if (inHeader) score += 3;
      if (line.height >= 1.2 * body) score += 2;
      if (text.split(' ').length <= 7) score += 1;
      if (!inHeader && nearBottom) score -= 1;
      if (name.length > 60) score -= 2;
      candidates.push({ name, ...(printedAs ? { printedAs } : {}), score, where: inHeader ? 'header' : 'furniture', order: i });
    }
  });
  candidates.sort((a, b) => b.score - a.score || a.order - b.order);
  const best: InstitutionCandidate[] = [];
  for (const { order: _order, ...candidate } of candidates) {
    if (best.length < 8 && !best.some((kept) => kept.name.toLowerCase() === candidate.name.toLowerCase())) best.push(candidate);
  }
  const besideNames: string[] = [];
  for (const index of new Set(candidates.map((candidate) => candidate.order))) {
    for (const line of lines.slice(index, index + 4)) {
      const text = line.text.replace(/\s+/g, ' ').trim();
      if (besideNames.length < 24 && !besideNames.includes(text)) besideNames.push(text);
    }
  }
  const topLines = lines
    .filter((line) => line.page === firstPage)
    .slice(0, Math.min(8, Math.max(firstRowIndex, 0)))
    .map((line) => line.text.replace(/\s+/g, ' ').trim())
    .filter((text) => text.length <= 120 && !NOT_SCHOOL.test(text));
  return { name: best[0]?.name ?? null, webAddress: webAddresses[0] ?? null, candidates: best, webAddresses, besideNames, topLines };
}
