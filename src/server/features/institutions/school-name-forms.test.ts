import { describe, expect, it } from 'vitest';
import { normalizeSchoolName } from '../../../shared/institutions/school-names';
import { displayNameOf, domainsToTry, expandAbbreviations, nameFormsOf, shortFormsOf, splitReportedAliases, webDomainOf } from './school-name-forms';

const normalizedShortForms = (name: string) => shortFormsOf(name).map(normalizeSchoolName);

describe('splitReportedAliases', () => {
  it('splits on pipes, semicolons, slashes and runs of spaces', () => {
    expect(splitReportedAliases('Louisiana State University|LSU', { name: 'Louisiana State University and Agricultural & Mechanical College' })).toEqual(['Louisiana State University', 'LSU']);
    expect(splitReportedAliases('Kapiolani CC / KCC', { name: 'Kapiolani Community College' })).toEqual(['Kapiolani CC', 'KCC']);
    expect(splitReportedAliases('UCSD  UC San Diego', { name: 'University of California-San Diego' })).toEqual(['UCSD', 'UC San Diego']);
    expect(splitReportedAliases('ULM; University of Louisiana-Monroe', { name: 'University of Louisiana at Monroe' })).toEqual(['ULM', 'University of Louisiana-Monroe']);
  });

  it('splits on commas only when nothing else separates the names, and never at a city or a company suffix', () => {
    expect(splitReportedAliases('LA Tech, Louisiana Tech, Tech', { name: 'Louisiana Tech University' })).toEqual(['LA Tech', 'Louisiana Tech', 'Tech']);
    expect(splitReportedAliases('UCSF  University of California, San Francisco', { name: 'University of California-San Francisco' })).toEqual(['UCSF']);
    expect(splitReportedAliases('Marian University, Indianapolis', { name: 'Marian University', city: 'Indianapolis' })).toEqual(['Marian University, Indianapolis']);
    expect(splitReportedAliases('Acme Institute, Inc.', { name: 'Acme' })).toEqual(['Acme Institute, Inc.']);
  });

  it('drops the school’s own name, repeats and "doing business as"', () => {
    expect(splitReportedAliases('Fletcher Technical Community College', { name: 'Fletcher Technical Community College' })).toEqual([]);
    expect(splitReportedAliases('WCC  DBA- Williamson College', { name: 'Williamson Christian College' })).toEqual(['WCC', 'Williamson College']);
    expect(splitReportedAliases('FAMU|Florida A&M University|Florida A&M University ', { name: 'Florida Agricultural and Mechanical University' })).toEqual(['FAMU', 'Florida A&M University']);
  });
});

describe('short forms by rule', () => {
  it('UW-X ↔ University of Wisconsin-X, and the other systems students shorten', () => {
    expect(normalizedShortForms('University of Wisconsin-Madison')).toContain(normalizeSchoolName('UW-Madison'));
    expect(normalizedShortForms('UW-Oshkosh')).toContain(normalizeSchoolName('University of Wisconsin-Oshkosh'));
    expect(normalizedShortForms('Louisiana State University-Alexandria')).toContain(normalizeSchoolName('LSU Alexandria'));
    expect(normalizedShortForms('The University of Texas at Austin')).toContain(normalizeSchoolName('UT Austin'));
    expect(normalizedShortForms('California State University-Long Beach')).toEqual(expect.arrayContaining(['csulongbeach', 'calstatelongbeach']));
    // "Louisiana State University and Agricultural & Mechanical College" is not a campus "and …".
    expect(normalizedShortForms('Louisiana State University and Agricultural & Mechanical College')).not.toContain('lsuandagriculturalandmechanicalcollege');
  });

  it('X CC ↔ X Community College, X State ↔ X State University, Saint ↔ St.', () => {
    expect(normalizedShortForms('Kapiolani Community College')).toContain('kapiolanicc');
    expect(normalizedShortForms('Kapiolani CC')).toContain('kapiolanicommunitycollege');
    expect(normalizedShortForms('Florida State University')).toContain('floridastate');
    expect(normalizedShortForms('Kent State University at Kent')).toContain('kentstate');
    expect(normalizedShortForms('Ball State')).toContain('ballstateuniversity');
    expect(normalizedShortForms('Saint Johns River State College')).toContain('stjohnsriverstatecollege');
    expect(normalizedShortForms('St. Petersburg College')).toContain('saintpetersburgcollege');
  });

  it('A & M ↔ Agricultural and Mechanical, A & T ↔ Agricultural and Technical; & and "and" are one form already', () => {
    expect(normalizedShortForms('North Carolina A & T State University')).toContain(normalizeSchoolName('North Carolina Agricultural and Technical State University'));
    expect(normalizedShortForms('Florida Agricultural and Mechanical University')).toContain(normalizeSchoolName('Florida A&M University'));
    expect(normalizeSchoolName('Texas A & M University')).toBe(normalizeSchoolName('Texas A&M University'));
  });

  it('the name without its kind words ("Delgado", "De Anza"), "-Main Campus" and a leading "The"', () => {
    expect(normalizedShortForms('Delgado Community College')).toContain('delgado');
    expect(normalizedShortForms('De Anza College')).toContain('deanza');
    expect(normalizedShortForms('The Ohio State University')).toContain('ohiostateuniversity');
    expect(displayNameOf('Georgia Institute of Technology-Main Campus')).toBe('Georgia Institute of Technology');
    expect(normalizedShortForms('Colorado State University-Global Campus')).toContain('coloradostateuniversityglobal');
    // Never a bare kind word.
    expect(normalizedShortForms('State University')).not.toContain('state');
  });
});

describe('nameFormsOf', () => {
  it('keeps one form per spelling, the strongest kind winning, and never derives a kindless form from an alias', () => {
    const forms = nameFormsOf({ name: 'Madison Area Technical College', key: 'madison-area-technical-college', aliases: ['Madison College'] });
    const byForm = new Map(forms.map((form) => [form.normalized, form.source]));
    expect(byForm.get('madisonareatechnicalcollege')).toBe('name');
    expect(byForm.get('madisonarea')).toBe('short');
    expect(byForm.get('madisoncollege')).toBe('alias');
    expect(byForm.has('madison')).toBe(false);
  });
});

describe('abbreviations and web addresses', () => {
  it('writes out the abbreviations data files use', () => {
    expect(expandAbbreviations('Madison Area Tech. College')).toBe('Madison Area Technical College');
    expect(expandAbbreviations('Wis. Indianhead Tech. College')).toBe('Wisconsin Indianhead Technical College');
  });

  it('reads a web address as its host without www, and the domains it may belong to', () => {
    expect(webDomainOf('https://www.lsu.edu/registrar')).toBe('lsu.edu');
    expect(webDomainOf('www.kapiolani.hawaii.edu/')).toBe('kapiolani.hawaii.edu');
    expect(webDomainOf('www.southuniversity.edu/montgomery#location=Montgomery, AL')).toBe('southuniversity.edu');
    expect(webDomainOf('not a web address')).toBeNull();
    expect(domainsToTry('selfservice.bluestem.edu')).toEqual(['selfservice.bluestem.edu', 'bluestem.edu']);
  });
});
