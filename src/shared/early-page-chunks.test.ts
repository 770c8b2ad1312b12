import { describe, expect, it } from 'vitest';
import { earlyPageModules, QUERY_LAYOUT_MODULE } from './early-page-chunks';

describe('early page chunks', () => {
  it('gives the data layout and the page for a preloaded path, nothing for the home page or an unknown one', () => {
    expect(earlyPageModules('/search')).toEqual([QUERY_LAYOUT_MODULE, 'routes/public/search-page.tsx']);
    expect(earlyPageModules('/admin/appeals')).toEqual([QUERY_LAYOUT_MODULE, 'routes/admin/admin-layout.tsx']);
    expect(earlyPageModules('/')).toEqual([]);
    expect(earlyPageModules('/no/such/page')).toEqual([]);
  });
});
