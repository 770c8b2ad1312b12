/**
 * Prints the re-typeset real layouts (real-layouts.ts) to tests/fixtures/transcripts-real: a text PDF of each, photos of
 * a few, and truth.json. usage: tsx scripts/transcript-layouts/print-real.ts [--out DIR]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { launchBrowser } from '../../tests/support/browser';
import { makePhoto, samplePhotoParams } from './photo';
import { printToPdf, rasterizePage } from './print';
import { Rng } from './random';
import { REAL_DOCUMENTS, truthOf } from './real-layouts';
import type { TruthEntry } from './truth';

/** Documents also photographed (page 1), with the seed of their photo's distortions. */
const PHOTOGRAPHED: Record<string, number> = {
  'r01-banner8-web-hbcu': 11,
  'r05-quest-percent-grades': 12,
  'r07-banner9-wrapped-titles': 13,
  'r10-two-column-decimal-grades': 14,
};

const at = process.argv.indexOf('--out');
const out = resolve(at >= 0 ? process.argv[at + 1]! : 'tests/fixtures/transcripts-real');
mkdirSync(out, { recursive: true });
const browser = await launchBrowser();
const truth: TruthEntry[] = [];
try {
  for (const doc of REAL_DOCUMENTS) {
    const pdf = await printToPdf(browser, doc.html());
    writeFileSync(join(out, `${doc.id}.pdf`), pdf);
    const base = { layout: doc.layout, school: doc.school, schoolPrinted: doc.schoolPrinted, student: doc.student, courses: truthOf(doc) };
    truth.push({ id: doc.id, files: [`${doc.id}.pdf`], kind: 'text-pdf', ...base });
    const seed = PHOTOGRAPHED[doc.id];
    if (seed !== undefined) {
      const rng = new Rng(seed);
      const jpg = await makePhoto(rasterizePage(pdf, 1, 170), samplePhotoParams(rng), rng);
      writeFileSync(join(out, `${doc.id}-photo.jpg`), jpg);
      truth.push({ id: `${doc.id}-photo`, files: [`${doc.id}-photo.jpg`], kind: 'photo', page: 1, ...base });
    }
    process.stdout.write(`${doc.id}: ${truthOf(doc).length} course rows${seed !== undefined ? ', photo' : ''}\n`);
  }
} finally {
  await browser.close();
}
writeFileSync(join(out, 'truth.json'), JSON.stringify(truth, null, 1) + '\n');
