import { courseParamsSchema } from '../../../shared/schemas/path-params';
import { courseSearchQuerySchema } from '../../../shared/schemas/search';
import { readParams, readQuery } from '../../http/json-body';
import type { RouteTable } from '../../http/route-table';
import type { CourseSearchResponse } from '../../../shared/schemas/course';
import { SearchCache } from './search-cache';
import { SearchIndexHolder } from './search-index';
import { CardCache, getCourseDetails, searchCourses } from './search.service';

/** Public course search and course details (spec sections 2 and 3). */
export function registerSearchRoutes(routes: RouteTable) {
  // One cache per app instance (and so per test app): popular searches are answered without re-ranking thousands of
  // rows. The embedded database runs one statement at a time in this one process, so a search never sees an import
  // half-done and the version alone is exact; on PostgreSQL entries also expire after 10 s (see SearchCache).
  let cache: SearchCache<CourseSearchResponse> | undefined;
  // And one in-process index (search-index.ts), the one ranker: a search nobody asked before is ranked in memory, and
  // its page's cards, once presented, are kept for the catalogue version.
  let indexes: SearchIndexHolder | undefined;
  const cards = new CardCache();
  routes.get('/api/courses/search', 'public', async (c) => {
    const { db, logger } = c.get('deps');
    cache ??= new SearchCache<CourseSearchResponse>(1000, db.kind === 'embedded' ? Number.POSITIVE_INFINITY : 10_000);
    indexes ??= new SearchIndexHolder(
      (index, ms) => logger.info('search_index_built', { courses: index.courseCount, version: index.version, ms }),
      db.kind === 'embedded' ? Number.POSITIVE_INFINITY : 10_000,
    );
    const query = readQuery(c, courseSearchQuerySchema);
    return c.json(await searchCourses({ db, query, cache, indexes, cards }));
  });

  routes.get('/api/courses/:id', 'public', async (c) => {
    const { id } = readParams(c, courseParamsSchema);
    return c.json(await getCourseDetails({ db: c.get('deps').db, courseId: id }));
  });
}
