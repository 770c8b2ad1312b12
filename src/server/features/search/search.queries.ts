/**
 * Course search SQL: the rules a page's cards are decided from (the index keeps the rest of a card: search-index.ts,
 * the one ranker). The catalogue version and a course's details with its cross-listed codes are the catalogue's
 * (features/catalogue).
 */
import type { Queryable } from '../../db/client';
import { ruleJsonSql, type StoredRuleRow } from '../equivalencies';
import { institutionJsonSql, type InstitutionInfoRow } from '../institutions';

/** What shapes a card besides its course: the destination its verdict is for, and the offering it shows. */
export interface CardSpec {
  targetId: number | null;
  /** A delivery format or term: the card shows an offering of that kind when the course has one. */
  deliveryFormat: string | null;
  term: string | null;
}

export interface CourseSearchRow {
  id: number;
  total: number;
  /** The course's school as the engine needs it. */
  school: InstitutionInfoRow;
  subject: string;
  number: string;
  title: string;
  credits: number | null;
  credits_text: string | null;
  school_key: string;
  school_name: string;
  state: string | null;
  control: 'public' | 'private';
  school_statewide_numbering: boolean;
  term: string | null;
  delivery_format: string | null;
  professor: string | null;
  professor_rating: number | null;
  tuition_cents: number | null;
  registration_url: string | null;
  professor_rating_url: string | null;
  is_available: boolean | null;
  is_sample: boolean | null;
  offering_count: number;
  /** 'catalogue', or 'rule' when only an equivalency rule names the course (migration 0065). */
  known_from: 'catalogue' | 'rule';
  /**
   * With a target school: its courses under the same subject and last three digits (Florida's statewide numbering), so
   * a statewide answer names the destination's own course, or says it is not in the catalogue.
   */
  destination_courses: Array<{ subject: string; number: string; title: string; credits: number | null }> | null;
  /** The course's other codes when it is cross-listed (migration 0082): 'HIST 333', 'WOMS 342'. Null when it is not. */
  also_listed_as: string[] | null;
  /**
   * The rules the card's verdict is decided from (search.service.ts, by the engine): every rule of the course to the
   * target school when one is chosen; with none, up to 8 to any school, those that transfer first (so a course that
   * transfers somewhere is not hidden behind eight that do not), then the newest.
   */
  rules: Array<{ rule: StoredRuleRow; to: InstitutionInfoRow }> | null;
}

/** Collects positional parameters while SQL is assembled. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown, cast = ''): string {
    this.values.push(value);
    return `$${this.values.length}${cast}`;
  }
}

/**
 * The rules a page's cards are decided from (search.service.ts, by the engine), for courses whose other facts the index
 * keeps (search-index.ts cardRow): every rule of the course to the destination, or with none, up to 8 to any school,
 * those that transfer first (so a course that transfers somewhere is not hidden behind eight that do not), the newest
 * next. One statement for the page.
 */
export async function cardRules(
  db: Queryable,
  courses: Array<{ id: number; institutionId: number; codeKey: string }>,
  targetId: number | null,
): Promise<Map<number, NonNullable<CourseSearchRow['rules']>>> {
  if (courses.length === 0) return new Map();
  const p = new Params();
  const wanted = `unnest(${p.add(courses.map((course) => course.id), '::int[]')}, ${p.add(courses.map((course) => course.institutionId), '::int[]')}, ${p.add(
    courses.map((course) => course.codeKey),
    '::text[]',
  )}) as w(id, institution_id, code_key)`;
  const targetFilter = targetId !== null ? `and r.to_institution_id = ${p.add(targetId, '::int')}` : '';
  const rows = await db.query<{ id: number; rules: CourseSearchRow['rules'] }>(
    `select w.id, cards.rules
       from ${wanted}
       left join lateral (
         select json_agg(json_build_object('rule', rule.json, 'to', ${institutionJsonSql('ti')}) order by rule.transfers desc, rule.id desc) as rules
           from (
             select r.id, r.transfers, r.to_institution_id, ${ruleJsonSql('r')} as json
               from equivalency_rule_sources s
               join equivalency_rules r on r.id = s.rule_id
              where s.from_institution_id = w.institution_id and s.code_key = w.code_key and r.to_institution_id <> w.institution_id ${targetFilter}
              order by r.transfers desc, r.id desc
              limit ${targetId !== null ? 'all' : '8'}
           ) rule
           join institutions ti on ti.id = rule.to_institution_id
       ) cards on true`,
    p.values,
  );
  return new Map(rows.map((row) => [row.id, row.rules ?? []]));
}
