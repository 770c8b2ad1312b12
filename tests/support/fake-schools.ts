/**
 * GET /api/schools as the server answers it, for component tests: a few schools with the names students use, each
 * matched by the start of any of its names or words (as the real picker does), the one the text names exactly first,
 * and the spec's first choices for `list=`.
 */
import type { SchoolSuggestion } from '../../src/shared/schemas/equivalencies';
import type { RecordedRequest } from './web-render';

interface KnownSchool {
  id: number;
  key: string;
  name: string;
  state: string;
  city: string;
  aliases: string[];
}

export const KNOWN_SCHOOLS: KnownSchool[] = [
  { id: 1, key: 'ucf', name: 'University of Central Florida', state: 'FL', city: 'Orlando', aliases: ['UCF'] },
  { id: 2, key: 'fiu', name: 'Florida International University', state: 'FL', city: 'Miami', aliases: ['FIU'] },
  { id: 3, key: 'fsu', name: 'Florida State University', state: 'FL', city: 'Tallahassee', aliases: ['FSU', 'Florida State'] },
  { id: 4, key: 'lsu', name: 'Louisiana State University and Agricultural & Mechanical College', state: 'LA', city: 'Baton Rouge', aliases: ['LSU'] },
  { id: 5, key: 'uw-madison', name: 'University of Wisconsin-Madison', state: 'WI', city: 'Madison', aliases: ['UW-Madison'] },
  { id: 6, key: 'valencia', name: 'Valencia College', state: 'FL', city: 'Orlando', aliases: ['Valencia'] },
];

const normal = (text: string) => text.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]/g, '');
const words = (text: string) => text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);

const suggestion = (school: KnownSchool, matched: string | null, exact: boolean): SchoolSuggestion => ({
  id: school.id,
  key: school.key,
  name: school.name,
  state: school.state,
  city: school.city,
  exact,
  alsoKnownAs: matched && normal(matched) !== normal(school.name) ? matched : null,
  hasData: true,
});

export function schoolSearch(request: RecordedRequest) {
  const params = new URL(request.url, 'http://localhost').searchParams;
  const list = params.get('list');
  const q = params.get('q') ?? '';
  if (!q && list) {
    const keys = list === 'destination' ? ['ucf', 'fiu', 'fsu'] : ['ucf', 'fiu', 'fsu', 'valencia'];
    return { body: { schools: KNOWN_SCHOOLS.filter((school) => keys.includes(school.key)).map((school) => suggestion(school, null, false)) } };
  }
  const typed = words(q);
  const found = KNOWN_SCHOOLS.flatMap((school) => {
    const names = [school.name, ...school.aliases];
    const exact = names.find((name) => normal(name) === normal(q));
    const match = exact ?? names.find((name) => normal(name).startsWith(normal(q)) || typed.every((word) => words(name).some((part) => part.startsWith(word))));
    return match ? [{ school, match, exact: exact !== undefined }] : [];
  });
  found.sort((a, b) => Number(b.exact) - Number(a.exact));
  return { body: { schools: found.map(({ school, match, exact }) => suggestion(school, match, exact)) } };
}
