// Which column of a published equivalency table holds what. Schools and states publish their tables with their own
// headers (`from_course_code`, `cc_course`, `Receiving Course`, TES's `SendCourseCode1…10`, ATAIN's
// `sending_course_prefix` + `sending_course_number`); each header is compared in one squeezed form (lower case, letters
// and digits only) with the names below. What no name matches, the clerk maps on Course Data Upload, or a caller of the
// API with `mapping` (Crosswalk's column -> the file's header). Pure: the browser may use it too.

import {
  ESSENTIAL_IMPORT_COLUMNS,
  EXPECTED_IMPORT_COLUMNS,
  IMPORT_COLUMNS,
  OPTIONAL_IMPORT_COLUMNS,
  type ColumnMapping,
  type ImportColumn,
} from '../../../../shared/schemas/equivalencies';

export const EXPECTED_COLUMNS = EXPECTED_IMPORT_COLUMNS;
export const OPTIONAL_COLUMNS = OPTIONAL_IMPORT_COLUMNS;
export type Column = ImportColumn;
export const ALL_COLUMNS: readonly Column[] = IMPORT_COLUMNS;
export type { ColumnMapping };

/** Layouts the importer recognises by their headers; each needs its own columns. */
export type TableLayout = 'crosswalk' | 'tes' | 'atain';

/** A header in the one form every comparison uses: "Receiving Course" and "receiving_course" are "receivingcourse". */
export const squeezeHeader = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

const NAMES: Record<Column, string[]> = {
  source_code: ['sourcecode', 'sourcecourse', 'fromcoursecode', 'fromcourse', 'sendingcourse', 'sendingcoursecode', 'cccourse', 'cccoursecode', 'sendcoursecode', 'transfercourse', 'transfercoursecode', 'externalcourse'],
  source_name: ['sourcename', 'sourcetitle', 'sourcecoursetitle', 'fromcoursetitle', 'fromcoursename', 'fromtitle', 'sendingcoursetitle', 'sendingcoursename', 'sendingtitle', 'cccoursetitle', 'cctitle', 'sendcoursetitle', 'transfercoursetitle', 'externalcoursetitle'],
  source_university: ['sourceuniversity', 'sourceinstitution', 'sourceschool', 'frominstitution', 'fromschool', 'fromuniversity', 'fromcollege', 'sendinginstitution', 'sendingschool', 'sendingcollege', 'sendinstitutionname', 'sendinginstipeds', 'communitycollege', 'ccname'],
  source_credits: ['sourcecredits', 'sourceunits', 'fromcredits', 'fromunits', 'sendingcredits', 'sendingunits', 'cccredits', 'ccunits'],
  target_university: ['targetuniversity', 'targetinstitution', 'targetschool', 'toinstitution', 'toschool', 'touniversity', 'receivinginstitution', 'receivingschool', 'receivinguniversity', 'receiveinstitutionname', 'receivinginstipeds', 'destination'],
  target_code: ['targetcode', 'targetcourse', 'tocoursecode', 'tocourse', 'receivingcourse', 'receivingcoursecode', 'receivecoursecode', 'equivalentcourse', 'universitycourse'],
  target_name: ['targetname', 'targettitle', 'targetcoursetitle', 'tocoursetitle', 'tocoursename', 'totitle', 'receivingcoursetitle', 'receivingcoursename', 'receivingtitle', 'receivecoursetitle', 'equivalenttitle', 'universitycoursetitle'],
  credits: ['credits', 'units', 'targetcredits', 'targetunits', 'tocredits', 'tounits', 'receivingcredits', 'receivingunits', 'credithours', 'equivalentcredits'],
  credit_unit: ['creditunit', 'creditunits', 'credittype', 'unittype', 'unitstype', 'unitsystem', 'termtype'],
  equivalency_type: ['equivalencytype', 'equivalencetype', 'transfertype', 'articulationtype', 'matchtype', 'verdictclass'],
  min_grade: ['mingrade', 'minimumgrade', 'graderequired', 'requiredgrade'],
  effective_from: ['effectivefrom', 'effectiveterm', 'startterm', 'beginterm', 'validfrom', 'eqvaliddatestart'],
  effective_to: ['effectiveto', 'endterm', 'validto', 'eqvaliddateend'],
  group: ['group', 'groupid', 'articulationgroup'],
  notes: ['notes', 'note', 'comments', 'commentspublic', 'publiccomments', 'conditions', 'restrictions'],
  approved_by: ['approvedby', 'approver', 'approvername', 'evaluatedby', 'evaluator', 'reviewedby', 'reviewer'],
  approved_on: ['approvedon', 'approveddate', 'approvaldate', 'dateapproved', 'evaluationdate', 'evaluateddate', 'dateevaluated', 'reviewdate', 'reviewedon', 'lastreviewed'],
  source_subject: ['sourcesubject', 'sourceprefix', 'fromsubject', 'fromprefix', 'sendingcourseprefix', 'sendingsubject'],
  source_number: ['sourcenumber', 'fromnumber', 'sendingcoursenumber', 'sendingnumber'],
  target_subject: ['targetsubject', 'targetprefix', 'tosubject', 'toprefix', 'receivingcourseprefix', 'receivingsubject'],
  target_number: ['targetnumber', 'tonumber', 'receivingcoursenumber', 'receivingnumber'],
};

const COLUMN_BY_NAME = new Map<string, Column>();
for (const column of ALL_COLUMNS) for (const name of NAMES[column]) COLUMN_BY_NAME.set(name, column);

/** Columns a table may give several times, numbered (TES: SendCourseCode1 … SendCourseCode10): each is one more course. */
const REPEATABLE = new Set<Column>(['source_code', 'target_code']);

/**
 * Headers of recognised layouts that Crosswalk has no use for: not reported as unknown. The layouts as published:
 * TES's import file (CollegeSource, "Import Transfer Equivalencies into TES and Transferology: Create an Import Data
 * File", tes-support.collegesource.com article 805; its older specification names the codes SendInstitutionFICECode
 * and ReceiveInstitutionFICECode) and ATAIN's course equivalencies CSV (atainnetwork.org, "Selection Criteria":
 * sending_inst_ipeds, sending_course_prefix, sending_course_number, receiving_inst_ipeds, receiving_course_number,
 * receiving_course_prefix).
 */
const KNOWN_UNUSED = new Set(['institutioncodetype', 'sendinstitutioncode', 'sendinstitutionficecode', 'sendinstitutioncity', 'sendinstitutionstate', 'sendinstitutioncountry', 'receiveinstitutioncode', 'receiveinstitutionficecode', 'commentsprivate', 'hideflag']);

/** The Crosswalk column a header names by itself, with the number a repeated code column carries, or null. */
export function recogniseHeader(header: string): Column | null {
  const squeezed = squeezeHeader(header);
  const exact = COLUMN_BY_NAME.get(squeezed);
  if (exact) return exact;
  const numbered = /^(.*?)\d{1,2}$/.exec(squeezed);
  const column = numbered ? COLUMN_BY_NAME.get(numbered[1]!) : undefined;
  return column && REPEATABLE.has(column) ? column : null;
}

export interface HeaderProblem {
  column: string;
  message: string;
}

export interface ColumnPlan {
  layout: TableLayout;
  /** The file's headers as written. */
  headers: string[];
  /** Every Crosswalk column the file gives, with the indexes of its fields (a repeated code column has several). */
  indexes: Partial<Record<Column, number[]>>;
  /** Crosswalk column -> the header it is read from (the first, for repeated columns). */
  mapped: ColumnMapping;
  /** Headers nothing reads. */
  unused: string[];
  /** The columns this layout cannot do without. */
  required: Column[];
  /** Required columns the file does not give. */
  missing: Column[];
  problems: HeaderProblem[];
}

function layoutOf(squeezed: string[]): TableLayout {
  if (squeezed.some((name) => /^sendcoursecode\d+$/.test(name)) && squeezed.some((name) => /^receivecoursecode\d+$/.test(name))) return 'tes';
  if (squeezed.includes('sendingcourseprefix') && squeezed.includes('receivingcourseprefix')) return 'atain';
  return 'crosswalk';
}

/**
 * The columns a table cannot do without, whatever its layout: the sending course's code, the receiving school and its
 * course's code. Titles and credits are optional (decision 152): most published tables (Delgado → UNO's, a TES import
 * file, an ATAIN equivalency CSV) name courses by code only, and the schools' catalogues give the titles.
 */
function requiredFor(): Column[] {
  return [...ESSENTIAL_IMPORT_COLUMNS];
}

/** A code is given whole, or as subject and number columns. */
const CODE_PARTS: Partial<Record<Column, [Column, Column]>> = { source_code: ['source_subject', 'source_number'], target_code: ['target_subject', 'target_number'] };

/**
 * Reads a header row: what each field is, from the mapping (which wins), then the mapping remembered for the sending
 * school (entries naming a header this file lacks are passed over), then the recognised names.
 */
export function planColumns(headers: string[], mapping: ColumnMapping = {}, remembered: ColumnMapping = {}): ColumnPlan {
  const squeezed = headers.map(squeezeHeader);
  const layout = layoutOf(squeezed);
  const indexes: Partial<Record<Column, number[]>> = {};
  const mapped: ColumnMapping = {};
  const problems: HeaderProblem[] = [];
  const taken = new Set<number>();

  const chosen = [
    ...(Object.entries(mapping) as Array<[Column, string]>).map(([column, header]) => ({ column, header, strict: true })),
    ...(Object.entries(remembered) as Array<[Column, string]>).filter(([column]) => mapping[column] === undefined).map(([column, header]) => ({ column, header, strict: false })),
  ];
  for (const { column, header, strict } of chosen) {
    const exact = headers.findIndex((name) => name.trim() === header.trim());
    const index = exact >= 0 ? exact : squeezed.indexOf(squeezeHeader(header));
    if (index < 0 || taken.has(index)) {
      if (strict) problems.push({ column, message: index < 0 ? `the mapping reads ${column} from "${header}", which the file does not have` : `the mapping reads "${header}" twice` });
      continue;
    }
    indexes[column] = [index];
    mapped[column] = headers[index]!.trim();
    taken.add(index);
  }
  const chosenColumns = new Set(Object.keys(mapped));

  headers.forEach((header, index) => {
    if (taken.has(index)) return;
    const column = recogniseHeader(header);
    // A column the mapping decided is read from where it says; a header that would name it too stays unused.
    if (!column || chosenColumns.has(column)) return;
    const known = indexes[column];
    if (!known) {
      indexes[column] = [index];
      mapped[column] = header.trim();
    } else if (REPEATABLE.has(column)) known.push(index);
    else {
      problems.push({ column: header.trim(), message: `column "${header.trim()}" is a second ${column} column (the first is "${mapped[column]}")` });
      return;
    }
    taken.add(index);
  });

  const gives = (column: Column) => indexes[column] !== undefined || (CODE_PARTS[column]?.every((part) => indexes[part] !== undefined) ?? false);
  const required = requiredFor();
  const missing = required.filter((column) => !gives(column));
  const unused = headers.map((header) => header.trim()).filter((header, index) => !taken.has(index) && header !== '' && !KNOWN_UNUSED.has(squeezed[index]!));
  return { layout, headers: headers.map((header) => header.trim()), indexes, mapped, unused, required, missing, problems };
}
