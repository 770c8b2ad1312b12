import { destinationsQuerySchema } from '../../../shared/schemas/destinations';
import { TRANSCRIPT_TOKEN_HEADER } from '../../../shared/schemas/transcripts';
import { transcriptParamsSchema } from '../../../shared/schemas/path-params';
import { readParams, readQuery } from '../../http/json-body';
import type { RouteTable } from '../../http/route-table';
import { getTranscriptDestinations } from './destinations.service';

/** "Where your credits count": who may ask is the transcript's read policy (owner, visitor token, admin with two-factor). */
export function registerDestinationRoutes(routes: RouteTable) {
  routes.get('/api/transcripts/:id/destinations', 'public', async (c) => {
    const { id } = readParams(c, transcriptParamsSchema);
    const query = readQuery(c, destinationsQuerySchema);
    const answer = await getTranscriptDestinations(c.get('deps'), {
      id,
      user: c.get('user'),
      visitorToken: c.req.header(TRANSCRIPT_TOKEN_HEADER),
      ipAddress: c.get('clientIp'),
      requestId: c.get('requestId'),
      query,
    });
    c.header('Cache-Control', 'no-store');
    return c.json(answer);
  });
}
