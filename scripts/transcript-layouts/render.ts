/**
 * Lays a record out as printed pages of HTML (for Chromium to print to PDF), with explicit page breaks so each page's
 * course rows are known: the truth of a photo of page N is the rows printed on page N.
 */
import type { Person, School } from './catalog';
import type { Column, LayoutSpec, TermFormat } from './layouts';
import type { Rng } from './random';
import type { AcademicRecord, PrintedCourse, RecordBlock, Season, TruthCourse } from './record';

type Item =
  | { kind: 'heading'; text: string; strong: boolean }
  | { kind: 'header'; columns: Column[] }
  | { kind: 'row'; columns: Column[]; cells: string[]; truth: TruthCourse | null; lines: number }
  | { kind: 'text'; text: string }
  | { kind: 'gap' };

export interface RenderedDocument {
  html: string;
  pages: number;
  /** Course rows printed on each page (index 0 = page 1). */
  pageTruth: TruthCourse[][];
  schoolPrinted: boolean;
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const fmt = (n: number, decimals: number): string => n.toFixed(decimals);

const SEASON_CODE: Record<Season, string> = { Fall: 'FA', Winter: 'WI', Spring: 'SP', Summer: 'SU' };
const WORKDAY_DATES: Record<Season, string> = { Fall: '08/28/Y-12/15/Y', Winter: '01/03/Y-03/22/Y', Spring: '01/16/Y-05/10/Y', Summer: '05/20/Y-08/02/Y' };

export function formatTerm(format: TermFormat, season: Season, year: number, quarter: boolean): string {
  const kind = quarter ? 'Quarter' : 'Semester';
  switch (format) {
    case 'season-year':
      return `${season} ${year}`;
    case 'year-season':
      return `${year} ${season}`;
    case 'season-semester-year':
      return `${season} ${kind} ${year}`;
    case 'year-season-term':
      return `${year} ${season} ${quarter ? 'Quarter' : 'Term'}`;
    case 'upper':
      return `${quarter && season === 'Fall' ? 'AUTUMN' : season.toUpperCase()} ${year}`;
    case 'academic-year':
      return season === 'Fall' ? `Term ${year}/${year + 1} Semester I` : season === 'Spring' ? `Term ${year - 1}/${year} Semester II` : `Term ${year - 1}/${year} Summer`;
    case 'workday':
      return `${year} ${season} ${kind} (${WORKDAY_DATES[season].replace(/Y/g, String(year))})`;
    case 'colleague-long':
      return `${year}${SEASON_CODE[season]}`;
    case 'colleague-slash':
      return `${String(year).slice(2)}/${SEASON_CODE[season]}`;
    case 'colleague-short':
      return `${SEASON_CODE[season]}${String(year).slice(2)}`;
    case 'jenzabar':
      return `${SEASON_CODE[season]} ${year}`;
    case 'jenzabar-year':
      return season === 'Fall' ? `${year}-${String(year + 1).slice(2)} ${season}` : `${year - 1}-${String(year).slice(2)} ${season}`;
  }
}

export function joinCode(spec: LayoutSpec, c: PrintedCourse): string {
  const { subject, number, section } = c;
  if (subject.includes('.')) return `${subject}.${number}`;
  if (subject.includes(' ')) return `${subject} ${number}`;
  switch (spec.codeJoin) {
    case 'space':
      return `${subject} ${number}`;
    case 'dash':
      return `${subject}-${number}`;
    case 'none':
      return `${subject}${number}`;
    case 'dash-section':
      return section ? `${subject}-${number}-${section}` : `${subject}-${number}`;
    case 'space-section':
      return !section ? `${subject} ${number}` : /^\d+$/.test(section) ? `${subject} ${number}-${section}` : `${subject} ${number} ${section}`;
  }
}

interface DocContext {
  spec: LayoutSpec;
  rng: Rng;
  quarter: boolean;
  level: string;
  campus: string;
}

/** Quarter-unit credits (0.25) need two decimals to print as what they are. */
const creditDecimals = (spec: LayoutSpec): number => (spec.style.creditSystem === 'half-units' ? Math.max(2, spec.creditDecimals) : spec.creditDecimals);

function cellFor(ctx: DocContext, column: Column, c: PrintedCourse, term: string | null): string {
  const { spec } = ctx;
  const t = c.truth;
  const ip = t.inProgress;
  switch (column.role) {
    case 'subject':
      return c.subject;
    case 'number':
      return c.number;
    case 'code':
      return joinCode(spec, c);
    case 'code-title':
      return `${joinCode(spec, c)} - ${c.title}`;
    case 'title':
      return c.title;
    case 'level':
      return ctx.level === '01' ? (t.subject.length % 2 ? '01' : '02') : ctx.level;
    case 'campus':
      return ctx.campus;
    case 'section':
      return c.section || '01';
    case 'attempted':
      return fmt(t.credits, creditDecimals(spec));
    case 'earned':
      return ip && spec.inProgressMark === '' ? '' : fmt(t.earned, creditDecimals(spec));
    case 'grade':
      return ip ? spec.inProgressMark : c.gradeText;
    case 'points':
      return c.points === null ? (ip ? '' : fmt(0, spec.pointsDecimals)) : fmt(c.points, spec.pointsDecimals);
    case 'gpa-hours':
      return fmt(ip ? 0 : t.credits, creditDecimals(spec));
    case 'repeat':
      return c.repeatFlag;
    case 'term':
      return term ?? '';
    case 'mode':
      return ctx.rng.pick(['Lecture', 'Online', 'Hybrid']);
    case 'program-credit':
      return fmt(t.earned, creditDecimals(spec));
    case 'class-average':
      return ip ? '' : ctx.rng.pick(['B+', 'B', 'B-', 'C+', 'A-']);
    case 'enrollment':
      return ip ? '' : String(ctx.rng.int(14, 240));
    case 'dates':
      return '08/22/2022-12/09/2022';
  }
}

function titleLines(spec: LayoutSpec, columns: Column[], cells: string[]): number {
  if (!spec.wrapTitles) return 1;
  let lines = 1;
  columns.forEach((col, i) => {
    if (col.role !== 'title' && col.role !== 'code-title' && col.role !== 'campus') return;
    const widen = 1 + spec.letterSpacingPx / (spec.fontSizePt * 0.7);
    lines = Math.max(lines, Math.ceil((cells[i]!.length * widen) / Math.max(4, col.width * 0.92)));
  });
  return lines;
}

function totalsItems(ctx: DocContext, columns: Column[], block: RecordBlock, cumulative: { att: number; earned: number; pts: number }): Item[] {
  const { spec } = ctx;
  const graded = block.courses.filter((c) => !c.truth.inProgress);
  const att = graded.reduce((s, c) => s + c.truth.credits, 0);
  const earned = graded.reduce((s, c) => s + c.truth.earned, 0);
  const pts = graded.reduce((s, c) => s + (c.points ?? 0), 0);
  cumulative.att += att;
  cumulative.earned += earned;
  cumulative.pts += pts;
  const gpa = (p: number, a: number) => (a > 0 ? (p / a).toFixed(2) : '0.00');
  const d = spec.creditDecimals;
  switch (spec.totals) {
    case 'banner':
      return [
        { kind: 'text', text: 'Term Totals (Undergraduate)' },
        { kind: 'text', text: 'Attempt Hours   Passed Hours   Earned Hours   GPA Hours   Quality Points   GPA' },
        { kind: 'text', text: `Current Term:   ${fmt(att, 3)}   ${fmt(earned, 3)}   ${fmt(earned, 3)}   ${fmt(att, 3)}   ${fmt(pts, 2)}   ${gpa(pts, att)}` },
        { kind: 'text', text: `Cumulative:   ${fmt(cumulative.att, 3)}   ${fmt(cumulative.earned, 3)}   ${fmt(cumulative.earned, 3)}   ${fmt(cumulative.att, 3)}   ${fmt(cumulative.pts, 2)}   ${gpa(cumulative.pts, cumulative.att)}` },
      ];
    case 'peoplesoft': {
      // totals aligned under the numeric columns, as PeopleSoft prints them
      const row = (label: string, a: number, e: number, p: number): Item => ({
        kind: 'row',
        columns,
        truth: null,
        lines: 1,
        cells: columns.map((c, i) => (i === 0 ? label : c.role === 'attempted' ? fmt(a, d) : c.role === 'earned' ? fmt(e, d) : c.role === 'points' ? fmt(p, 3) : '')),
      });
      return [row(`Term GPA ${gpa(pts, att)}  Term Totals`, att, earned, pts), row(`Cum GPA ${gpa(cumulative.pts, cumulative.att)}  Cum Totals`, cumulative.att, cumulative.earned, cumulative.pts)];
    }
    case 'simple':
      return [{ kind: 'text', text: `Term Totals   Attempted ${fmt(att, d)}   Earned ${fmt(earned, d)}   GPA ${gpa(pts, att)}   Cumulative GPA ${gpa(cumulative.pts, cumulative.att)}` }];
    case 'none':
      return [];
  }
}

function buildItems(ctx: DocContext, record: AcademicRecord): Item[] {
  const { spec } = ctx;
  const items: Item[] = [];
  const cumulative = { att: 0, earned: 0, pts: 0 };
  const hasTermColumn = spec.columns.some((c) => c.role === 'term');
  const term = (b: RecordBlock) => (b.term ? formatTerm(spec.termFormat, b.term.season, b.term.year, ctx.quarter) : null);
  let headerShown = false;
  const header = (columns: Column[], force = false) => {
    if (spec.headerless) return;
    if (!force && !spec.headerPerTerm && headerShown) return;
    items.push({ kind: 'header', columns });
    headerShown = true;
  };
  const rows = (columns: Column[], b: RecordBlock) => {
    for (const c of b.courses) {
      const cells = columns.map((col) => cellFor(ctx, col, c, term(b)));
      items.push({ kind: 'row', columns, cells, truth: c.truth, lines: titleLines(spec, columns, cells) });
    }
  };
  let transferHeadingShown = false;
  let institutionHeadingShown = false;
  for (const b of record.blocks) {
    if (b.section === 'transfer') {
      if (!transferHeadingShown && spec.headings.transferSection) items.push({ kind: 'heading', text: spec.headings.transferSection, strong: true });
      transferHeadingShown = true;
      for (const h of spec.headings.transfer(b.from ?? '', term(b) ?? '')) items.push({ kind: 'heading', text: h, strong: false });
      const columns = spec.transferColumns ?? spec.columns;
      header(columns, true);
      rows(columns, b);
      items.push({ kind: 'gap' });
    } else if (b.section === 'test') {
      items.push({ kind: 'heading', text: spec.headings.test, strong: true });
      const columns = spec.transferColumns ?? spec.columns;
      if (b.courses.length) {
        header(columns, true);
        rows(columns, b);
      }
      for (const e of b.exams) {
        const text = ctx.rng.chance(0.5) ? `${e.exam}   Score ${e.score}` : `ADV_PL ${e.exam.replace(/^(AP|IB|CLEP) /, '')}`;
        const cells = columns.map((col, i) => (i === 0 ? text : col.role === 'attempted' || col.role === 'earned' ? fmt(e.credits, spec.creditDecimals) : ''));
        items.push({ kind: 'row', columns, cells, truth: null, lines: 1 });
      }
      items.push({ kind: 'gap' });
    } else if (b.section === 'institution') {
      if (!institutionHeadingShown && spec.headings.institution) items.push({ kind: 'heading', text: spec.headings.institution, strong: true });
      institutionHeadingShown = true;
      const t = term(b);
      if (!hasTermColumn && t) items.push({ kind: 'heading', text: spec.termHeading(t), strong: true });
      header(spec.columns);
      rows(spec.columns, b);
      items.push(...totalsItems(ctx, spec.columns, b, cumulative));
      items.push({ kind: 'gap' });
    } else {
      if (spec.headings.inProgress) items.push({ kind: 'heading', text: spec.headings.inProgress, strong: true });
      const t = term(b);
      if (!hasTermColumn && t) items.push({ kind: 'heading', text: spec.termHeading(t), strong: true });
      const columns = spec.inProgressColumns ?? spec.columns;
      header(columns, spec.inProgressColumns !== null);
      rows(columns, b);
      items.push({ kind: 'gap' });
    }
  }
  if (spec.headings.end) items.push({ kind: 'heading', text: spec.headings.end, strong: true });
  if (spec.totals !== 'none') items.push({ kind: 'text', text: `Total Credits Earned: ${fmt(cumulative.earned, spec.creditDecimals)}    Cumulative GPA: ${cumulative.att ? (cumulative.pts / cumulative.att).toFixed(2) : '0.00'}` });
  if (spec.legend) {
    items.push({ kind: 'gap' });
    items.push({ kind: 'text', text: 'GRADING SYSTEM: A 4.0  B 3.0  C 2.0  D 1.0  F 0.0  W Withdrawal  I Incomplete  IP In Progress  P Pass' });
    items.push({ kind: 'text', text: 'R = course repeated; E = excluded from GPA; T = transfer credit; * = in progress' });
  }
  return items;
}

function itemLines(item: Item): number {
  switch (item.kind) {
    case 'heading':
      return 1.45;
    case 'header':
      return item.columns.some((c) => c.header.includes('\n')) ? 2.3 : 1.3;
    case 'row':
      return item.lines;
    case 'text':
      return 1.1;
    case 'gap':
      return 0.7;
  }
}

/** Widens code columns so the longest printed code fits (registrar systems size them to their codes). */
function fitColumnsToCodes(spec: LayoutSpec, record: AcademicRecord): void {
  const courses = record.blocks.flatMap((b) => b.courses);
  const longest = (f: (c: PrintedCourse) => string) => Math.max(0, ...courses.map((c) => f(c).length));
  // a character of codes (capitals and digits) is wider than the average one a column's width is counted in
  const fit = (n: number) => Math.ceil(n * 1.25) + 2;
  const widths: Partial<Record<Column['role'], number>> = {
    code: fit(longest((c) => joinCode(spec, c))),
    subject: fit(longest((c) => c.subject)),
    number: fit(longest((c) => c.number)),
  };
  for (const list of [spec.columns, spec.transferColumns, spec.inProgressColumns])
    for (const col of list ?? []) {
      const need = widths[col.role];
      if (need !== undefined && col.width < need) col.width = need;
    }
}

interface Frame {
  items: Item[];
}

function logoHtml(school: School): string {
  const words = school.name.toUpperCase().split(' ');
  const cut = words[0] === 'UNIVERSITY' ? 2 : Math.max(1, words.length - 2);
  return `<div class="logo"><div>${esc(words.slice(0, cut).join(' '))}</div><div>${esc(words.slice(cut).join(' '))}</div></div>`;
}

function pageHeaderHtml(spec: LayoutSpec, school: School, person: Person, page: number, pages: number, rng: Rng): string {
  const parts: string[] = [];
  const placement = spec.schoolPlacement;
  if (placement === 'header') parts.push(`<div class="school">${esc(school.name)}</div><div class="sub">${esc(school.city)}</div>`);
  if (placement === 'logo') parts.push(logoHtml(school));
  if (spec.family === 'browser-print') parts.push(`<div class="nav">Student Self-Service &nbsp;|&nbsp; Academic Record &nbsp;|&nbsp; Registration &nbsp;|&nbsp; Sign Out</div>`);
  parts.push(`<div class="doctitle">${esc(rng.pick(['Unofficial Transcript', 'UNOFFICIAL ACADEMIC TRANSCRIPT', 'Academic Record (Unofficial)', 'Student Academic Record']))}</div>`);
  if (spec.distractors && page === 1) {
    parts.push(`<div class="meta">Office of the Registrar</div>`);
    parts.push(`<div class="meta">Program: ${esc(rng.pick(['Bachelor of Science in Biology', 'Associate in Arts', 'Bachelor of Arts - Psychology', 'Associate of Science in Engineering']))}</div>`);
  }
  parts.push(`<div class="meta"><span>Name: ${esc(person.name)}</span><span class="right">Student ID: ${esc(person.id)}</span></div>`);
  if (page === 1) parts.push(`<div class="meta"><span>Date Issued: 11/15/2025</span>${pages > 1 ? `<span class="right">Page ${page} of ${pages}</span>` : ''}</div>`);
  else if (pages > 1) parts.push(`<div class="meta"><span class="right">Page ${page} of ${pages}</span></div>`);
  return parts.join('\n');
}

function footerHtml(spec: LayoutSpec, school: School): string {
  if (spec.schoolPlacement === 'web-only') return `<div class="footer">${esc(school.web)}/registrar/transcripts</div>`;
  if (spec.schoolPlacement === 'footer') return `<div class="footer">${esc(school.name)} &middot; Office of the Registrar &middot; ${esc(school.web)}</div>`;
  if (spec.family === 'browser-print') return `<div class="footer">https://selfservice.${esc(school.web.replace(/^www\./, ''))}/StudentSelfService/ssb/academicTranscript</div>`;
  return `<div class="footer">This is not an official transcript.</div>`;
}

const headerCellHtml = (c: Column) => esc(c.header).replace(/\n/g, '<br>');

function tableHtml(spec: LayoutSpec, items: Item[]): string {
  const out: string[] = [];
  let open: Column[] | null = null;
  const close = () => {
    if (open) out.push('</table>');
    open = null;
  };
  const ensure = (columns: Column[]) => {
    if (open === columns) return;
    close();
    const total = columns.reduce((s, c) => s + c.width, 0);
    out.push(`<table class="grid"><colgroup>${columns.map((c) => `<col style="width:${((100 * c.width) / total).toFixed(2)}%">`).join('')}</colgroup>`);
    open = columns;
  };
  for (const item of items) {
    if (item.kind === 'header') {
      ensure(item.columns);
      out.push(`<tr class="head">${item.columns.map((c) => `<th style="text-align:${c.align}">${headerCellHtml(c)}</th>`).join('')}</tr>`);
    } else if (item.kind === 'row') {
      ensure(item.columns);
      const label = item.truth === null && item.cells.slice(1).some((x) => x === '') && item.cells[0]!.length > item.columns[0]!.width;
      if (label) {
        // a label wider than the first column (totals, exam names) spans the descriptive columns
        const span = item.columns.findIndex((c, i) => i > 0 && item.cells[i] !== '' && c.role !== 'title');
        const n = span < 0 ? item.columns.length : span;
        out.push(`<tr><td colspan="${n}" class="nowrap">${esc(item.cells[0]!)}</td>${item.columns.slice(n).map((c, i) => `<td style="text-align:${c.align}">${esc(item.cells[n + i]!)}</td>`).join('')}</tr>`);
      } else out.push(`<tr>${item.columns.map((c, i) => `<td class="${c.role === 'title' || c.role === 'code-title' || c.role === 'campus' ? 'wrap' : 'nowrap'}" style="text-align:${c.align}">${esc(item.cells[i]!)}</td>`).join('')}</tr>`);
    } else {
      close();
      if (item.kind === 'heading') out.push(`<div class="${item.strong ? 'h' : 'h2'}">${esc(item.text)}</div>`);
      else if (item.kind === 'text') out.push(`<div class="t">${esc(item.text)}</div>`);
      else out.push('<div class="gap"></div>');
    }
  }
  close();
  return out.join('\n');
}

function pad(text: string, width: number, align: Column['align']): string {
  const t = text.length > width ? text.slice(0, width) : text;
  return align === 'right' ? t.padStart(width) : align === 'center' ? t.padStart(Math.floor((width + t.length) / 2)).padEnd(width) : t.padEnd(width);
}

function fixedWidthHtml(items: Item[]): string {
  const lines: string[] = [];
  for (const item of items) {
    if (item.kind === 'header') {
      const heads = item.columns.map((c) => pad(c.header.replace(/\n/g, ' '), c.width, c.align)).join('  ');
      lines.push(heads.trimEnd(), item.columns.map((c) => '-'.repeat(c.width)).join('  '));
    } else if (item.kind === 'row') {
      if (item.truth === null && item.cells[0]!.length > item.columns[0]!.width) {
        const rest = item.cells.slice(1).filter(Boolean).join('  ');
        lines.push(`${item.cells[0]}   ${rest}`);
      } else lines.push(item.columns.map((c, i) => pad(item.cells[i]!, c.width, c.align)).join('  ').trimEnd());
    } else if (item.kind === 'heading') lines.push(item.text);
    else if (item.kind === 'text') lines.push(item.text);
    else lines.push('');
  }
  return `<pre>${esc(lines.join('\n'))}</pre>`;
}

function css(spec: LayoutSpec): string {
  const ls = spec.letterSpacingPx ? `letter-spacing:${spec.letterSpacingPx}px;` : '';
  return `
@page { size: 8.5in 11in; margin: 0; }
html, body { margin: 0; padding: 0; }
body { font-family: ${spec.font}; font-size: ${spec.fontSizePt}pt; color: #111; }
.page { width: 8.5in; height: 11in; box-sizing: border-box; padding: 0.45in 0.5in; position: relative; overflow: hidden; page-break-after: always; }
.page:last-child { page-break-after: auto; }
.school { text-align: center; font-size: 1.5em; font-weight: bold; }
.sub, .doctitle { text-align: center; }
.doctitle { font-weight: bold; margin: 0.2em 0 0.4em; }
.logo { display: inline-block; border: 2px solid #224; padding: 4px 10px; font-family: 'DejaVu Serif', serif; font-weight: bold; letter-spacing: 3px; color: #224; font-size: 1.2em; line-height: 1.15; }
.nav { background: #dde3ea; padding: 2px 6px; font-size: 0.9em; }
.meta { display: flex; justify-content: space-between; }
.meta .right { margin-left: auto; }
.frames { display: flex; gap: 0.3in; margin-top: 0.15in; }
.frame { flex: 1; min-width: 0; }
table.grid { width: 100%; table-layout: fixed; border-collapse: collapse; ${ls} }
table.grid td, table.grid th { padding: 0 3px; vertical-align: top; ${spec.borders ? 'border-bottom: 0.5px solid #bbb;' : ''} }
table.grid th { font-weight: bold; ${spec.borders ? 'background: #eef;' : ''} }
td.nowrap { white-space: nowrap; overflow: hidden; }
td.wrap { ${spec.wrapTitles ? 'white-space: normal;' : 'white-space: nowrap; overflow: hidden;'} }
.h { font-weight: bold; margin-top: 0.35em; ${ls} }
.h2 { margin-top: 0.1em; ${ls} }
.t { white-space: pre; }
.gap { height: 0.6em; }
pre { font-family: ${spec.font}; font-size: ${spec.fontSizePt}pt; margin: 0; line-height: 1.2; }
.footer { position: absolute; bottom: 0.3in; left: 0.5in; right: 0.5in; text-align: center; font-size: 0.85em; color: #444; }
.watermark { position: absolute; top: 4.5in; left: 1.2in; font-size: 72pt; color: rgba(0,0,0,0.07); transform: rotate(-35deg); font-weight: bold; }
`;
}

/** Splits items into frames (one per page, or two side by side), repeating the table header after a break. */
function paginate(spec: LayoutSpec, items: Item[], firstPageLines: number, otherPageLines: number): Frame[][] {
  const pages: Frame[][] = [];
  const framesPerPage = spec.twoColumn ? 2 : 1;
  let frame: Frame = { items: [] };
  let used = 0;
  let capacity = firstPageLines;
  let currentHeader: Item | null = null;
  let page: Frame[] = [];
  const next = () => {
    page.push(frame);
    if (page.length === framesPerPage) {
      pages.push(page);
      page = [];
      capacity = otherPageLines;
    }
    frame = { items: [] };
    used = 0;
    if (currentHeader) {
      frame.items.push(currentHeader);
      used += itemLines(currentHeader);
    }
  };
  for (const item of items) {
    if (item.kind === 'heading') currentHeader = null;
    const h = itemLines(item);
    if (used + h > capacity && frame.items.some((i) => i.kind === 'row')) {
      if (item.kind === 'header') currentHeader = null;
      next();
    }
    if (item.kind === 'header') currentHeader = item;
    if (item.kind === 'gap' && used === 0) continue;
    frame.items.push(item);
    used += h;
  }
  page.push(frame);
  pages.push(page);
  return pages;
}

export function renderDocument(spec: LayoutSpec, record: AcademicRecord, school: School, person: Person, rng: Rng): RenderedDocument {
  const ctx: DocContext = {
    spec,
    rng,
    quarter: spec.style.creditSystem === 'quarter',
    level: rng.pick(['UG', 'UG', '01', 'LD', 'U']),
    campus: rng.pick(['MAIN', 'S', 'W Lafayette and Indianapolis', 'Online', 'NC']),
  };
  fitColumnsToCodes(spec, record);
  const items = buildItems(ctx, record);
  const lineHeightPt = spec.fontSizePt * (spec.fixedWidth ? 1.2 : 1.32) * (spec.borders ? 1.08 : 1);
  const bodyPt = 11 * 72 - 0.9 * 72 - 0.5 * 72;
  const headerPt = spec.fontSizePt * 1.4 * (spec.distractors ? 9 : 7) + (spec.schoolPlacement === 'logo' ? 40 : 0);
  const otherHeaderPt = spec.headerEveryPage ? headerPt : spec.fontSizePt * 1.4 * 3;
  const first = Math.floor(((bodyPt - headerPt) / lineHeightPt) * 0.9);
  const other = Math.floor(((bodyPt - otherHeaderPt) / lineHeightPt) * 0.9);
  const pages = paginate(spec, items, first, other);
  const pageTruth = pages.map((frames) => frames.flatMap((f) => f.items.flatMap((i) => (i.kind === 'row' && i.truth ? [i.truth] : []))));
  const html = pages
    .map((frames, p) => {
      const header = p === 0 || spec.headerEveryPage ? pageHeaderHtml(spec, school, person, p + 1, pages.length, rng.fork(p)) : `<div class="meta"><span>${esc(person.name)}</span><span class="right">Page ${p + 1} of ${pages.length}</span></div>`;
      const body = frames.map((f) => `<div class="frame">${spec.fixedWidth ? fixedWidthHtml(f.items) : tableHtml(spec, f.items)}</div>`).join('\n');
      return `<div class="page">${spec.watermark ? '<div class="watermark">UNOFFICIAL</div>' : ''}${header}<div class="frames">${body}</div>${footerHtml(spec, school)}</div>`;
    })
    .join('\n');
  return {
    html: `<!doctype html><html><head><meta charset="utf-8"><style>${css(spec)}</style></head><body>${html}</body></html>`,
    pages: pages.length,
    pageTruth,
    schoolPrinted: spec.schoolPlacement !== 'web-only',
  };
}
