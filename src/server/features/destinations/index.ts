/**
 * "Where your credits count" (issue 39): a transcript ranked at every school Crosswalk can decide it for, by the
 * credits that transfer, split by verdict class, with the intended major's program where loaded. Decision 180.
 */
export { registerDestinationRoutes } from './destinations.routes';
export { decideDestinations, forgetDecidedDestinations, getTranscriptDestinations } from './destinations.service';
export { rankDestinations, type DecidedDestination } from './rank-destinations';
