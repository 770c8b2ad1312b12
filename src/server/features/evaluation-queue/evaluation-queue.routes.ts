import { evaluationDecisionParamsSchema, transcriptParamsSchema } from '../../../shared/schemas/path-params';
import { evaluationDecisionSchema, evaluationQueueQuerySchema } from '../../../shared/schemas/evaluation-queue';
import { readJson, readParams, readQuery } from '../../http/json-body';
import type { RouteTable } from '../../http/route-table';
import { signedInUser } from '../../http/session';
import { listUnreadableTranscripts, markUnreadableRead } from '../transcripts';
import { decideEvaluationPair, listEvaluationQueue, undoEvaluationDecision } from './evaluation-queue.service';

/** The registrar's evaluation queue: admins with two-factor only (the route table's 'admin' level). */
export function registerEvaluationQueueRoutes(routes: RouteTable) {
  routes.get('/api/admin/evaluation-queue', 'admin', async (c) => {
    const query = readQuery(c, evaluationQueueQuerySchema);
    return c.json(await listEvaluationQueue(c.get('deps').db, query));
  });

  routes.post('/api/admin/evaluation-queue/decisions', 'admin', async (c) => {
    const input = await readJson(c, evaluationDecisionSchema);
    const result = await decideEvaluationPair(c.get('deps').db, { ...input, actor: signedInUser(c), ipAddress: c.get('clientIp') });
    c.get('deps').logger.info('evaluation_pair_decided', { decisionId: result.decisionId, action: input.action, reports: result.reports });
    return c.json(result, result.jobId === null ? 200 : 202);
  });

  // Taking a decision back within its minute: the rule goes, the reports are decided again, the pair returns.
  routes.post('/api/admin/evaluation-queue/decisions/:id/undo', 'admin', async (c) => {
    const { id } = readParams(c, evaluationDecisionParamsSchema);
    const result = await undoEvaluationDecision(c.get('deps').db, { decisionId: id, actor: signedInUser(c), ipAddress: c.get('clientIp') });
    c.get('deps').logger.info('evaluation_decision_undone', { decisionId: id, reports: result.reports });
    return c.json(result);
  });

  // Files students say are transcripts though the reader found no courses in them: read by hand, then marked read.
  routes.get('/api/admin/evaluation-queue/unreadable', 'admin', async (c) => c.json(await listUnreadableTranscripts(c.get('deps').db)));

  routes.post('/api/admin/evaluation-queue/unreadable/:id/read', 'admin', async (c) => {
    const { id } = readParams(c, transcriptParamsSchema);
    await markUnreadableRead(c.get('deps').db, { id, actor: signedInUser(c), ipAddress: c.get('clientIp') });
    return c.body(null, 204);
  });
}
