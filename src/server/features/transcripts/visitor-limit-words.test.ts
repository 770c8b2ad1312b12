import { describe, expect, it } from 'vitest';
import { bytesPerDayMessage, uploadsPerHourMessage, waitWords } from './visitor-limit-words';

const MB = 1024 * 1024;
const minutes = (count: number) => count * 60_000;

describe('the words of a visitor’s upload limit (issue 40: not "We could not analyse this transcript")', () => {
  it('says the limit, when this connection may upload again, and that signing in lifts it', () => {
    expect(uploadsPerHourMessage({ limit: 10, oldestAgeMs: minutes(19) + 1 })).toBe(
      'Without an account, one connection can start 10 transcript uploads an hour, and yours has started 10. You can upload again in 41 minutes, or sign in: this limit is only for uploads without an account.',
    );
  });

  it('says when enough of the day’s bytes are a day old for this file to fit', () => {
    const uploads = [
      { ageMs: minutes(23 * 60), bytes: 10 * MB },
      { ageMs: minutes(20 * 60), bytes: 50 * MB },
      { ageMs: minutes(60), bytes: 40 * MB },
    ];
    // 100 MB used; a 15 MB file fits once the oldest two are a day old: in 4 hours.
    expect(bytesPerDayMessage({ limitBytes: 100 * MB, declaredBytes: 15 * MB, uploads })).toBe(
      'Without an account, one connection can upload 100 MB of transcripts a day, and yours has uploaded 100 MB since this time yesterday. You can upload this file in 4 hours, or sign in: this limit is only for uploads without an account.',
    );
    // A 1 MB file fits once the oldest one is: in 60 minutes.
    expect(bytesPerDayMessage({ limitBytes: 100 * MB, declaredBytes: MB, uploads })).toMatch(/You can upload this file in 60 minutes,/);
  });

  it('rounds waits up, never down', () => {
    expect(waitWords(1)).toBe('in 1 minute');
    expect(waitWords(minutes(89) + 1)).toBe('in 90 minutes');
    expect(waitWords(minutes(90) + 1)).toBe('in 2 hours');
  });
});
