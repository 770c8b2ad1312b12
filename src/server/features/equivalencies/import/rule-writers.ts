/**
 * How a rules import stores its rules: ONE interface for new rules, two writers behind it, chosen by the database
 * (docs/decisions/011-one-rule-writer-interface.md, figures in docs/BENCHMARKS.md):
 * - `copy` (the embedded database's): rows in COPY's text format, three COPYs a batch; when no rule of the batch can be
 *   stored yet they go without waiting for an answer, so the database's thread goes from one to the next. COPY costs
 *   the database about a third less than inserting unnested arrays, and on the embedded database the database's work
 *   is most of an import's.
 * - `statement` (PostgreSQL's): the batch's columns as array literals, ONE statement that finds the stored rules and
 *   inserts the new ones with their courses. There the importing process's parsing is the slower half, and each COPY
 *   waits for it to read on, where one statement a batch keeps the server busy.
 * Changed rules are rewritten the same way on both (rewriteChangedRules).
 */
import type { Database, Queryable } from '../../../db/client';
import type { RuleContent } from '../rule-identity';
import { prepareRuleBatch, RuleBatchColumns, type RuleWriteRow } from './rule-batch-columns';
import { RuleCopyBatch } from './rule-copy-batch';
import { deleteRuleCourses, insertRuleCourses, RuleIdReserve, updateChangedRules, writeRuleBatchInOneStatement, writeRuleBatchWithCopy } from './rule-write.queries';

/** A classified rule as it is stored: its row and its courses. */
export interface RuleToStore {
  row: RuleWriteRow;
  sources: RuleContent['sources'];
  targets: RuleContent['targets'];
}

export interface NewRulesSent {
  inserted: number;
  /** Stored rules (found by fingerprint) whose content differs: the caller rewrites them. */
  changed: Array<{ id: number; fingerprint: string }>;
  /** Settles when the database has stored the batch. */
  written: Promise<void>;
}

/** A batch encoded for its writer (done while the previous batch is being stored), ready to send. */
export interface EncodedRuleBatch {
  /** Sends the batch: new rules inserted, stored ones found by fingerprint unless `mayBeStored` says none can be. */
  send(options: { mayBeStored: boolean }): Promise<NewRulesSent>;
}

export interface NewRuleWriter {
  encode(rules: RuleToStore[]): EncodedRuleBatch;
}

export type RuleWriterKind = 'copy' | 'statement';

export const ruleWriterFor = (db: Pick<Database, 'kind'>): RuleWriterKind => (db.kind === 'embedded' ? 'copy' : 'statement');

/** Who writes the rules: the import ('csv') or a registrar deciding a pair in the evaluation queue ('admin'). */
export interface RuleAuthor {
  actorId: string | null;
  origin: 'csv' | 'admin';
}

export function createNewRuleWriter(tx: Queryable, kind: RuleWriterKind, author: RuleAuthor): NewRuleWriter {
  if (kind === 'copy') {
    const reserve = new RuleIdReserve(tx);
    return {
      encode(rules) {
        const batch = new RuleCopyBatch(author);
        for (const rule of rules) batch.add(rule.row, rule.sources, rule.targets);
        return { send: ({ mayBeStored }) => writeRuleBatchWithCopy(tx, batch, { mayBeStored, reserve }) };
      },
    };
  }
  return {
    encode(rules) {
      const prepared = prepareRuleBatch(columnsOf(rules));
      return {
        async send({ mayBeStored }) {
          return { ...(await writeRuleBatchInOneStatement(tx, prepared, author, { mayBeStored })), written: Promise.resolve() };
        },
      };
    },
  };
}

function columnsOf(rules: RuleToStore[]): RuleBatchColumns {
  const columns = new RuleBatchColumns();
  for (const rule of rules) columns.add(rule.row, rule.sources, rule.targets);
  return columns;
}

/** Stored rules whose content changed: rewritten in place, their courses written again from the file. */
export async function rewriteChangedRules(tx: Queryable, changed: Array<{ id: number; rule: RuleToStore }>): Promise<void> {
  if (changed.length === 0) return;
  const columns = columnsOf(changed.map(({ rule }) => rule));
  if ((await updateChangedRules(tx, columns)) !== columns.size) throw new Error('a changed rule was deleted during the import');
  const ruleIds = changed.map(({ id }) => id);
  await deleteRuleCourses(tx, ruleIds);
  await insertRuleCourses(tx, columns, ruleIds);
}
