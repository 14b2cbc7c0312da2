import type { ClassCreate } from '@textbook/contracts';
import { grantShelfEntry } from '../../src/modules/shelf/service.js';
import { buildBook, createClass, join, validClass } from '../classes.js';
import { buildMember, type BuiltMember } from '../factories.js';
import { expectOk } from '../helpers.js';
import type { MatrixWorld } from './world.js';

/** A world's fixture, made once per matrix world (the first case that needs it makes it). */
export function perWorld<T>(make: (w: MatrixWorld) => Promise<T>): (w: MatrixWorld) => Promise<T> {
  const made = new WeakMap<MatrixWorld, Promise<T>>();
  return (w) => {
    let found = made.get(w);
    if (!found) made.set(w, (found = make(w)));
    return found;
  };
}

export interface ForeignClass {
  classId: number;
  bookId: number;
  code: string;
  owner: BuiltMember;
  /** Joined the class (directly when the class needs no review), unless `student: false`. */
  student: BuiltMember | null;
}

/**
 * A class of a teacher who is none of the callers, in the callers' college (the teacher holds a sample copy of
 * its book): the `teacher` caller passes the teaching gates but does not teach it, the `student` caller studies
 * elsewhere, `otherCollege` is of another college. Each call makes a new class.
 */
export async function foreignClass(
  w: MatrixWorld,
  options: { klass?: Partial<ClassCreate>; student?: boolean } = {},
): Promise<ForeignClass> {
  const db = w.t.ctx.db;
  const college = { id: w.collegeId };
  const owner = await buildMember(db, { college, roles: '2' });
  const bookId = await buildBook(db);
  await grantShelfEntry(w.t.ctx, db, {
    memberId: owner.id,
    bookId,
    source: 'sample',
    sourceRef: 1,
    collegeId: college.id,
  });
  const cls = await createClass(w.t, owner.token, validClass(bookId, options.klass));
  let student: BuiltMember | null = null;
  if (options.student !== false) {
    student = await buildMember(db, { college, roles: '3' });
    expectOk(await join(w.t, student.token, cls.code));
  }
  return { classId: cls.id, bookId, code: cls.code, owner, student };
}
