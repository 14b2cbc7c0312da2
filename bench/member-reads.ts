// Member reads (issue #21): what every page of a logged-in member asks — member info, the shelf, my classes,
// the notice badge — held to the catalogue's pace: at least 0.6× the bare hello route, p99 ≤ 20 ms at 64
// connections. `npm run bench -- --only member` runs only these rows (plus hello before and after).
import type { EndpointSpec } from './lib.js';

const MEMBER_READ_BUDGET = { minRatio: 0.6, maxP99Ms: 20 };

export const endpoints: EndpointSpec[] = [
  { name: 'member: getMemberInfo (teacher)', url: '/api/getMemberInfo', as: 'teacher' },
  { name: 'member: getMemberInfo (student)', url: '/api/getMemberInfo', as: 'student' },
  { name: 'member: shelf page (student)', url: '/api/shelfBook/page?pageNum=1&pageSize=12', as: 'student' },
  { name: 'member: my classes (student)', url: '/api/class/student/myClass', method: 'POST', body: {}, as: 'student' },
  { name: 'member: notice count (student)', url: '/api/msg-notice/count', as: 'student' },
].map((spec) => ({ ...spec, budget: MEMBER_READ_BUDGET }) as EndpointSpec);
