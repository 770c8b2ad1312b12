/**
 * Prints the unseen evaluation set (issue 36) into tests/fixtures/transcripts-unseen/{tuning,locked}: a text PDF of each
 * document, photos and screenshots of some (page 1), garbled-text copies of some (the same PDF with its fonts'
 * character maps removed), a truth.json per half, and SOURCES.md.
 *
 * The split into halves is made once, by source school, from a recorded seed, and kept in split.json: printing again
 * never moves a document to the other half. The locked half is for the final figures only (see its README).
 *
 * usage: tsx scripts/transcript-layouts/unseen/print-unseen.ts [--out DIR]
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { launchBrowser } from '../../../tests/support/browser';
import { makePhoto, samplePhotoParams } from '../photo';
import { printToPdf, rasterizePage } from '../print';
import { Rng } from '../random';
import type { TruthEntry } from '../truth';
import { COMMUNITY_COLLEGE_DOCUMENTS } from './layouts-cc';
import { QUARTER_DOCUMENTS } from './layouts-quarter';
import { UNIVERSITY_DOCUMENTS } from './layouts-universities';
import { truthOf, type UnseenDocument } from './record';

export const UNSEEN_DOCUMENTS: UnseenDocument[] = [...COMMUNITY_COLLEGE_DOCUMENTS, ...QUARTER_DOCUMENTS, ...UNIVERSITY_DOCUMENTS];
/** The seed the halves were drawn with (recorded in split.json the first time). */
export const SPLIT_SEED = 3636;

export interface Split {
  seed: number;
  tuning: string[];
  locked: string[];
}

/** Halves by document (one document per source school), shuffled with the seed. */
export function drawSplit(ids: readonly string[], seed: number): Split {
  const shuffled = new Rng(seed).shuffle([...ids].sort());
  const half = Math.ceil(shuffled.length / 2);
  return { seed, tuning: shuffled.slice(0, half).sort(), locked: shuffled.slice(half).sort() };
}

/**
 * The PDF with every font's /ToUnicode entry blanked (same length, so the cross-reference offsets stay right): the
 * pages look the same, but extracted text is glyph numbers, as from fonts without a usable character map.
 */
export function withoutCharacterMaps(pdf: Buffer): Buffer {
  const text = pdf.toString('latin1');
  const out = text.replace(/\/ToUnicode \d+ 0 R/g, (m) => ' '.repeat(m.length));
  if (out === text) throw new Error('no /ToUnicode entry to remove');
  return Buffer.from(out, 'latin1');
}

const pageCount = (pdf: Buffer): number => (pdf.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? []).length;

async function main(): Promise<void> {
  const at = process.argv.indexOf('--out');
  const root = resolve(at >= 0 ? process.argv[at + 1]! : 'tests/fixtures/transcripts-unseen');
  const ids = UNSEEN_DOCUMENTS.map((d) => d.id);
  if (new Set(ids).size !== ids.length) throw new Error('duplicate document ids');
  if (new Set(UNSEEN_DOCUMENTS.map((d) => d.school)).size !== ids.length) throw new Error('two documents from one school');
  mkdirSync(root, { recursive: true });
  const splitFile = join(root, 'split.json');
  const split: Split = existsSync(splitFile) ? (JSON.parse(readFileSync(splitFile, 'utf8')) as Split) : drawSplit(ids, SPLIT_SEED);
  const unsplit = ids.filter((id) => !split.tuning.includes(id) && !split.locked.includes(id));
  if (unsplit.length) throw new Error(`documents not in split.json: ${unsplit.join(', ')} (the split is fixed once drawn)`);
  writeFileSync(splitFile, JSON.stringify(split, null, 1) + '\n');

  const browser = await launchBrowser();
  const truth: Record<'tuning' | 'locked', TruthEntry[]> = { tuning: [], locked: [] };
  try {
    for (const doc of UNSEEN_DOCUMENTS) {
      const half = split.tuning.includes(doc.id) ? 'tuning' : 'locked';
      const dir = join(root, half);
      mkdirSync(dir, { recursive: true });
      const pdf = await printToPdf(browser, doc.html(doc));
      writeFileSync(join(dir, `${doc.id}.pdf`), pdf);
      const courses = truthOf(doc);
      const base = { layout: doc.system, school: doc.school, schoolPrinted: doc.schoolPrinted, student: doc.student, calendar: doc.calendar, courses };
      truth[half].push({ id: doc.id, files: [`${doc.id}.pdf`], kind: 'text-pdf', ...base });
      if (doc.garbled) {
        writeFileSync(join(dir, `${doc.id}-garbled.pdf`), withoutCharacterMaps(pdf));
        truth[half].push({ id: `${doc.id}-garbled`, files: [`${doc.id}-garbled.pdf`], kind: 'garbled-pdf', ...base });
      }
      for (const image of doc.images ?? []) {
        // an image shows page 1: every row of a photographed document must be on it
        if (pageCount(pdf) !== 1) throw new Error(`${doc.id}: photographed documents must fit on one page (${pageCount(pdf)} pages)`);
        let file: string;
        if (image.kind === 'photo') {
          const rng = new Rng(image.seed);
          file = `${doc.id}-photo.jpg`;
          writeFileSync(join(dir, file), await makePhoto(rasterizePage(pdf, 1, 170), samplePhotoParams(rng), rng));
        } else {
          // a screenshot of the page in a browser window: desktop width, or a phone's for pages made for phones
          const phone = /phone/.test(doc.id);
          const page = await browser.newPage({ viewport: phone ? { width: 390, height: 844 } : { width: 1100, height: 900 }, deviceScaleFactor: phone ? 3 : 1 });
          await page.setContent(doc.html(doc), { waitUntil: 'load' });
          file = `${doc.id}-screenshot.png`;
          writeFileSync(join(dir, file), await page.screenshot({ fullPage: true }));
          await page.close();
        }
        truth[half].push({ id: `${doc.id}-${image.kind}`, files: [file], kind: image.kind, page: 1, ...base });
      }
      process.stdout.write(`${half} ${doc.id}: ${courses.length} rows, ${pageCount(pdf)} page(s)${doc.images?.length ? `, ${doc.images.map((i) => i.kind).join('+')}` : ''}${doc.garbled ? ', garbled copy' : ''}\n`);
    }
  } finally {
    await browser.close();
  }
  for (const half of ['tuning', 'locked'] as const) writeFileSync(join(root, half, 'truth.json'), JSON.stringify(truth[half], null, 1) + '\n');
  writeFileSync(join(root, 'SOURCES.md'), sourcesMarkdown(split));
}

function sourcesMarkdown(split: Split): string {
  const rows = UNSEEN_DOCUMENTS.map((d) => {
    const half = split.tuning.includes(d.id) ? 'tuning' : 'locked';
    const extra = [...(d.images ?? []).map((i) => i.kind), ...(d.garbled ? ['garbled text layer'] : [])].join(', ');
    return `| ${d.id} | ${half} | ${d.school} | ${d.system} | ${d.calendar} | ${extra || '–'} | ${d.source.replace(/\|/g, '\\|')} |`;
  });
  return `# Where each unseen layout came from

Each document re-typesets one real school's public layout with a made-up student and a made-up record written by hand
(\`scripts/transcript-layouts/unseen/\`). No real person's name, ID or record is in these files. Most public sources
describe a layout in words or quote its printed text (parser code and tests people published, registrars' transcript
keys and guides); the column order, header words, term headings, sections, flags and totals follow the source, and
what it does not say (fonts, spacing, colours) is an approximation. Course codes follow each school's public catalogue
where known and are plausible otherwise.

Split: seed ${split.seed}, drawn once by document (one document per school) and kept in \`split.json\`. The tuning half
may be studied; the locked half is scored only as a whole, for the figures that count (issue 36).

| document | half | school | system | calendar | also | source |
|---|---|---|---|---|---|---|
${rows.join('\n')}
`;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
