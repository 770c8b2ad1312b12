/**
 * Who may read a transcript, in one place: its owner; the signed-out visitor who uploaded it, holding its token (until
 * it expires); or an admin with two-factor sign-in on. Everyone else is told it does not exist. An admin's read of a
 * student's transcript (its report or its file) is a disclosure, written to the audit log here.
 */
import { createHash } from 'node:crypto';
import { recordDisclosure } from '../../audit/audit-log';
import type { Queryable } from '../../db/client';
import { notFound } from '../../domain-errors';
import type { SignedInUser } from '../../http/app-env';
import { isVerifiedAdmin } from '../../http/session';
import type { Logger } from '../../logger';
import { findReadableTranscript, type TranscriptRecord } from './transcripts.queries';

/** Who is asking for a transcript: a signed-in account (maybe a verified admin) and the visitor token they hold. */
export interface TranscriptReader {
  userId: string | null;
  isAdmin: boolean;
  visitorTokenHash: string | null;
}

export const hashVisitorToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function transcriptReaderOf(user: SignedInUser | null, visitorToken?: string | null): TranscriptReader {
  return { userId: user?.id ?? null, isAdmin: isVerifiedAdmin(user), visitorTokenHash: visitorToken ? hashVisitorToken(visitorToken) : null };
}

/** The transcript, if the reader may see it; otherwise not found (the same answer whether it exists or not). */
export async function findTranscriptForReader(db: Queryable, id: string, reader: TranscriptReader, ownerId: string | null = null): Promise<TranscriptRecord> {
  const transcript = await findReadableTranscript(db, id, reader, ownerId);
  if (!transcript) throw notFound('No such transcript.');
  return transcript;
}

/**
 * Reads a transcript (`read` takes what the asker came for: its report, its file) for someone and, when a verified admin
 * has read another person's, records the disclosure. `ownerId` limits the read to one student's transcripts (the admin's
 * student directory links).
 */
export async function readTranscriptAs<T>(
  deps: { db: Queryable; logger: Logger },
  input: { id: string; user: SignedInUser | null; visitorToken?: string | null; ownerId?: string; ipAddress: string; requestId?: string },
  read: (transcript: TranscriptRecord) => Promise<T>,
): Promise<T> {
  const reader = transcriptReaderOf(input.user, input.visitorToken);
  const transcript = await findTranscriptForReader(deps.db, input.id, reader, input.ownerId ?? null);
  const result = await read(transcript);
  if (reader.isAdmin && input.user && transcript.user_id !== input.user.id) {
    await recordDisclosure(deps, {
      actor: { id: input.user.id, email: input.user.email },
      subject: 'transcript',
      subjectId: transcript.id,
      studentId: transcript.user_id,
      ipAddress: input.ipAddress,
      requestId: input.requestId,
    });
  }
  return result;
}
