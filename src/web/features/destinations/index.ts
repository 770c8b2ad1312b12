/**
 * "Where your credits count" (issue 39): a transcript ranked at every school Crosswalk can decide it for, beside the
 * report, and the hub's "Your best matches".
 */
export { BestMatches, compareHref, DestinationsPanel } from './destinations-panel';
