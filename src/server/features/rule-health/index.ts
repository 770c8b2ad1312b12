/**
 * Rule health (issue 38): what is wrong with the equivalency rules (conflicts, courses no catalogue lists, rules past
 * their end or without a start) and the pairs students ask about that no rule covers, checked nightly, with one-click
 * fixes through equivalencies.
 */
export { registerRuleHealthRoutes } from './rule-health.routes';
export { ruleHealthCheckJob, ruleHealthRedecideJob } from './rule-health.jobs';
export { checkRuleHealth, RULE_HEALTH_CHECK_JOB, RULE_HEALTH_REDECIDE_JOB, ruleHealthSummary, scheduleNightlyRuleHealthCheck } from './rule-health.service';
