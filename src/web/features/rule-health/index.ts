/** Rule health (issue 38): its data, fixes and the hub's totals. */
export { RuleHealthTotals } from './rule-health-totals';
export { ruleHealthExportUrl, ruleHealthQueries, useCheckNow, useFixFinding } from './rule-health-queries';
