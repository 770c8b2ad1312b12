import { institutionCreateSchema, institutionListQuerySchema, institutionUpdateSchema, schoolSearchQuerySchema } from '../../../shared/schemas/equivalencies';
import { institutionParamsSchema } from '../../../shared/schemas/path-params';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { readJson, readParams, readQuery } from '../../http/json-body';
import type { RouteTable } from '../../http/route-table';
import { changeInstitution, createInstitution, listInstitutions } from './institutions.service';
import { firstChoiceSchools, suggestSchools } from './school-names.service';

const actorOf = (c: Context<AppEnv>) => {
  const user = c.get('user');
  return { id: user?.id ?? null, email: user?.email ?? null, ipAddress: c.get('clientIp') };
};

/** Universities Management (admin). Every change is audited. Anyone picks schools by name (search is public too). */
export function registerInstitutionRoutes(routes: RouteTable) {
  routes.get('/api/schools', 'public', async (c) => {
    const { q, list, state } = readQuery(c, schoolSearchQuerySchema);
    const db = c.get('deps').db;
    return c.json({ schools: q ? await suggestSchools({ db, text: q, state }) : await firstChoiceSchools(db, list ?? 'search') });
  });

  routes.get('/api/admin/institutions', 'admin', async (c) => {
    const { q } = readQuery(c, institutionListQuerySchema);
    return c.json({ institutions: await listInstitutions({ db: c.get('deps').db, search: q }) });
  });

  routes.post('/api/admin/institutions', 'admin', async (c) => {
    const input = await readJson(c, institutionCreateSchema);
    const institution = await createInstitution({ db: c.get('deps').db, input, actor: actorOf(c) });
    return c.json({ institution }, 201);
  });

  routes.patch('/api/admin/institutions/:id', 'admin', async (c) => {
    const { id } = readParams(c, institutionParamsSchema);
    const input = await readJson(c, institutionUpdateSchema);
    const institution = await changeInstitution({ db: c.get('deps').db, id, input, actor: actorOf(c) });
    return c.json({ institution });
  });
}
