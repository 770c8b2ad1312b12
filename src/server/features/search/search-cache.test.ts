import { describe, expect, it } from 'vitest';
import { SearchCache } from './search-cache';

describe('SearchCache', () => {
  it('answers only at the version an entry was computed at', () => {
    const cache = new SearchCache<string>();
    cache.set('econ', 'v1', 'answer');
    expect(cache.get('econ', 'v1')).toBe('answer');
    expect(cache.get('econ', 'v2')).toBeUndefined();
    expect(cache.get('econ', 'v1')).toBeUndefined(); // a stale entry is dropped
  });

  it('forgets entries older than the time limit', () => {
    let now = 0;
    const cache = new SearchCache<string>(10, 1000, () => now);
    cache.set('econ', 'v1', 'answer');
    now = 999;
    expect(cache.get('econ', 'v1')).toBe('answer');
    now = 2100;
    expect(cache.get('econ', 'v1')).toBeUndefined();
  });

  it('keeps at most the newest entries, least recently used out first', () => {
    const cache = new SearchCache<number>(2);
    cache.set('a', 'v', 1);
    cache.set('b', 'v', 2);
    expect(cache.get('a', 'v')).toBe(1);
    cache.set('c', 'v', 3);
    expect(cache.get('b', 'v')).toBeUndefined();
    expect(cache.get('a', 'v')).toBe(1);
    expect(cache.size).toBe(2);
  });
});
