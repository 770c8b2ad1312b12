/**
 * How a stored report reads, in one place: the student's report and the admin's copy of it (presentTranscriptReport)
 * and the evidence beside an appeal (appeals) show a row and a summary through these. Nothing here decides: the row
 * is shown as decideReports stored it.
 */
import { transcriptStatusLabel, type ReadRowDto, type TranscriptResultItem, type TranscriptRowStatus, type TranscriptSummary } from '../../../shared/schemas/transcripts';
import { verdictClassOfStatus } from '../../../shared/schemas/verdict-class';
import { isShownToStudents, readGrade } from '../equivalencies';
import { courseCredits } from './taken-course';
import { correctionOf } from './transcript-analysis';
import type { TranscriptRowRecord } from './transcripts.queries';

/** One stored row as the report shows it: the spec's row with what the screen shows of it. */
export function presentReportRow(row: TranscriptRowRecord, school: string): TranscriptResultItem {
  const status: TranscriptRowStatus = row.status ?? 'NEEDS_EVAL';
  const conversion = row.evidence?.creditConversion;
  const correction = correctionOf(row);
  return {
    id: row.id,
    position: row.position,
    subject: row.subject,
    number: row.number,
    title: row.title,
    earned: row.earned,
    grade: row.grade,
    status,
    to_equivalency_id: row.rule_id,
    original: `${row.subject} ${row.number}${row.title ? ` ${row.title}` : ''}`,
    originalSchool: school,
    transfers: status === 'DIRECT',
    transfersTo: row.transfers_to,
    credits: courseCredits(row),
    gradeEarnsNoCredit: readGrade(row.grade).kind === 'no-credit',
    term: row.term,
    statusLabel: transcriptStatusLabel(status),
    // A row decided before verdict classes (migration 0110) shows its status's class until it is decided again.
    verdictClass: row.verdict_class ?? verdictClassOfStatus(row.status),
    reason: row.reason ?? '',
    // Reports stored before suggestions had a measured confidence may hold guesses a student must not see.
    candidates: (row.evidence?.candidates ?? []).filter(isShownToStudents).map(({ subject, number, title, score, confidence, why }) => ({ subject, number, title, score, confidence, why })),
    correction: correction === 'removed' ? null : correction,
    asRead: row.as_read,
    creditConversion: conversion ? { from: conversion.from, to: conversion.to, originalCredits: conversion.originalCredits, convertedCredits: conversion.convertedCredits } : null,
    // decided and stored with the report (decideReports): reading it asks the engine nothing
    crossListed: row.cross_listed ? { courseNumber: row.cross_listed.courseNumber, transfersTo: row.cross_listed.transfersTo } : null,
  };
}

/** A row the student removed, as "What we read" lists it (to restore it): what was read, never a decision. */
export function presentRemovedRow(row: TranscriptRowRecord): ReadRowDto {
  return {
    id: row.id,
    position: row.position,
    subject: row.subject,
    number: row.number,
    title: row.title,
    credits: courseCredits(row),
    grade: row.grade,
    term: row.term,
    correction: 'removed',
    asRead: row.as_read,
  };
}

/** A stored report's summary (its numbers as summarise wrote them), or null before the analysis. */
export function presentReportSummary(summary: Record<string, number> | null): TranscriptSummary | null {
  return summary
    ? {
        courses: Number(summary.courses ?? 0),
        directTransfers: Number(summary.directTransfers ?? 0),
        totalCredits: Number(summary.totalCredits ?? 0),
        creditsTransferring: Number(summary.creditsTransferring ?? 0),
      }
    : null;
}
