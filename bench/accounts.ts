// Accounts (issue #3): member info with a valid token, the call every page makes after login. DESIGN.md §8's
// throughput ratio is a budget for public catalogue reads; this authenticated call (session lookup, member,
// memberships: three queries) is held to the p99 budget and its ratio is reported.
import type { EndpointSpec } from './lib.js';

export const endpoints: EndpointSpec[] = [
  {
    name: 'GET /api/getMemberInfo (teacher)',
    url: '/api/getMemberInfo',
    as: 'teacher',
    budget: { minRatio: 0, maxP99Ms: 50 },
  },
];
