import { describe, expect, it } from 'vitest';
import { LimitedErrorList } from './limited-error-list';

const error = (line: number) => ({ line, message: `line ${line}` });

describe('LimitedErrorList', () => {
  it('keeps every error under the limit, by line', () => {
    const list = new LimitedErrorList();
    [5, 2, 9].forEach((line) => list.push(error(line)));
    expect(list.sorted().map((e) => e.line)).toEqual([2, 5, 9]);
    expect(list.count).toBe(3);
  });

  it('keeps the first errors by line and counts the rest, even when an earlier line comes last', () => {
    const list = new LimitedErrorList(3);
    for (let line = 10; line < 100_000; line++) list.push(error(line));
    list.push(error(4)); // a group's error, reported at the end of the file
    list.push(error(11));
    expect(list.sorted().map((e) => e.line)).toEqual([4, 10, 11]);
    expect(list.count).toBe(100_000 - 10 + 2);
  });
});
