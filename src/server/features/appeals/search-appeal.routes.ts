import { searchAppealSchema } from '../../../shared/schemas/transcripts';
import { readJson } from '../../http/json-body';
import type { RouteTable } from '../../http/route-table';
import { submitSearchAppeal } from './search-appeal.service';

/** `POST /api/appeals`: the search screen's 'Submit an Appeal' dialog (spec sections 4 and 7). */
export function registerSearchAppealRoutes(routes: RouteTable) {
  routes.post('/api/appeals', 'student', async (c) => {
    const body = await readJson(c, searchAppealSchema);
    const user = c.get('user')!;
    const result = await submitSearchAppeal(c.get('deps').db, { student: { id: user.id, name: user.name, email: user.email }, ...body });
    c.get('deps').logger.info('appeal_submitted', { appealId: result.appeal.id, userId: user.id });
    return c.json(result, 201);
  });
}
