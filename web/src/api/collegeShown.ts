import { useEffect } from 'react';

/**
 * The college the screens have drawn: every mounted `useMember` reports, after React has committed it, the
 * college of the member it shows. A college switch waits for this before it asks the rest again, so a page the
 * new roles close has already unmounted (its queries are never asked in the new college).
 */
let shown: number | null = null;
let mounted = 0;
const waiters = new Set<() => void>();

function settle(): void {
  for (const wake of waiters) wake();
}

/** Reports the college a mounted screen shows (call it from the member's hook). */
export function useReportCollegeShown(collegeId: number | null | undefined): void {
  useEffect(() => {
    mounted += 1;
    return () => {
      mounted -= 1;
      settle();
    };
  }, []);
  useEffect(() => {
    if (collegeId === undefined) return;
    shown = collegeId;
    settle();
  }, [collegeId]);
}

/** Resolves once the screens show the college (at once when no screen shows a member). */
export function collegeShown(collegeId: number | null): Promise<void> {
  return new Promise((resolve) => {
    const wake = () => {
      if (mounted > 0 && shown !== collegeId) return;
      waiters.delete(wake);
      resolve();
    };
    waiters.add(wake);
    wake();
  });
}
