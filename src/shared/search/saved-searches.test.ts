import { describe, expect, it } from 'vitest';
import {
  MAX_SAVED_SEARCHES,
  SAVED_SEARCHES_STORAGE_KEY,
  addSavedSearch,
  loadSavedSearches,
  removeSavedSearch,
  savedSearchKey,
  storeSavedSearches,
  type KeyValueStorage,
  type SavedSearch,
} from './saved-searches';

function entry(id: string, ts: number, q: string, filters: SavedSearch['filters'] = {}): SavedSearch {
  return { id, ts, q, filters };
}

class MemoryStorage implements KeyValueStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
}

describe('savedSearchKey', () => {
  it('ignores case and surrounding whitespace of the query', () => {
    expect(savedSearchKey('  Macroeconomics ', {})).toBe(savedSearchKey('macroeconomics', {}));
  });

  it('ignores key order and empty filter values', () => {
    expect(
      savedSearchKey('econ', { state: 'FL', term: 'fall-2024', className: '', courseCodes: [], transferScenario: undefined }),
    ).toBe(savedSearchKey('econ', { term: 'fall-2024', state: 'FL' }));
    expect(savedSearchKey('econ', {})).toBe(savedSearchKey('econ', undefined));
  });

  it('treats course codes as a set', () => {
    expect(savedSearchKey('', { courseCodes: ['B', 'A'] })).toBe(savedSearchKey('', { courseCodes: ['A', 'B', 'A'] }));
  });

  it('tells apart different queries and different filters', () => {
    expect(savedSearchKey('econ', {})).not.toBe(savedSearchKey('history', {}));
    expect(savedSearchKey('econ', { state: 'FL' })).not.toBe(savedSearchKey('econ', { state: 'OH' }));
    expect(savedSearchKey('econ', { transferScenario: { fromSchool: 'A', toSchool: 'B' } })).not.toBe(
      savedSearchKey('econ', { transferScenario: { fromSchool: 'B', toSchool: 'A' } }),
    );
  });
});

describe('addSavedSearch', () => {
  it('puts the new search first without changing the input', () => {
    const list = [entry('a', 1, 'history')];
    const next = addSavedSearch(list, entry('b', 2, 'econ'));
    expect(next.map((s) => s.id)).toEqual(['b', 'a']);
    expect(list.map((s) => s.id)).toEqual(['a']);
  });

  it('replaces an earlier copy of the same query plus filters', () => {
    const list = [entry('a', 3, 'ECON ', { state: 'FL' }), entry('b', 2, 'history'), entry('c', 1, 'econ')];
    const next = addSavedSearch(list, entry('d', 4, 'econ', { state: 'FL', term: undefined }));
    expect(next.map((s) => s.id)).toEqual(['d', 'b', 'c']);
  });

  it('keeps at most 20, dropping the oldest', () => {
    let list: SavedSearch[] = [];
    for (let i = 0; i < 25; i += 1) list = addSavedSearch(list, entry(`id${i}`, i, `query ${i}`));
    expect(list).toHaveLength(MAX_SAVED_SEARCHES);
    expect(list[0]?.id).toBe('id24');
    expect(list[19]?.id).toBe('id5');
  });

  it('removes by id', () => {
    expect(removeSavedSearch([entry('a', 1, 'x'), entry('b', 2, 'y')], 'a').map((s) => s.id)).toEqual(['b']);
  });
});

describe('loadSavedSearches / storeSavedSearches', () => {
  it('round-trips through storage under the product key', () => {
    const storage = new MemoryStorage();
    const list = [entry('b', 2, 'econ', { homeCollege: 'valencia', courseCodes: ['U DEL: ECON101'] }), entry('a', 1, 'history')];
    expect(storeSavedSearches(storage, list)).toBe(true);
    expect([...storage.items.keys()]).toEqual([SAVED_SEARCHES_STORAGE_KEY]);
    expect(SAVED_SEARCHES_STORAGE_KEY).toBe('crosswalk.savedSearches.v1');
    expect(loadSavedSearches(storage)).toEqual(list);
  });

  it('gives an empty list when nothing is stored, the JSON is corrupt or not a list', () => {
    const storage = new MemoryStorage();
    expect(loadSavedSearches(storage)).toEqual([]);
    storage.setItem(SAVED_SEARCHES_STORAGE_KEY, '{not json');
    expect(loadSavedSearches(storage)).toEqual([]);
    storage.setItem(SAVED_SEARCHES_STORAGE_KEY, '{"q":"econ"}');
    expect(loadSavedSearches(storage)).toEqual([]);
    expect(loadSavedSearches(null)).toEqual([]);
  });

  it('drops invalid entries, sorts newest first, dedupes and caps at 20', () => {
    const storage = new MemoryStorage();
    const stored: unknown[] = [
      entry('old', 1, 'econ'),
      { id: 'bad-ts', ts: 'yesterday', q: 'x', filters: {} },
      { id: 'bad-filter', ts: 5, q: 'x', filters: { state: 'ZZ' } },
      null,
      { id: 'no-filters', ts: 3, q: 'bio' },
      entry('new', 9, 'Econ'),
      ...Array.from({ length: 30 }, (_, i) => entry(`n${i}`, 100 + i, `n${i}`)),
    ];
    storage.setItem(SAVED_SEARCHES_STORAGE_KEY, JSON.stringify(stored));
    const loaded = loadSavedSearches(storage);
    expect(loaded).toHaveLength(20);
    expect(loaded[0]?.id).toBe('n29');

    storage.setItem(SAVED_SEARCHES_STORAGE_KEY, JSON.stringify(stored.slice(0, 6)));
    expect(loadSavedSearches(storage)).toEqual([entry('new', 9, 'Econ'), entry('no-filters', 3, 'bio')]);
  });

  it('ignores storage errors', () => {
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(loadSavedSearches(broken)).toEqual([]);
    expect(storeSavedSearches(broken, [entry('a', 1, 'x')])).toBe(false);
  });

  it('stores at most 20', () => {
    const storage = new MemoryStorage();
    storeSavedSearches(storage, Array.from({ length: 25 }, (_, i) => entry(`id${i}`, 25 - i, `q${i}`)));
    expect(JSON.parse(storage.getItem(SAVED_SEARCHES_STORAGE_KEY) ?? '[]')).toHaveLength(20);
  });
});
