import {
  CertState,
  CertStateLabel,
  PeopleMsg,
  Role,
  type CertApply,
  type CertRow,
  type PageQuery,
} from '@textbook/contracts';
import type { MemberActor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import { notFound, refused } from '../../http/errors.js';
import { pageOf, pageWindow } from '../../http/paging.js';
import { collegeChoices, collegeName } from '../college/index.js';
import { IMAGE_ROUTE } from '../content/index.js';
import { giveRole, memberships } from '../member/index.js';
import { notify } from '../notice/index.js';
import { parseRoles } from '../session/index.js';
import * as q from './queries.js';

/**
 * Teacher certifications (issue 19): a member asks to be certified as a teacher of a college (real name, a short
 * proof text and/or a picture uploaded through the site's image route); the staff's review menu approves (the
 * member's membership of that college gains the teacher role, code 2, so the sample-book check passes) or
 * rejects with a reason the member sees on their page and in a notice.
 */

export type Cert = q.CertRecord;

function view(r: Cert): CertRow {
  return {
    ...r,
    phone: r.phone ?? '',
    state: Number(r.state),
    stateLabel: CertStateLabel[Number(r.state)] ?? '',
    decidedAt: r.decidedAt === null ? null : Number(r.decidedAt),
  };
}

export async function loadCert(ctx: AppContext, id: number): Promise<Cert> {
  const cert = await q.findCert(ctx.db, id);
  if (!cert) throw notFound();
  return cert;
}

export async function myCert(ctx: AppContext, actor: MemberActor): Promise<CertRow | null> {
  const cert = await q.latestOf(ctx.db, actor.memberId);
  return cert ? view(cert) : null;
}

export const colleges = (ctx: AppContext, keyword: string | undefined) => collegeChoices(ctx, keyword);

export async function apply(ctx: AppContext, actor: MemberActor, input: CertApply): Promise<CertRow> {
  // Only a picture uploaded through our own image route: no hot-linking of other sites in staff screens.
  if (input.proofImage && (!input.proofImage.startsWith(IMAGE_ROUTE) || input.proofImage.includes('..'))) {
    throw refused(PeopleMsg.CERT_IMAGE);
  }
  if (!(await collegeName(ctx, input.collegeId))) throw refused(PeopleMsg.CERT_COLLEGE);
  const mine = await memberships(ctx, actor.memberId);
  const there = mine.find((m) => m.collegeId === input.collegeId);
  if (there && parseRoles(there.roles).includes(Role.TEACHER)) throw refused(PeopleMsg.CERT_ALREADY);
  if (await q.waitingOf(ctx.db, actor.memberId)) throw refused(PeopleMsg.CERT_PENDING);
  const { id } = await q.insertCert(ctx.db, {
    member_id: actor.memberId,
    college_id: input.collegeId,
    real_name: input.realName,
    proof: input.proof,
    proof_image: input.proofImage,
    created_at: Date.now(),
  });
  return view((await q.findCert(ctx.db, id))!);
}

export async function page(
  ctx: AppContext,
  query: PageQuery & { keyword?: string | undefined; state?: number | undefined },
) {
  const { rows, total } = await q.pageCerts(ctx.db, {
    keyword: query.keyword,
    state: query.state,
    ...pageWindow(query),
  });
  return pageOf(rows.map(view), total);
}

/** Approves once: in one transaction the application is decided and the member becomes the college's teacher. */
export async function approve(ctx: AppContext, staffId: number, cert: Cert): Promise<CertRow> {
  const now = Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await q.decide(trx, cert.id, CertState.APPROVED, staffId, '', now))) {
      throw refused(PeopleMsg.CERT_DECIDED);
    }
    await giveRole(
      ctx,
      trx,
      { memberId: cert.memberId, collegeId: cert.collegeId, role: Role.TEACHER, realName: cert.realName },
      now,
    );
  });
  await notify(ctx, [
    {
      member_id: cert.memberId,
      type: 'system',
      title: PeopleMsg.CERT_NOTICE_APPROVED,
      content: PeopleMsg.CERT_NOTICE_APPROVED_BODY(cert.collegeName),
      book_id: null,
      link: '/my/teacherCert',
    },
  ]);
  return view((await q.findCert(ctx.db, cert.id))!);
}

export async function reject(ctx: AppContext, staffId: number, cert: Cert, reason: string): Promise<CertRow> {
  if (!(await q.decide(ctx.db, cert.id, CertState.REJECTED, staffId, reason, Date.now()))) {
    throw refused(PeopleMsg.CERT_DECIDED);
  }
  await notify(ctx, [
    {
      member_id: cert.memberId,
      type: 'system',
      title: PeopleMsg.CERT_NOTICE_REJECTED,
      content: PeopleMsg.CERT_NOTICE_REJECTED_BODY(reason),
      book_id: null,
      link: '/my/teacherCert',
    },
  ]);
  return view((await q.findCert(ctx.db, cert.id))!);
}
