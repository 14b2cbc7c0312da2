import type { Db } from '../../db/connection.js';

export function findMembership(db: Db, memberId: number, collegeId: number) {
  return db
    .selectFrom('college_members')
    .select('id')
    .where('member_id', '=', memberId)
    .where('college_id', '=', collegeId)
    .executeTakeFirst();
}

export function findProfile(db: Db, memberId: number) {
  return db
    .selectFrom('members')
    .select(['id', 'phone', 'avatar', 'extras_yx_menu as yxMenu', 'current_college_id as currentCollegeId'])
    .where('id', '=', memberId)
    .executeTakeFirst();
}

export function updateMember(
  db: Db,
  memberId: number,
  values: { user_name?: string; avatar?: string; phone?: string; updated_at: number },
) {
  return db.updateTable('members').set(values).where('id', '=', memberId).execute();
}

export function phoneTaken(db: Db, phone: string) {
  return db.selectFrom('members').select('id').where('phone', '=', phone).executeTakeFirst();
}
