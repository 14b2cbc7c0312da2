import type { IdorCase } from '../world.js';

/**
 * Account routes decide on a fact about the caller: switching to a college that is another's (the callers' other
 * college, where the teacher is no member), and the editor address without the caller's extras flag.
 */
export const cases: IdorCase[] = [
  {
    route: 'POST /api/college/switch',
    make: async (w) => ({ caller: 'teacher', url: '/api/college/switch', payload: { collegeId: w.otherCollegeId } }),
  },
  {
    route: 'POST /api/college/switch',
    make: async (w) => ({ caller: 'otherCollege', url: '/api/college/switch', payload: { collegeId: w.collegeId } }),
  },
  {
    route: 'GET /api/member/checkEditorToken',
    make: async () => ({ caller: 'teacher', url: '/api/member/checkEditorToken' }),
  },
  {
    route: 'GET /api/member/openEditor',
    make: async () => ({ caller: 'student', url: '/api/member/openEditor' }),
  },
];
