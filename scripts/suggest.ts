// Suggests destination equivalents for a course no rule covers, from the repository's reference data
// (reference-data/: Wisconsin rules as evidence, catalogues as candidates), each with its measured confidence and
// whether a student would see it.
//   tsx scripts/suggest.ts --from "Nicolet Area Tech. College" --code "SOCSCI (809) 198" \
//     --title "Intro to Psychology" --to UW-Madison [--credits 3] [--description TEXT] [--json]
//   tsx scripts/suggest.ts --batch rows.csv   (source_university, source_code, source_name,
//     target_university, credits → one JSON line per row, in order)

import { createReadStream } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatCourseCode, splitCourseCode } from '../src/server/features/catalogue';
import { createCsvRowParser, type CsvRow } from '../src/server/features/equivalencies/engine/csv-row-parser';
import { isShownToStudents } from '../src/server/features/equivalencies/engine/student-suggestions';
import { buildSuggestionIndex, type SuggestionIndex } from '../src/server/features/equivalencies/engine/suggestion-index';
import type { SuggestedCandidate } from '../src/server/features/equivalencies/engine/types';
import { loadReferenceData, type InstitutionRegistry } from '../src/server/features/equivalencies/reference-data/load-reference-data';

interface SuggestRequest {
  from: string;
  code: string;
  title: string;
  to: string;
  credits: number | null;
  description: string | null;
}

type SuggestAnswer = { candidates: Array<{ code: string; title: string; confidence: number; shownToStudents: boolean; why: string[] }> } | { error: string; candidates: [] };

const REFERENCE_DATA = path.resolve(import.meta.dirname, '../reference-data');

function answer(index: SuggestionIndex, registry: InstitutionRegistry, request: SuggestRequest): SuggestAnswer {
  const to = registry.find(request.to);
  if (!to) return { error: `unknown destination school "${request.to}"`, candidates: [] };
  const split = splitCourseCode(request.code);
  if (!split) return { error: 'empty course code', candidates: [] };
  const from = request.from ? registry.find(request.from) : null;
  const candidates: SuggestedCandidate[] = index.suggest({
    source: { subject: split.subject, number: split.number, title: request.title || null, credits: request.credits, description: request.description, ...(from ? { institutionId: from.id, institutionKey: from.key } : {}) },
    toInstitutionId: to.id,
    limit: 3,
  });
  return {
    candidates: candidates.map((candidate) => ({ code: formatCourseCode(candidate), title: candidate.title, confidence: candidate.confidence, shownToStudents: isShownToStudents(candidate), why: candidate.why })),
  };
}

function readCredits(text: string | undefined): number | null {
  if (!text?.trim()) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

async function runBatch(file: string, index: SuggestionIndex, registry: InstitutionRegistry): Promise<void> {
  const parser = createCsvRowParser();
  let header: string[] | null = null;
  const handle = (rows: CsvRow[]) => {
    for (const row of rows) {
      if (!header) {
        header = row.fields.map((name) => name.trim().toLowerCase());
        continue;
      }
      const value = (name: string) => row.fields[header!.indexOf(name)]?.trim() ?? '';
      const result = answer(index, registry, { from: value('source_university'), code: value('source_code'), title: value('source_name'), to: value('target_university'), credits: readCredits(value('credits')), description: null });
      process.stdout.write(`${JSON.stringify(result)}\n`);
    }
  };
  for await (const chunk of createReadStream(file, { encoding: 'utf8' })) handle(parser.push(chunk as string));
  handle(parser.end());
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      from: { type: 'string', default: '' },
      code: { type: 'string' },
      title: { type: 'string', default: '' },
      to: { type: 'string' },
      credits: { type: 'string' },
      description: { type: 'string' },
      json: { type: 'boolean', default: false },
      batch: { type: 'string' },
    },
  });
  if (!values.batch && (!values.code || !values.to)) {
    process.stderr.write('usage: tsx scripts/suggest.ts --from SCHOOL --code CODE --title TITLE --to SCHOOL [--credits N] [--description TEXT] [--json]\n       tsx scripts/suggest.ts --batch FILE.csv\n');
    process.exitCode = 2;
    return;
  }
  const data = await loadReferenceData({ dataDir: REFERENCE_DATA });
  const index = buildSuggestionIndex({ rules: data.rules, catalogs: data.catalogs });
  if (values.batch) {
    await runBatch(values.batch, index, data.registry);
    return;
  }
  const result = answer(index, data.registry, { from: values.from ?? '', code: values.code ?? '', title: values.title ?? '', to: values.to ?? '', credits: readCredits(values.credits), description: values.description ?? null });
  if (values.json) {
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } else if ('error' in result) {
    process.stderr.write(`${result.error}\n`);
    process.exitCode = 1;
  } else if (result.candidates.length === 0) {
    process.stdout.write('No likely equivalents found; the registrar will need to evaluate this course.\n');
  } else {
    for (const [position, candidate] of result.candidates.entries()) {
      const audience = candidate.shownToStudents ? 'a student sees it' : 'for the registrar only';
      process.stdout.write(`${position + 1}. ${candidate.code} ${candidate.title}  (confidence ${Math.round(candidate.confidence * 100)}%, ${audience})\n   ${candidate.why.join('\n   ')}\n`);
    }
  }
  if ('error' in result && values.json) process.exitCode = 1;
}

await main();
