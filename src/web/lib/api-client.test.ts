import { describe, expect, it } from 'vitest';
import { isServerWords, requestFailedText, withoutFieldNames } from './api-client';

describe('withoutFieldNames', () => {
  it('keeps only the problem of each "field: problem" the server wrote', () => {
    expect(withoutFieldNames('schools: you can keep at most 50 favorites.')).toBe('You can keep at most 50 favorites.');
    expect(withoutFieldNames('syllabusLink: must be a web address; notes: notes is required')).toBe('Must be a web address. Notes is required.');
    expect(withoutFieldNames('(body): send at least one field to change')).toBe('Send at least one field to change');
  });

  it('leaves sentences alone', () => {
    expect(withoutFieldNames('This appeal was changed by someone else. Reload it.')).toBe('This appeal was changed by someone else. Reload it.');
    expect(withoutFieldNames('Sorry: the file is too large')).toBe('Sorry: the file is too large');
  });
});

describe('isServerWords', () => {
  it('tells the server’s reason from our stand-in for none', () => {
    expect(isServerWords('You already appealed SYG 2010 to Florida State University.')).toBe(true);
    expect(isServerWords(requestFailedText(502))).toBe(false);
    expect(isServerWords('')).toBe(false);
  });
});
