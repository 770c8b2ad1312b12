import { z } from 'zod';
import { MAX_DATABASE_INTEGER } from './database-integers';
import { PARTNERS } from './admin';

/**
 * Every path parameter of the API, validated by one rule: a parameter that cannot name a record (the wrong shape) is a
 * 400 naming it, like any other bad input; a well-formed one that names nothing the asker may see is a 404, the same
 * answer whether the record is missing or someone else's (docs/decisions/009-malformed-ids.md).
 */

/** A record id the server made (uuid): appeals, transcripts, favorites, saved searches, announcements, stored files. */
const recordId = (what: string) => z.uuid({ error: `must be ${what} id` });

/** A serial number (courses, schools, programs): a positive whole number. */
const serialNumber = (example: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value),
    z.number({ error: `must be ${example}` }).int({ error: `must be ${example}` }).min(1, { error: `must be ${example}` }).max(MAX_DATABASE_INTEGER, { error: `must be ${example}` }),
  );

/** An account id (better-auth's: letters, digits, '-' and '_'). */
const accountId = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, { error: 'must be an account id' });

export const courseParamsSchema = z.object({ id: serialNumber('a course number such as 42') });
export const institutionParamsSchema = z.object({ id: serialNumber('an institution number such as 7') });
export const programParamsSchema = z.object({ id: serialNumber('a program number such as 7') });
export const evaluationDecisionParamsSchema = z.object({ id: serialNumber('a decision number such as 12') });
export const transcriptParamsSchema = z.object({ id: recordId('a transcript') });
export const transcriptRowParamsSchema = z.object({ id: recordId('a transcript'), rowId: recordId('a course row') });
export const appealParamsSchema = z.object({ id: recordId('an appeal') });
export const favoriteParamsSchema = z.object({ id: recordId('a favorite') });
export const savedSearchParamsSchema = z.object({ id: recordId('a saved search') });
export const announcementParamsSchema = z.object({ id: recordId('an announcement') });
export const studentTranscriptParamsSchema = z.object({ id: accountId, transcriptId: recordId('a transcript') });
export const partnerParamsSchema = z.object({ partner: z.enum(PARTNERS, { error: `must be one of the known partners: ${PARTNERS.join(', ')}` }) });
/** The local-disk storage's upload address: `transcripts/<uuid>` or `syllabi/<uuid>`, as the server named it. */
export const uploadParamsSchema = z.object({
  prefix: z.enum(['transcripts', 'syllabi'], { error: 'must be transcripts or syllabi' }),
  id: recordId('a stored file'),
});
