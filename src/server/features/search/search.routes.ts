import { courseIdParamSchema } from '../../../shared/schemas/course';
import { courseSearchQuerySchema } from '../../../shared/schemas/search';
import type { RouteTable } from '../../http/route-table';
import { getCourseDetails, searchCourses } from './search.service';

/** Public course search and course details (spec sections 2 and 3). */
export function registerSearchRoutes(routes: RouteTable) {
  routes.get('/api/courses/search', 'public', async (c) => {
    const query = courseSearchQuerySchema.parse(c.req.query());
    return c.json(await searchCourses({ db: c.get('deps').db, query }));
  });

  routes.get('/api/courses/:id', 'public', async (c) => {
    const { id } = courseIdParamSchema.parse({ id: c.req.param('id') });
    return c.json(await getCourseDetails({ db: c.get('deps').db, courseId: id }));
  });
}
