import { foldAnswer, type QuestionSnapshot, type StudentAnswer } from '@textbook/contracts';

export interface Grade {
  score: number;
  /** true all right, false not (partly right included), null graded by the teacher (short answers). */
  correct: boolean | null;
}

/** Two decimals, so per-blank shares add up without floating noise. */
const cents = (value: number): number => Math.round(value * 100) / 100;

const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'string');

/**
 * Grades a student's answer against the snapshot released to them (pure; answer shapes in contracts
 * `QuestionAnswer`). single and judge: all or nothing. multiple: the exact set scores full; a non-empty set of
 * right choices that misses some scores half, rounded down to a multiple of 0.5; any wrong choice scores 0.
 * blank: each blank is worth an equal share, and matches when it equals one of its accepted answers after
 * trimming, full-width → half-width folding and ignoring case. short: the teacher grades (correct null, 0 now).
 */
export function gradeAnswer(snapshot: QuestionSnapshot, answer: StudentAnswer, fullScore: number): Grade {
  const full = Math.max(0, fullScore);
  const wrong: Grade = { score: 0, correct: false };
  switch (snapshot.type) {
    case 'single':
      return typeof answer === 'string' && answer.trim().toUpperCase() === snapshot.answer
        ? { score: full, correct: true }
        : wrong;
    case 'judge':
      return typeof answer === 'boolean' && answer === snapshot.answer ? { score: full, correct: true } : wrong;
    case 'multiple': {
      if (!isStrings(answer) || !isStrings(snapshot.answer)) return wrong;
      const right = new Set(snapshot.answer);
      const chosen = new Set(answer.map((key) => key.trim().toUpperCase()));
      if (chosen.size === 0) return wrong;
      for (const key of chosen) if (!right.has(key)) return wrong;
      if (chosen.size === right.size) return { score: full, correct: true };
      // Half the score, rounded down to a multiple of 0.5 (5 → 2.5, 3 → 1.5, 2.5 → 1).
      return { score: Math.floor(full) / 2, correct: false };
    }
    case 'blank': {
      const accepted = snapshot.answer;
      if (!Array.isArray(accepted) || accepted.length === 0) return wrong;
      const given = isStrings(answer) ? answer : [];
      let matched = 0;
      accepted.forEach((alternatives, i) => {
        const mine = given[i];
        if (typeof mine !== 'string' || !Array.isArray(alternatives)) return;
        const folded = foldAnswer(mine);
        if (folded !== '' && alternatives.some((a) => foldAnswer(String(a)) === folded)) matched += 1;
      });
      if (matched === accepted.length) return { score: full, correct: true };
      return { score: cents((full * matched) / accepted.length), correct: false };
    }
    case 'short':
      return { score: 0, correct: null };
  }
  return wrong;
}
