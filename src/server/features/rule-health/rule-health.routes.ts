import { ruleHealthExportQuerySchema, ruleHealthFindingsQuerySchema, ruleHealthFixSchema, RULE_HEALTH_LISTS } from '../../../shared/schemas/rule-health';
import { csvDownload } from '../../http/file-download';
import { readJson, readQuery } from '../../http/json-body';
import type { RouteTable } from '../../http/route-table';
import { signedInUser } from '../../http/session';
import { fixRuleHealthFinding, listRuleHealthFindings, requestRuleHealthCheck, ruleHealthCsv, ruleHealthSummary } from './rule-health.service';

/** Rule health: admins with two-factor only (the route table's 'admin' level). */
export function registerRuleHealthRoutes(routes: RouteTable) {
  routes.get('/api/admin/rule-health', 'admin', async (c) => c.json(await ruleHealthSummary(c.get('deps').db)));

  routes.get('/api/admin/rule-health/findings', 'admin', async (c) => {
    const query = readQuery(c, ruleHealthFindingsQuerySchema);
    return c.json(await listRuleHealthFindings(c.get('deps').db, query));
  });

  routes.get('/api/admin/rule-health/export', 'admin', (c) => {
    const query = readQuery(c, ruleHealthExportQuerySchema);
    const kind = query.kind;
    const name = `crosswalk-rule-health-${RULE_HEALTH_LISTS[kind].title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${new Date().toISOString().slice(0, 10)}.csv`;
    return csvDownload(ruleHealthCsv(c.get('deps').db, query), name);
  });

  routes.post('/api/admin/rule-health/check', 'admin', async (c) => {
    const queued = await requestRuleHealthCheck(c.get('deps').db);
    return c.json({ queued }, 202);
  });

  routes.post('/api/admin/rule-health/fixes', 'admin', async (c) => {
    const input = await readJson(c, ruleHealthFixSchema);
    const user = signedInUser(c);
    const result = await fixRuleHealthFinding(c.get('deps').db, { ...input, editor: { id: user.id, email: user.email, ipAddress: c.get('clientIp') } });
    c.get('deps').logger.info('rule_health_fixed', { findingId: input.findingId, action: input.action, rules: result.rules, reports: result.reports });
    return c.json(result);
  });
}
