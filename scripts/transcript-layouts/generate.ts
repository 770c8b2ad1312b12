/**
 * Generates made-up transcripts in many registrar layouts, as text PDFs and phone-photo-like JPEGs, each with its truth.
 * usage: tsx scripts/transcript-layouts/generate.ts --out DIR [--seed N] [--per-family N] [--photos N] [--families a,b] [--html]
 *   --per-family  documents per family (default 6)
 *   --photos      how many of each family's documents also get a photo of their first page (default 2)
 * The same seed always gives the same documents (PDF bytes differ only in their creation date).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { launchBrowser } from '../../tests/support/browser';
import { makePerson, makeSchool } from './catalog';
import { FAMILIES, sampleLayout, type Family } from './layouts';
import { makePhoto, samplePhotoParams } from './photo';
import { printToPdf, rasterizePage } from './print';
import { Rng } from './random';
import { makeRecord } from './record';
import { renderDocument } from './render';
import type { TruthEntry } from './truth';

export interface GenerateOptions {
  out: string;
  seed: number;
  perFamily: number;
  photos: number;
  families: readonly Family[];
  keepHtml?: boolean;
  log?: (line: string) => void;
}

const familySalt = (family: Family) => [...family].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, 7);

export async function generateTranscripts(opts: GenerateOptions): Promise<TruthEntry[]> {
  mkdirSync(opts.out, { recursive: true });
  const browser = await launchBrowser();
  const truth: TruthEntry[] = [];
  try {
    for (const family of opts.families) {
      for (let i = 0; i < opts.perFamily; i++) {
        const rng = new Rng(opts.seed * 1000 + familySalt(family) * 17 + i);
        const spec = sampleLayout(rng.fork(1), family);
        const school = makeSchool(rng.fork(2));
        const others = [makeSchool(rng.fork(3), school.name), makeSchool(rng.fork(4), school.name)];
        const person = makePerson(rng.fork(5));
        const record = makeRecord(rng.fork(6), spec.style, spec.record, others);
        const doc = renderDocument(spec, record, school, person, rng.fork(7));
        const id = `${family}-s${opts.seed}-${String(i + 1).padStart(2, '0')}`;
        const pdf = await printToPdf(browser, doc.html);
        writeFileSync(join(opts.out, `${id}.pdf`), pdf);
        if (opts.keepHtml) writeFileSync(join(opts.out, `${id}.html`), doc.html);
        const courses = doc.pageTruth.flat();
        truth.push({ id, layout: family, files: [`${id}.pdf`], school: school.name, schoolPrinted: doc.schoolPrinted, student: person.name, kind: 'text-pdf', courses });
        if (i < opts.photos) {
          const photoRng = rng.fork(8);
          const params = samplePhotoParams(photoRng);
          const page = rasterizePage(pdf, 1, photoRng.int(150, 200));
          const jpg = await makePhoto(page, params, photoRng);
          writeFileSync(join(opts.out, `${id}-p1.jpg`), jpg);
          truth.push({
            id: `${id}-p1`,
            layout: family,
            files: [`${id}-p1.jpg`],
            school: school.name,
            schoolPrinted: doc.schoolPrinted,
            student: person.name,
            kind: 'photo',
            page: 1,
            courses: doc.pageTruth[0] ?? [],
          });
        }
        opts.log?.(`${id}: ${doc.pages} page(s), ${courses.length} course rows${i < opts.photos ? ', photo of page 1' : ''}`);
      }
    }
  } finally {
    await browser.close();
  }
  writeFileSync(join(opts.out, 'truth.json'), JSON.stringify(truth, null, 1) + '\n');
  return truth;
}

function arg(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('generate.ts')) {
  const out = arg('--out');
  if (!out) {
    process.stderr.write('usage: tsx scripts/transcript-layouts/generate.ts --out DIR [--seed N] [--per-family N] [--photos N] [--families a,b] [--html]\n');
    process.exit(2);
  }
  const families = (arg('--families')?.split(',') ?? [...FAMILIES]) as Family[];
  const unknown = families.filter((f) => !FAMILIES.includes(f));
  if (unknown.length) {
    process.stderr.write(`unknown families: ${unknown.join(', ')} (known: ${FAMILIES.join(', ')})\n`);
    process.exit(2);
  }
  await generateTranscripts({
    out: resolve(out),
    seed: Number(arg('--seed') ?? 1),
    perFamily: Number(arg('--per-family') ?? 6),
    photos: Number(arg('--photos') ?? 2),
    families,
    keepHtml: process.argv.includes('--html'),
    log: (line) => process.stdout.write(line + '\n'),
  });
}
