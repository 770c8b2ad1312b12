import { describe, expect, it } from 'vitest';
import { ruleIdentityCourseKey } from '../catalogue';
import { createRulesCsvImporter, parseRulesCsv, stableHash, StableHasher } from './engine/csv-import-format';
import { detectCsvKind } from './import/import-catalogue.command';
import { describeCredits, describeRuleChanges, readCreditRange, storedRuleContentHash, storedRuleFingerprint, storedRuleIdentity } from './rule-identity';

const header = 'source_university,source_code,source_name,target_university,target_code,target_name,credits,notes';

describe('stored rule identity', () => {
  it('is the same whatever the file calls the schools, once they resolve to the same ids', () => {
    const a = parseRulesCsv(`${header}\nMadison Area Tech,ECO 101,Macro,UW-Madison,ECON 102,Macro,3,\n`).rules[0]!;
    const b = parseRulesCsv(`${header}\nMadison Area Technical College,eco-101,Macro,University of Wisconsin-Madison,ECON102,Macro,3,\n`).rules[0]!;
    expect(a.fingerprint).not.toBe(b.fingerprint);
    expect(storedRuleFingerprint(1, 2, a)).toBe(storedRuleFingerprint(1, 2, b));
    expect(storedRuleFingerprint(1, 2, a)).not.toBe(storedRuleFingerprint(2, 1, a));
  });

  it('the content hash changes with what the rule says, not with how the schools are spelled', () => {
    const parse = (row: string) => parseRulesCsv(`${header}\n${row}\n`).rules[0]!;
    const base = parse('A,ECO 101,Macro,B,ECON 102,Macro,3,');
    const fingerprint = storedRuleFingerprint(1, 2, base);
    const hash = storedRuleContentHash(fingerprint, base);
    expect(storedRuleContentHash(fingerprint, parse('Other name,ECO 101,Macro,B,ECON 102,Macro,3,'))).toBe(hash);
    expect(storedRuleContentHash(fingerprint, parse('A,ECO 101,Macro,B,ECON 102,Macro,4,'))).not.toBe(hash);
    expect(storedRuleContentHash(fingerprint, parse('A,ECO 101,Macro,B,ECON 102,Macro,3,gen ed SS'))).not.toBe(hash);
    expect(storedRuleContentHash(fingerprint, parse('A,ECO 101,Macro,B,ECON 102,Macroeconomics,3,'))).not.toBe(hash);
    expect(storedRuleContentHash(fingerprint, parse('A,ECO 101,Macro,B,ECON 102,Macro,1-3,'))).not.toBe(hash);
  });

  it('storedRuleIdentity gives exactly the stored values of earlier versions, for one-course and grouped rules', () => {
    // Stored rules are compared against these: a changed formula would make every re-import an update.
    const csv = [
      'source_university,source_code,source_name,source_credits,target_university,target_code,target_name,credits,min_grade,effective_from,effective_to,group,notes',
      'A,ECO 101,Macro "Intro",,B,ECON 102,Macro,3,,,,,gen ed SS',
      'A,BSC 2010,Bio,4,B,BIO 1,Biology,4,C,Fall 2020,Spring 2024,g1,lab',
      'A,BSC 2010L,Bio Lab,1,B,BIO 1,Biology,4,C,Fall 2020,Spring 2024,g1,',
      'A,MATH 221,Calc,5,B,MATH 2,Calc,3,,,,g2,',
      'A,MATH 221,Calc,5,B,ELEC EL,Elective,1.00-2.00,,,,g2,',
      'A,PE 1,Bowling,,B,NDC,No credit,1,,,,,',
    ].join('\n');
    const identities = Object.fromEntries(parseRulesCsv(csv).rules.map((rule) => [rule.lines.join('+'), storedRuleIdentity(12, 345, rule)]));
    expect(identities).toEqual({
      '2': { fingerprint: '0f2eb1295863fb', contentHash: '09ac719b041060' },
      '3+4': { fingerprint: '0ae55d2e95dd5b', contentHash: '03f22df6b0d724' },
      '5+6': { fingerprint: '05ce353403c179', contentHash: '1e5a6c8f92be45' },
      '7': { fingerprint: '1ffd969d080929', contentHash: '14225fda2389c3' },
    });
    for (const rule of parseRulesCsv(csv).rules) {
      const fingerprint = storedRuleFingerprint(12, 345, rule);
      expect(storedRuleIdentity(12, 345, rule)).toEqual({ fingerprint, contentHash: storedRuleContentHash(fingerprint, rule) });
    }
  });

  it('hashes the content exactly as the JSON text it stands for, whatever the titles and notes hold', () => {
    const awkward = ['Macro "Intro"', 'C:\\temp\\', 'tab\there', 'two\nlines', '\u0001\u001f', 'Économie ☕', '😀 pair', 'lone \ud800 half', '\u2028', '', null];
    // What the hash stood for before it was fed piece by piece: the JSON text of the rule, written out.
    const writtenOut = (fingerprint: string, rule: ReturnType<typeof parseRulesCsv>['rules'][number]) =>
      stableHash(
        JSON.stringify([
          fingerprint,
          rule.sources.map((course) => [ruleIdentityCourseKey(course), course.subject, course.number, course.title, course.credits]),
          rule.targets.map((course) => [
            ruleIdentityCourseKey(course), course.subject, course.number, course.title, course.credits,
            course.creditRange ? `${course.creditRange.min}-${course.creditRange.max}` : null, course.isElective,
          ]),
          rule.transfers, rule.minGrade, rule.effectiveFrom, rule.effectiveTo, rule.notes,
        ]),
      );
    const [base] = parseRulesCsv(`${header}\nA,ECO 101,Macro,B,ECON 102,Macro,1.5-3,\n`).rules;
    for (const text of awkward) {
      const rule = { ...base!, sources: [{ ...base!.sources[0]!, title: text }], targets: [{ ...base!.targets[0]!, title: text, credits: 2.5 }], notes: text, minGrade: text };
      expect(storedRuleContentHash('0f2eb1295863fb', rule)).toBe(writtenOut('0f2eb1295863fb', rule));
    }
    expect(new StableHasher().text('ab').json('c"d').json(null).json(4.25).json(true).digest()).toBe(stableHash('ab"c\\"d"null4.25true'));
  });

  it('keeps credit ranges readable and describes credits for a preview', () => {
    expect(readCreditRange('1-3')).toEqual({ min: 1, max: 3 });
    expect(readCreditRange('3')).toBeNull();
    expect(readCreditRange(null)).toBeNull();
    const [range, ndc] = parseRulesCsv(`${header}\nA,X 1,x,B,X EL,x,1.00-3.00,\nA,X 2,x,B,NDC,x,2,\n`).rules;
    expect(describeCredits(range!)).toBe('1-3');
    expect(describeCredits(ndc!)).toBe('0');
  });

  it('tells a rules CSV from a catalogue CSV by its header', () => {
    expect(detectCsvKind(header)).toBe('rules');
    expect(detectCsvKind('\ufeffinstitution,subject,number,title,credits,description')).toBe('catalog');
    expect(detectCsvKind('name,email')).toBeNull();
    expect(detectCsvKind('cc_course,cc_course_title,receiving_course,to_institution,receiving_units')).toBe('rules');
    expect(detectCsvKind('InstitutionCodeType|SendInstitutionCode|SendCourseCode1|ReceiveCourseCode1')).toBe('rules');
  });
});

describe('createRulesCsvImporter().drain()', () => {
  it('hands over ungrouped rules as they are read and keeps grouped ones for end(), with the same result as one pass', () => {
    const csv = [
      'source_code,source_name,target_university,target_code,target_name,credits,group',
      'BSC 2010,Bio,U,BIO 1,Bio,4,g1',
      'ECO 1,Macro,U,ECON 1,Macro,3,',
      'BSC 2010L,Bio Lab,U,BIO 1,Bio,4,g1',
      'ECO 2,Micro,U,ECON 2,Micro,3,',
    ].join('\n');
    const importer = createRulesCsvImporter();
    importer.push(csv.slice(0, 80));
    const first = importer.drain();
    importer.push(csv.slice(80));
    const second = importer.drain();
    const end = importer.end();
    const streamed = [...first.rules, ...second.rules, ...end.rules];
    expect(streamed.map((rule) => rule.lines)).toEqual(expect.arrayContaining([[2, 4], [3], [5]]));
    // The group waits for the end of the file (its rows may be anywhere); so does the last row, which has no line break.
    expect([...first.rules, ...second.rules].every((rule) => rule.group === null)).toBe(true);
    expect(end.rules.find((rule) => rule.group === 'g1')?.sources).toHaveLength(2);
    expect(streamed.map((rule) => rule.fingerprint).sort()).toEqual(parseRulesCsv(csv).rules.map((rule) => rule.fingerprint).sort());
  });
});

describe('describeRuleChanges', () => {
  it('names each field a file changes, credit ranges and elective credit included, and nothing for the same rule', () => {
    const [draft] = parseRulesCsv(`${header}\nCollege,ART 100,Drawing,University,ART EL,Art elective,1.00-3.00,a very long note that goes on and on and on and on and on and on and on\n`).rules;
    const stored = {
      transfers: true,
      creditsAwarded: 3,
      minGrade: null,
      effectiveFrom: null,
      effectiveTo: null,
      notes: null,
      creditUnit: null,
      statedClass: null,
      approvedBy: null,
      approvedOn: null,
      sources: [{ subject: 'ART', number: '100', title: 'Drawing', credits: null }],
      targets: [{ subject: 'ART', number: 'EL', title: 'Art elective', credits: 3, creditsText: null, isElective: false }],
    };
    expect(describeRuleChanges(stored, draft!)).toEqual([
      'credits 3 → none',
      'notes none → "a very long note that goes on and on and on and on and on…"',
      "ART EL's credits 3 → \"1-3\"",
      'ART EL as elective credit no → yes',
    ]);
    const same = { ...stored, creditsAwarded: null, notes: draft!.notes, targets: [{ ...stored.targets[0]!, credits: null, creditsText: '1-3', isElective: true }] };
    expect(describeRuleChanges(same, draft!)).toEqual([]);
  });
});
