// A quarter is two-thirds of a semester's length, so registrars convert quarter credits
// to semester credits by × 2/3 and back by × 3/2. Rounded to hundredths, the precision
// transcripts print, so 4 quarter credits show as 2.67 semester credits.

import type { AcademicCalendar, CreditConversion, DecisionEvidence } from './types';

export function roundCredits(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

export function conversionFactor(from: AcademicCalendar, to: AcademicCalendar): number {
  if (from === to) return 1;
  return from === 'quarter' ? 2 / 3 : 3 / 2;
}

/** Converts credits between calendars; the conversion is null when none was needed. */
export function convertCredits(credits: number, from: AcademicCalendar, to: AcademicCalendar): { credits: number; conversion: CreditConversion | null } {
  if (from === to) return { credits: roundCredits(credits), conversion: null };
  const factor = conversionFactor(from, to);
  const converted = roundCredits(credits * factor);
  return { credits: converted, conversion: { from, to, factor, originalCredits: credits, convertedCredits: converted } };
}

/**
 * A row's credits in the destination's units: the engine's conversion when the schools' calendars differ (every row
 * from a school on the other calendar carries one), else the credits as printed. Every total a report or degree
 * progress shows sums this, so quarter and semester credits are never added together.
 */
export function creditsAtDestination(credits: number, evidence: Pick<DecisionEvidence, 'creditConversion'> | null | undefined): number {
  const conversion = evidence?.creditConversion;
  // only a conversion of these very credits: a rule's award converted from its table's units is not the row's credits
  return conversion && conversion.originalCredits === credits ? conversion.convertedCredits : credits;
}
