import { createRequire } from 'node:module';

/** The part of autocannon's API the benchmarks use (the package ships no types; @types/autocannon is not installed). */
export interface AutocannonResult {
  requests: { average: number; total?: number };
  latency: { p50: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

export type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  requests?: Array<{ setupRequest: (request: { path: string }) => { path: string } }>;
}) => Promise<AutocannonResult>;

export const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
