import { AuthMsg, type MemberCollege } from '@textbook/contracts';
import type { MemberActor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import { notFound, refused } from '../../http/errors.js';
import { invalidate, tag } from '../../http/read-cache.js';
import { consumeCode, readNewPassword, sendCode, setMemberPassword, type CodePurpose } from '../auth/index.js';
import {
  addToCollege,
  createMember,
  isMemberOfCollege,
  memberProfile,
  memberships,
  phoneInUse,
  setCurrentCollege,
  updateMemberFields,
} from '../member/index.js';
import { addCollege } from '../college/index.js';
import { closeSessionsOfMember, parseRoles } from '../session/index.js';
import { AVATAR_ROUTE, avatarName, normalizeAvatar } from './avatar.js';

/** A verified old phone opens the window for changing to a new one. */
const PHONE_CHANGE_WINDOW_MS = 10 * 60_000;

async function profile(ctx: AppContext, memberId: number) {
  const found = await memberProfile(ctx, memberId);
  if (!found) throw notFound();
  return found;
}

export async function listColleges(ctx: AppContext, memberId: number): Promise<MemberCollege[]> {
  const member = await profile(ctx, memberId);
  const rows = await memberships(ctx, memberId);
  const current = rows.some((r) => r.collegeId === member.currentCollegeId)
    ? member.currentCollegeId
    : rows[0]?.collegeId;
  return rows.map((r) => ({
    id: r.collegeId,
    name: r.collegeName,
    roleList: parseRoles(r.roles),
    current: r.collegeId === current,
  }));
}

export async function isMemberOf(ctx: AppContext, memberId: number, collegeId: number): Promise<boolean> {
  return isMemberOfCollege(ctx, memberId, collegeId);
}

export async function switchCollege(ctx: AppContext, memberId: number, collegeId: number): Promise<void> {
  // The member's sessions now act in the other college (setCurrentCollege tells the caches).
  await setCurrentCollege(ctx, memberId, collegeId);
}

export async function editorFlag(ctx: AppContext, memberId: number): Promise<{ yxMenu: boolean }> {
  return { yxMenu: Boolean((await profile(ctx, memberId)).yxMenu) };
}

export function editorUrl(ctx: AppContext): string {
  if (!ctx.config.accounts.editorUrl) throw refused(AuthMsg.EDITOR_MISSING);
  return ctx.config.accounts.editorUrl;
}

/** The editor address with the member's token appended (spec: the editor URL "with the token appended"). */
export function editorUrlWithToken(ctx: AppContext, token: string): string {
  let url: URL;
  try {
    url = new URL(editorUrl(ctx));
  } catch {
    throw refused(AuthMsg.EDITOR_MISSING);
  }
  url.searchParams.set('token', token);
  return url.toString();
}

export async function updateName(ctx: AppContext, memberId: number, userName: string): Promise<void> {
  await updateMemberFields(ctx, memberId, { user_name: userName });
}

/** Stores the new avatar under a generated name and removes the old file. Answers its URL. */
export async function updateAvatar(ctx: AppContext, memberId: number, bytes: Buffer): Promise<string> {
  const member = await profile(ctx, memberId);
  const image = await normalizeAvatar(ctx.workers, bytes, ctx.config.imageMaxPixels);
  const storage = ctx.files.avatars;
  await storage.put(image.name, image.bytes);
  const url = AVATAR_ROUTE + image.name;
  await updateMemberFields(ctx, memberId, { avatar: url });
  const old = avatarName(member.avatar);
  if (old) await storage.delete(old).catch(() => undefined);
  return url;
}

async function ownPhone(ctx: AppContext, memberId: number): Promise<string> {
  const { phone } = await profile(ctx, memberId);
  if (!phone) throw refused(AuthMsg.NO_PHONE);
  return phone;
}

/** Sends a code to the member's own phone (change password, or the first step of a phone change). */
export async function sendOwnCode(
  ctx: AppContext,
  memberId: number,
  purpose: Extract<CodePurpose, 'changePwd' | 'changePhoneOld'>,
  address: string,
): Promise<void> {
  await sendCode(ctx, ctx.limits, ctx.sms, { phone: await ownPhone(ctx, memberId), purpose, address });
}

/** Changes the password with a code sent to the current phone; the member's other sessions end. */
export async function changePassword(
  ctx: AppContext,
  actor: MemberActor,
  input: { code: string; password: string; confirmPassword: string },
): Promise<void> {
  const password = readNewPassword(ctx, input);
  const phone = await ownPhone(ctx, actor.memberId);
  await consumeCode(ctx, { phone, purpose: 'changePwd', code: input.code });
  await setMemberPassword(ctx, actor.memberId, password);
  await closeSessionsOfMember(ctx, ctx.db, actor.memberId, actor.sessionId);
}

const windowKey = (memberId: number) => `phoneChange:${memberId}`;

/** Step 2 of a phone change: the code sent to the old phone is right; the window for a new phone opens. */
export async function verifyOldPhone(ctx: AppContext, memberId: number, code: string): Promise<void> {
  const phone = await ownPhone(ctx, memberId);
  await consumeCode(ctx, { phone, purpose: 'changePhoneOld', code });
  await ctx.kv.set(windowKey(memberId), phone, PHONE_CHANGE_WINDOW_MS);
}

async function checkNewPhone(ctx: AppContext, memberId: number, newPhone: string): Promise<void> {
  const verifiedOld = await ctx.kv.get(windowKey(memberId));
  if (!verifiedOld || verifiedOld !== (await ownPhone(ctx, memberId))) throw refused(AuthMsg.OLD_PHONE_FIRST);
  if (newPhone === verifiedOld) throw refused(AuthMsg.SAME_PHONE);
  if (await phoneInUse(ctx, newPhone)) throw refused(AuthMsg.PHONE_TAKEN);
}

/** Step 3: a code to the new phone, only inside the window. */
export async function sendNewPhoneCode(
  ctx: AppContext,
  memberId: number,
  newPhone: string,
  address: string,
): Promise<void> {
  await checkNewPhone(ctx, memberId, newPhone);
  await sendCode(ctx, ctx.limits, ctx.sms, { phone: newPhone, purpose: 'changePhoneNew', address });
}

/** Step 4: the new phone's code is right; the phone changes and the window closes. */
export async function changePhone(
  ctx: AppContext,
  memberId: number,
  input: { newPhone: string; code: string },
): Promise<void> {
  await checkNewPhone(ctx, memberId, input.newPhone);
  await consumeCode(ctx, { phone: input.newPhone, purpose: 'changePhoneNew', code: input.code });
  await updateMemberFields(ctx, memberId, { phone: input.newPhone });
  await ctx.kv.del(windowKey(memberId));
}

/** Test routes only: a member with memberships in new colleges, the first current. */
export async function createTestMember(
  ctx: AppContext,
  input: { phone: string; colleges: { name: string; roles: string }[] },
): Promise<{ memberId: number; collegeIds: number[] }> {
  const memberId = await createMember(ctx, { phone: input.phone, userName: `用户${input.phone.slice(-4)}` });
  const collegeIds: number[] = [];
  for (const c of input.colleges) {
    const now = Date.now();
    const collegeId = await addCollege(ctx, c.name, now);
    await addToCollege(ctx, memberId, { collegeId, roles: c.roles }, now);
    collegeIds.push(collegeId);
  }
  if (collegeIds[0]) await setCurrentCollege(ctx, memberId, collegeIds[0]);
  invalidate(ctx, tag.member(memberId));
  return { memberId, collegeIds };
}
