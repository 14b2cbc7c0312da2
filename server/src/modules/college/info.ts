import { CollegeMsg, CollegeText, Msg, PHONE_PATTERN, Role, type PageQuery } from '@textbook/contracts';
import type { MemberActor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import type { SheetUpload } from '../../http/sheet-upload.js';
import { AppError, notFound, refused } from '../../http/errors.js';
import { pageOf, pageWindow } from '../../http/paging.js';
import { invalidate, tag } from '../../http/read-cache.js';
import { addMembership, createMember, removeMembership, updateMembership } from '../member/index.js';
import { exportTable } from './exports.js';
import * as q from './queries.js';
import * as sq from './seat-queries.js';
import { collegeOf, revoke } from './seats.js';

/** The current college's details (any member of it reads them). */
export async function collegeDetail(ctx: AppContext, actor: MemberActor) {
  if (actor.collegeId === null) throw notFound();
  const college = await q.findCollege(ctx.db, actor.collegeId);
  if (!college) throw notFound();
  return { ...college, memberCount: Number(college.memberCount) };
}

type CollegeFields = Parameters<typeof q.updateCollege>[2];

/** The one way a college's fields change (its administrator, the staff): its members' cached reads show its name. */
export async function writeCollege(ctx: AppContext, collegeId: number, values: CollegeFields): Promise<void> {
  await q.updateCollege(ctx.db, collegeId, values);
  invalidate(ctx, tag.college(collegeId));
}

export async function editCollege(ctx: AppContext, actor: MemberActor, values: CollegeFields) {
  await writeCollege(ctx, collegeOf(actor), values);
  return collegeDetail(ctx, actor);
}

const ROLES = new Set<number>(Object.values(Role));

export async function collegeUsers(
  ctx: AppContext,
  actor: MemberActor,
  query: PageQuery & { keyword?: string | undefined; role?: number | undefined },
) {
  const page = await q.pageCollegeUsers(ctx.db, collegeOf(actor), {
    keyword: query.keyword,
    role: query.role,
    ...pageWindow(query),
  });
  return pageOf(page.rows.map(userView), page.total);
}

function rolesOf(roles: string): number[] {
  return roles
    .split(',')
    .map(Number)
    .filter((n) => ROLES.has(n));
}

function userView(r: q.MembershipRecord) {
  return {
    id: r.id,
    memberId: r.memberId,
    realName: r.realName ?? '',
    phone: r.phone ?? '',
    studentId: r.studentId,
    roles: rolesOf(r.roles),
    hasGrant: Boolean(r.hasGrant),
    createTime: r.createTime,
  };
}

export type Membership = q.MembershipRecord;

export async function loadMembership(ctx: AppContext, id: number): Promise<Membership> {
  const row = await q.findMembership(ctx.db, id);
  if (!row) throw notFound();
  return row;
}

export const userDetail = (m: Membership) => userView(m);

/** Who a phone belongs to, before the admin adds it (the name, or none: an account will be made). */
export async function nameByPhone(ctx: AppContext, actor: MemberActor, phone: string) {
  const member = await q.findMemberByPhone(ctx.db, phone, collegeOf(actor));
  if (!member) return { exists: false, name: '', inCollege: false };
  const inCollege = Boolean(await q.membershipOf(ctx.db, collegeOf(actor), member.id));
  return { exists: true, name: member.realName || member.userName, inCollege };
}

const roleText = (roles: number[]) => [...new Set(roles)].sort().join(',');

/**
 * Adds a member by phone with roles, student id and real name. A phone with no account gets one, and its
 * owner is told by SMS (through the SMS adapter) that the college added them.
 */
export async function addUser(
  ctx: AppContext,
  actor: MemberActor,
  input: { phone: string; realName: string; studentId: string; roles: number[]; hasGrant?: boolean | undefined },
) {
  const collegeId = collegeOf(actor);
  const college = await q.findCollege(ctx.db, collegeId);
  let member = await q.findMemberByPhone(ctx.db, input.phone);
  let created = false;
  if (!member) {
    const id = await createMember(ctx, {
      phone: input.phone,
      userName: input.realName || CollegeText.NEW_USER_NAME(input.phone),
    });
    member = { id, realName: '', userName: '' };
    created = true;
  }
  const id = await addMembership(
    ctx,
    ctx.db,
    {
      collegeId,
      memberId: member.id,
      roles: roleText(input.roles),
      realName: input.realName,
      studentId: input.studentId,
      hasGrant: Boolean(input.hasGrant),
    },
    Date.now(),
  );
  if (id === undefined) throw refused(CollegeMsg.USER_EXISTS);
  if (created) {
    await ctx.sms.send({
      phone: input.phone,
      code: '',
      text: CollegeText.NEW_ACCOUNT_SMS(college?.name ?? ''),
    });
  }
  return userView((await q.findMembership(ctx.db, id))!);
}

export async function updateUser(
  ctx: AppContext,
  actor: MemberActor,
  m: Membership,
  input: { realName: string; studentId: string; roles: number[]; hasGrant?: boolean | undefined },
) {
  if (m.memberId === actor.memberId && !input.roles.includes(Role.COLLEGE_ADMIN)) throw refused(CollegeMsg.SELF_ADMIN);
  await updateMembership(ctx, ctx.db, m, {
    roles: roleText(input.roles),
    realName: input.realName,
    studentId: input.studentId,
    hasGrant: input.hasGrant,
  });
  return userView((await q.findMembership(ctx.db, m.id))!);
}

/** Removes a member from the college: the seats they held come back through the ledger first. */
export async function removeUser(ctx: AppContext, actor: MemberActor, m: Membership): Promise<void> {
  if (m.memberId === actor.memberId) throw refused(CollegeMsg.SELF_ADMIN);
  for (const cbId of await q.heldBooks(ctx.db, m.collegeId, m.memberId)) {
    const cb = await sq.findCollegeBook(ctx.db, cbId);
    if (cb) await revoke(ctx, actor, cb, [m.memberId]);
  }
  await removeMembership(ctx, ctx.db, m);
}

const ROLE_NAMES = CollegeText.ROLE_NAMES;
const UH = CollegeText.USERS_HEADERS;

export async function exportUsers(ctx: AppContext, actor: MemberActor, type: number) {
  const page = await q.pageCollegeUsers(ctx.db, collegeOf(actor), { offset: 0, limit: 100_000 });
  return exportTable(
    ctx,
    {
      title: CollegeText.USERS_TITLE,
      columns: [
        { header: UH.name, key: 'name', width: 16 },
        { header: UH.phone, key: 'phone', width: 16 },
        { header: UH.studentId, key: 'studentId', width: 20 },
        { header: UH.roles, key: 'roles', width: 20 },
      ],
      rows: page.rows.map((r) => ({
        name: r.realName ?? '',
        phone: r.phone ?? '',
        studentId: r.studentId,
        roles: rolesOf(r.roles)
          .map((n) => ROLE_NAMES[n])
          .join('、'),
      })),
    },
    type,
  );
}

const TH = CollegeText.TEMPLATE_HEADERS;
const TEMPLATE_COLUMNS = [
  { header: TH.phone, key: 'phone', width: 16 },
  { header: TH.name, key: 'name', width: 16 },
  { header: TH.studentId, key: 'studentId', width: 20 },
  { header: TH.role, key: 'role', width: 12 },
];

/** The import template: the columns and one example row. */
export function userTemplate(ctx: AppContext) {
  return exportTable(
    ctx,
    {
      title: CollegeText.TEMPLATE_TITLE,
      columns: TEMPLATE_COLUMNS,
      rows: [CollegeText.TEMPLATE_EXAMPLE],
    },
    0,
  );
}

const ROLE_WORDS = CollegeText.ROLE_WORDS;
/** Columns the import reads: phone, name, student id, role. */
export const IMPORT_WIDTH = TEMPLATE_COLUMNS.length;
/** Rows written between two turns of the event loop (other requests are answered in between). */
const ROWS_PER_TURN = 50;

interface ImportLine {
  row: number;
  phone: string;
  result: 'added' | 'updated' | 'refused' | 'example';
  reason: string;
}

const EXAMPLE = CollegeText.TEMPLATE_EXAMPLE;
/** A row that is the template's example: its phone and name (the name says it is an example) left as written. */
const isTemplateExample = ([phone = '', name = '']: string[]) =>
  phone.trim() === EXAMPLE.phone && name.trim() === EXAMPLE.name;

/**
 * Imports members from the template (read and checked by the shared sheet reader), row by row: a new phone is
 * added (an account made and told by SMS), a member already in the college gets the row's name, student id and
 * role added; a bad row is refused with its reason and nothing of it is written. The template's example row is
 * reported and skipped; a file of nothing else is refused, saying so.
 */
export async function importUsers(ctx: AppContext, actor: MemberActor, sheet: SheetUpload) {
  const collegeId = collegeOf(actor);
  if (sheet.header[0] !== TH.phone) throw refused(CollegeMsg.IMPORT_FILE);
  if (sheet.rows.length && sheet.rows.every(({ cells }) => isTemplateExample(cells)))
    throw refused(CollegeMsg.IMPORT_ONLY_EXAMPLES);
  const lines: ImportLine[] = [];
  const seen = new Set<string>();
  for (const [n, { row: r, cells }] of sheet.rows.entries()) {
    if (n > 0 && n % ROWS_PER_TURN === 0) await new Promise((done) => setImmediate(done));
    const [phone = '', name = '', studentId = '', roleWord = ''] = cells;
    if (isTemplateExample(cells)) {
      lines.push({ row: r, phone, result: 'example', reason: CollegeMsg.IMPORT_EXAMPLE_ROW });
      continue;
    }
    const refuse = (reason: string) => lines.push({ row: r, phone, result: 'refused', reason });
    if (!PHONE_PATTERN.test(phone)) {
      refuse(Msg.PHONE_FORMAT);
      continue;
    }
    if (seen.has(phone)) {
      refuse(CollegeMsg.IMPORT_DUPLICATE);
      continue;
    }
    seen.add(phone);
    const role = ROLE_WORDS[roleWord || CollegeText.DEFAULT_ROLE_WORD];
    if (role === undefined) {
      refuse(CollegeMsg.IMPORT_ROLE);
      continue;
    }
    if (name.length > 50 || studentId.length > 50) {
      refuse(CollegeMsg.IMPORT_FIELD_MAX);
      continue;
    }
    try {
      const member = await q.findMemberByPhone(ctx.db, phone);
      const membership = member ? await q.membershipOf(ctx.db, collegeId, member.id) : undefined;
      if (member && membership) {
        const current = (await q.findMembership(ctx.db, membership.id))!;
        const roles = [...new Set([...rolesOf(current.roles), role])];
        await updateMembership(
          ctx,
          ctx.db,
          { id: membership.id, memberId: member.id },
          {
            roles: roleText(roles),
            realName: name || current.realName || '',
            studentId: studentId || current.studentId,
          },
        );
        lines.push({ row: r, phone, result: 'updated', reason: '' });
      } else {
        await addUser(ctx, actor, { phone, realName: name, studentId, roles: [role] });
        lines.push({ row: r, phone, result: 'added', reason: '' });
      }
    } catch (err) {
      refuse(err instanceof AppError ? err.message : Msg.GENERIC);
    }
  }
  return {
    added: lines.filter((l) => l.result === 'added').length,
    updated: lines.filter((l) => l.result === 'updated').length,
    refused: lines.filter((l) => l.result === 'refused').length,
    examples: lines.filter((l) => l.result === 'example').length,
    rows: lines,
  };
}
