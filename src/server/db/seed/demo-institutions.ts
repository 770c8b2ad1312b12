/**
 * Every school the spec names or offers as a search or transcript-destination option, with real names.
 * Keys match src/shared/search/search-options.ts. `aliases` are other names the school goes by in data files.
 */
export interface InstitutionSeed {
  key: string;
  name: string;
  state: string;
  control: 'public' | 'private';
  kind: 'university' | 'college' | 'community-college' | 'technical-college';
  calendar: 'semester' | 'quarter';
  floridaStatewideNumbering: boolean;
  website: string;
  aliases: string[];
}

const florida = (key: string, name: string, kind: InstitutionSeed['kind'], website: string, aliases: string[] = []): InstitutionSeed => ({
  key,
  name,
  state: 'FL',
  control: 'public',
  kind,
  calendar: 'semester',
  floridaStatewideNumbering: true,
  website,
  aliases,
});

export const DEMO_INSTITUTIONS: InstitutionSeed[] = [
  florida('florida', 'University of Florida', 'university', 'https://www.ufl.edu', ['UF', 'U of F', 'Florida']),
  florida('fsu', 'Florida State University', 'university', 'https://www.fsu.edu', ['FSU', 'Florida State']),
  florida('ucf', 'University of Central Florida', 'university', 'https://www.ucf.edu', ['UCF', 'Central Florida']),
  florida('fiu', 'Florida International University', 'university', 'https://www.fiu.edu', ['FIU']),
  florida('usf', 'University of South Florida', 'university', 'https://www.usf.edu', ['USF', 'South Florida']),
  florida('valencia', 'Valencia College', 'college', 'https://valenciacollege.edu', ['Valencia', 'VC', 'Valencia Community College']),
  florida('mdc', 'Miami Dade College', 'college', 'https://www.mdc.edu', ['MDC', 'Miami-Dade College', 'Miami Dade']),
  florida('hcc', 'Hillsborough Community College', 'community-college', 'https://www.hccfl.edu', ['HCC', 'Hillsborough CC']),
  {
    key: 'miami',
    name: 'University of Miami',
    state: 'FL',
    control: 'private',
    kind: 'university',
    calendar: 'semester',
    floridaStatewideNumbering: false, // private, not part of the statewide system
    website: 'https://welcome.miami.edu',
    aliases: ['UM', 'U of Miami', 'Miami University of Florida'],
  },
  {
    key: 'miami-ohio',
    name: 'Miami University',
    state: 'OH',
    control: 'public',
    kind: 'university',
    calendar: 'semester',
    floridaStatewideNumbering: false,
    website: 'https://miamioh.edu',
    aliases: ['Miami University (Ohio)', 'Miami of Ohio', 'Miami University Ohio'],
  },
  {
    key: 'delaware',
    name: 'University of Delaware',
    state: 'DE',
    control: 'public',
    kind: 'university',
    calendar: 'semester',
    floridaStatewideNumbering: false,
    website: 'https://www.udel.edu',
    aliases: ['UD', 'U DEL', 'UDel', 'Delaware'],
  },
  {
    key: 'penn-state',
    name: 'Pennsylvania State University',
    state: 'PA',
    control: 'public',
    kind: 'university',
    calendar: 'semester',
    floridaStatewideNumbering: false,
    website: 'https://www.psu.edu',
    aliases: ['Penn State', 'PSU', 'Penn State University', 'The Pennsylvania State University'],
  },
  {
    key: 'ohio-state',
    name: 'The Ohio State University',
    state: 'OH',
    control: 'public',
    kind: 'university',
    calendar: 'semester',
    floridaStatewideNumbering: false,
    website: 'https://www.osu.edu',
    aliases: ['Ohio State', 'OSU', 'Ohio State University'],
  },
  {
    key: 'william-mary',
    name: 'William & Mary',
    state: 'VA',
    control: 'public',
    kind: 'university',
    calendar: 'semester',
    floridaStatewideNumbering: false,
    website: 'https://www.wm.edu',
    aliases: ['College of William & Mary', 'William and Mary', 'W&M'],
  },
  {
    key: 'uw-madison',
    name: 'University of Wisconsin-Madison',
    state: 'WI',
    control: 'public',
    kind: 'university',
    calendar: 'semester',
    floridaStatewideNumbering: false,
    website: 'https://www.wisc.edu',
    aliases: ['UW-Madison', 'UW Madison', 'University of Wisconsin–Madison', 'Wisconsin'],
  },
];
