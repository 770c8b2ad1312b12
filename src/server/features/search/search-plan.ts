/**
 * One search, as the ranker takes it: what the text says (search-text.ts), the structured filters (Manual Entry, an
 * older saved search) and the chips the student removed (`without`), merged in one place, with the chips that show
 * what the server understood. A filter written out wins over what the text says; `without` wins over both.
 */
import type { SearchChip, SearchChipField, SearchedSchool } from '../../../shared/schemas/course';
import type { CourseSearchQuery } from '../../../shared/schemas/search';
import {
  COURSE_LEVEL_OPTIONS,
  DELIVERY_FORMAT_OPTIONS,
  SEARCH_SUBJECT_OPTIONS,
  SUBJECT_KEYWORDS,
  optionLabel,
  resolveSubject,
  type SearchSubject,
} from '../../../shared/search/search-options';
import { termLabel } from '../../../shared/terms';
import type { Queryable } from '../../db/client';
import { codeKey } from '../catalogue';
import { findInstitution, findInstitutionIdsByAlias, normalizeSchoolName } from '../institutions';
import type { RankedSearch, SearchIndex } from './search-index';
import { askedFor, readSearchText, type SchoolMention } from './search-text';
import { canonicalWords, tokensOf } from './search-words';

export interface PlannedSearch {
  spec: Omit<RankedSearch, 'limit' | 'offset'>;
  /** The schools for the answer: the school on file, or the name as written (with its choices) when none decides. */
  home: SearchedSchool | null;
  target: SearchedSchool | null;
  /** A school named that no school on file has, or that several share: nothing can be said until it is known. */
  unknownSchool: boolean;
  chips: SearchChip[];
  /** The course words used, as typed. */
  words: string;
  unusedWords: string[];
}

const toCodeKey = (text: string) => codeKey(text);

/** 'ECON 201' where economics is ECO: the subject's other code spellings with the same number, as code-key prefixes. */
export function codeKeyAlternatives(code: string): string[] {
  const match = /^([a-z]{2,10})[\s\-:]*(\d[a-z0-9.]*)$/i.exec(code.trim());
  if (!match) return [];
  const [, letters = '', number = ''] = match;
  const subject = resolveSubject(letters) ?? SEARCH_SUBJECT_OPTIONS.find((option) => SUBJECT_KEYWORDS[option.value].includes(letters.toLowerCase()))?.value;
  if (!subject) return [];
  const own = letters.toLowerCase();
  return SUBJECT_KEYWORDS[subject].filter((keyword) => keyword.length <= 4 && keyword !== own).map((keyword) => toCodeKey(`${keyword}${number}`));
}

/** 'ECO2013', 'eco 2013', 'MAC 2311C': letters then a number. */
const CODE_LIKE = /^[a-z]{2,10}[\s\-:]*\d{1,5}[a-z0-9.]{0,6}$/i;

/** Manual Entry's subject: the subject's code keywords as prefixes ('eco' finds ECO and ECON), or its name in a title. */
function subjectCondition(subject: SearchSubject): NonNullable<RankedSearch['subject']> {
  const label = (optionLabel(SEARCH_SUBJECT_OPTIONS, subject) ?? subject).toLowerCase();
  const longKeywords = SUBJECT_KEYWORDS[subject].filter((keyword) => keyword.length >= 6);
  return { codePrefixes: [...SUBJECT_KEYWORDS[subject]], titleWords: [...new Set(canonicalWords(tokensOf([label, ...longKeywords].join(' '))))] };
}

/** A school a filter names: by key (a picked choice, Manual Entry), looked up once per catalogue version. */
async function schoolOfKey(db: Queryable, index: SearchIndex, key: string): Promise<SchoolMention | null> {
  const found = await index.remember(`school|${key}`, () => findInstitution(db, key));
  return found ? { asWritten: key, school: { id: found.id, key: found.key, name: found.name, state: found.state } } : null;
}

/** A school a filter names as written ('Delgado', 'UNO'): institutions' decision, from the names held in memory. */
function schoolOfName(index: SearchIndex, asWritten: string, states: ReadonlyArray<string | null | undefined>): SchoolMention {
  const named = index.schools.named(asWritten, states);
  return { asWritten, school: named?.school ?? null, ...(named && named.choices.length > 0 ? { choices: named.choices } : {}) };
}

/** A shared name decided by a state the search gives (its own, the other school's), as institutions decides it. */
function withStates(index: SearchIndex, mention: SchoolMention | null, states: ReadonlyArray<string | null | undefined>): SchoolMention | null {
  if (!mention || mention.school || !mention.choices?.length) return mention;
  return schoolOfName(index, mention.asWritten, states);
}

function searchedSchool(mention: SchoolMention, byKey: boolean): SearchedSchool {
  if (mention.school) return { key: mention.school.key, name: mention.school.name, asWritten: byKey ? null : mention.asWritten, state: mention.school.state };
  return { key: null, name: mention.asWritten, asWritten: mention.asWritten, ...(mention.choices?.length ? { choices: mention.choices } : {}) };
}

/** Codes written with a school ('U DEL: ECON101'), each at that school (or none on file: no course). */
async function prefixedCodes(db: Queryable, index: SearchIndex, codes: string[]) {
  if (codes.length === 0) return null;
  const parsed = codes.map((code) => {
    const colon = code.lastIndexOf(':');
    return { prefix: colon >= 0 ? normalizeSchoolName(code.slice(0, colon)) : null, codeKey: toCodeKey(colon >= 0 ? code.slice(colon + 1) : code) };
  });
  const prefixes = parsed.flatMap((code) => (code.prefix ? [code.prefix] : []));
  const ids = await index.remember(`codes|${prefixes.join('|')}`, () => findInstitutionIdsByAlias(db, prefixes));
  return parsed.filter((code) => code.codeKey !== '').map((code) => ({ institutionId: code.prefix ? (ids.get(code.prefix) ?? -1) : null, codeKey: code.codeKey }));
}

export async function planSearch(db: Queryable, index: SearchIndex, query: CourseSearchQuery): Promise<PlannedSearch> {
  const without = new Set(query.without ?? []);
  const dropped = (field: SearchChipField, value?: string) => without.has(field) || (value !== undefined && without.has(`${field}:${value}`));
  const read = readSearchText(query.q, index);

  const chips: SearchChip[] = [];
  const chip = (field: SearchChipField, label: string, value?: string) => chips.push({ field, label, without: value === undefined ? field : `${field}:${value}` });

  const name = dropped('name') ? null : (query.extractedName ?? read.name);
  if (name) chip('name', `Name: ${name}`);

  // A key picked from a list first; else the name as written; else the text. A school the student removed from the text
  // (`without`, or `ignoreTextSchools` from an older link) is not read from it.
  const ignored = new Set(query.ignoreTextSchools ?? []);
  const homeByKey = query.homeCollege ? await schoolOfKey(db, index, query.homeCollege) : null;
  const targetByKey = query.targetCollege ? await schoolOfKey(db, index, query.targetCollege) : null;
  const homeByName = !homeByKey && query.transferFromSchool ? schoolOfName(index, query.transferFromSchool, [query.state]) : null;
  const targetByName = !targetByKey && query.transferToSchool ? schoolOfName(index, query.transferToSchool, [query.state]) : null;
  const unknownKey = (key: string | undefined, found: SchoolMention | null, byName: SchoolMention | null) => (key && !found && !byName ? { asWritten: key, school: null } : null);
  let home = dropped('home') ? null : (homeByKey ?? homeByName ?? unknownKey(query.homeCollege, homeByKey, homeByName) ?? (ignored.has('from') ? null : read.home));
  let target = dropped('target') ? null : (targetByKey ?? targetByName ?? unknownKey(query.targetCollege, targetByKey, targetByName) ?? (ignored.has('to') ? null : read.target));
  // A name two schools share ("UNO") is decided by the search's state or the other school's, as institutions decides it
  // (a school the text names still places the sentence, even when the student left it out of the search).
  const textStates = [read.home?.school?.state, read.target?.school?.state];
  home = withStates(index, home, [query.state, target?.school?.state, ...textStates]);
  target = withStates(index, target, [query.state, home?.school?.state, ...textStates]);
  home = withStates(index, home, [query.state, target?.school?.state, ...textStates]);
  if (home) chip('home', `Current school: ${home.school?.name ?? home.asWritten}`);
  if (target) chip('target', `Transfer to: ${target.school?.name ?? target.asWritten}`);

  // Codes: those the text names (each its own chip) and those a filter names ('U DEL: ECON101').
  const textCodes = read.codes.filter((code) => !dropped('code', code.label));
  const schoolCodes = [...textCodes.filter((code) => code.school).map((code) => `${code.school!.asWritten}:${code.codeKey}`), ...(query.courseCodes ?? []).filter((code) => !dropped('code', code))];
  const plainCodes = textCodes.filter((code) => !code.school);
  for (const code of textCodes) chip('code', `Course code: ${code.label}`, code.label);
  for (const code of query.courseCodes ?? []) if (!dropped('code', code)) chip('code', `Course code: ${code}`, code);

  const subject = dropped('subject') ? null : (query.targetSubject ?? null);
  if (subject) chip('subject', `Subject: ${optionLabel(SEARCH_SUBJECT_OPTIONS, subject) ?? subject}`);
  const className = dropped('className') ? undefined : query.className?.trim();
  if (className) chip('className', `Course: ${className}`);
  const format = dropped('format') ? null : (query.deliveryFormat ?? read.format);
  if (format) chip('format', `Format: ${optionLabel(DELIVERY_FORMAT_OPTIONS, format) ?? format}`);
  const term = dropped('term') ? null : (query.term ?? read.term);
  if (term) chip('term', `Term: ${termLabel(term)}`);
  const level = dropped('level') ? null : (query.level ?? read.level);
  if (level) chip('level', `Level: ${optionLabel(COURSE_LEVEL_OPTIONS, level) ?? level}`);

  // Manual Entry's class in words ('calculus') searches by those words; a code or number filters.
  const classIsCode = className !== undefined && CODE_LIKE.test(className);
  const classIsNumber = className !== undefined && /^\d{1,5}[a-z]?$/i.test(className);
  let words = read.words;
  let sequence = read.sequence;
  let typedWords = read.typedWords;
  if (className && !classIsCode && !classIsNumber && read.words.length === 0 && read.codes.length === 0) {
    typedWords = tokensOf(className);
    const classRead = readSearchText(className, index);
    words = classRead.words;
    sequence = classRead.sequence;
  }
  // Words that only name the subject a filter already names ('econ' with Economics): the filter says it.
  if (subject && words.length > 0 && words.every((word) => subjectCondition(subject).titleWords.includes(word) || resolveSubject(word) === subject)) words = [];

  const homeId = home?.school?.id ?? null;
  const targetId = target?.school?.id ?? null;
  return {
    spec: {
      homeId,
      targetId,
      excludeInstitutionId: targetId !== null && targetId !== homeId ? targetId : null,
      institutionControl: query.institutionType ?? null,
      state: query.state ?? null,
      deliveryFormat: format,
      term,
      level,
      subject: subject ? subjectCondition(subject) : null,
      className:
        className && classIsCode
          ? { codeKey: toCodeKey(className), numberPrefix: null, codeKeyAlternatives: codeKeyAlternatives(className) }
          : className && classIsNumber
            ? { codeKey: null, numberPrefix: className.toLowerCase(), codeKeyAlternatives: [] }
            : null,
      courseCodes: await prefixedCodes(db, index, schoolCodes),
      codes: plainCodes.map((code) => ({ label: code.label, codeKey: code.codeKey, alternatives: codeKeyAlternatives(code.label) })),
      words,
      sequence,
      asked: askedFor(words),
    },
    home: home ? searchedSchool(home, home === homeByKey) : null,
    target: target ? searchedSchool(target, target === targetByKey) : null,
    unknownSchool: (home !== null && home.school === null) || (target !== null && target.school === null),
    chips,
    words: typedWords.join(' '),
    unusedWords: read.unusedWords,
  };
}
