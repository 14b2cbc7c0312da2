import { describe, expect, it } from 'vitest';
import {
  SiteMsg,
  type FeedbackItem,
  type HelpContent,
  type HelpTopic,
  type NoticeItem,
  type Paged,
} from '@textbook/contracts';
import { buildMember, buildStaff } from '../../../test/factories.js';
import { call, expectOk, expectRefused, useTestApp } from '../../../test/helpers.js';

describe('help topics and contents', () => {
  const t = useTestApp();

  it('staff write help; anyone reads it by topic, by id or by keyword; visits are counted for staff', async () => {
    const staff = await buildStaff(t.ctx.db);
    const member = await buildMember(t.ctx.db);
    const post = (url: string, payload: object) =>
      call<{ id: number }>(t.app, { method: 'POST', url, token: staff.token, payload }).then(expectOk);
    const account = await post('/api/admin/help/topic', { name: '账号与登录', sort: 0 });
    const reading = await post('/api/admin/help/topic', { name: '阅读', sort: 1 });
    const reset = await post('/api/admin/help/content', {
      topicId: account.id,
      title: '忘记密码怎么办',
      body: '<p>通过手机验证码重设密码。</p><script>x()</script>',
    });
    await post('/api/admin/help/content', {
      topicId: reading.id,
      title: '如何做笔记',
      body: '<p>选中文字后点击笔记。</p>',
    });
    expect(
      (await call(t.app, { method: 'POST', url: '/api/admin/help/topic', token: member.token, payload: { name: 'x' } }))
        .status,
    ).toBe(403);

    const topics = expectOk(await call<Paged<HelpTopic>>(t.app, { url: '/api/help/topic/page' }));
    expect(topics.rows.map((r) => r.name)).toEqual(['账号与登录', '阅读']);
    const ofTopic = expectOk(
      await call<Paged<HelpContent>>(t.app, { url: `/api/help/content/page?topicId=${account.id}` }),
    );
    expect(ofTopic.rows).toHaveLength(1);
    expect(ofTopic.rows[0]).toMatchObject({
      title: '忘记密码怎么办',
      topicName: '账号与登录',
      body: '<p>通过手机验证码重设密码。</p>',
    });
    const found = expectOk(
      await call<Paged<HelpContent>>(t.app, { url: `/api/help/content/page?keyword=${encodeURIComponent('笔记')}` }),
    );
    expect(found.rows.map((r) => r.title)).toEqual(['如何做笔记']);
    const none = expectOk(await call<Paged<HelpContent>>(t.app, { url: '/api/help/content/page?keyword=%25' }));
    expect(none.total).toBe(0);

    expectOk(
      await call(t.app, { method: 'POST', url: '/api/business/help/access/add', payload: { contentId: reset.id } }),
    );
    expectOk(
      await call(t.app, {
        method: 'POST',
        url: '/api/business/help/access/add',
        token: member.token,
        payload: { contentId: reset.id },
      }),
    );
    expect(
      (await call(t.app, { method: 'POST', url: '/api/business/help/access/add', payload: { contentId: 999999 } }))
        .status,
    ).toBe(404);
    const byId = expectOk(await call<Paged<HelpContent>>(t.app, { url: `/api/help/content/page?id=${reset.id}` }));
    expect(byId.rows[0]!.readCount).toBe(2);
    const stats = expectOk(
      await call<{ id: number; visits: number; members: number }[]>(t.app, {
        url: '/api/admin/help/access/stats',
        token: staff.token,
      }),
    );
    expect(stats).toEqual([{ id: reset.id, title: '忘记密码怎么办', visits: 2, members: 1 }]);
    expect((await call(t.app, { url: '/api/admin/help/access/stats', token: member.token })).status).toBe(403);
  });
});

describe('feedback and error reports', () => {
  const t = useTestApp();

  it('a member sends feedback, staff reply, the member sees the reply and a notice; no one else sees it', async () => {
    const me = await buildMember(t.ctx.db);
    const other = await buildMember(t.ctx.db);
    const staff = await buildStaff(t.ctx.db);
    expect(
      (await call(t.app, { method: 'POST', url: '/api/member/feedback/add', payload: { content: 'x' } })).status,
    ).toBe(401);
    expectRefused(
      await call(t.app, {
        method: 'POST',
        url: '/api/member/feedback/add',
        token: me.token,
        payload: { content: '  ' },
      }),
      SiteMsg.FEEDBACK_REQUIRED,
    );
    expectRefused(
      await call(t.app, {
        method: 'POST',
        url: '/api/member/feedback/add',
        token: me.token,
        payload: { content: '长'.repeat(501) },
      }),
      SiteMsg.FEEDBACK_TOO_LONG,
    );
    expectRefused(
      await call(t.app, {
        method: 'POST',
        url: '/api/member/feedback/add',
        token: me.token,
        payload: { content: '图片', images: ['https://evil.example/a.png'] },
      }),
      SiteMsg.IMAGE_REQUIRED,
    );
    const { id } = expectOk(
      await call<{ id: number }>(t.app, {
        method: 'POST',
        url: '/api/member/feedback/add',
        token: me.token,
        payload: { content: '搜索结果不准确', contact: '13900000000', images: ['/api/site/image/0123456789ab.png'] },
      }),
    );
    const mine = () =>
      call<Paged<FeedbackItem>>(t.app, { url: '/api/member/feedback/page', token: me.token }).then(expectOk);
    expect((await mine()).rows[0]).toMatchObject({
      id,
      content: '搜索结果不准确',
      reply: '',
      replyTime: null,
      images: ['/api/site/image/0123456789ab.png'],
    });
    expect(
      expectOk(await call<Paged<FeedbackItem>>(t.app, { url: '/api/member/feedback/page', token: other.token })).total,
    ).toBe(0);
    // staff only
    expect((await call(t.app, { url: '/api/admin/feedback/page', token: me.token })).status).toBe(403);
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: `/api/admin/feedback/${id}/reply`,
          token: other.token,
          payload: { reply: 'x' },
        })
      ).status,
    ).toBe(403);
    const queue = expectOk(
      await call<Paged<FeedbackItem>>(t.app, { url: '/api/admin/feedback/page?replied=0', token: staff.token }),
    );
    expect(queue.rows.map((r) => r.id)).toEqual([id]);
    expectOk(
      await call(t.app, {
        method: 'POST',
        url: `/api/admin/feedback/${id}/reply`,
        token: staff.token,
        payload: { reply: '已修复，感谢反馈' },
      }),
    );
    expect((await mine()).rows[0]).toMatchObject({ reply: '已修复，感谢反馈', replyTime: expect.any(Number) });
    const notices = expectOk(await call<Paged<NoticeItem>>(t.app, { url: '/api/msg-notice/page', token: me.token }));
    expect(notices.rows[0]).toMatchObject({ type: 'feedback', title: '您的意见反馈已回复', link: '/my/feedback' });
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/admin/feedback/999999/reply',
          token: staff.token,
          payload: { reply: 'x' },
        })
      ).status,
    ).toBe(404);
  });

  it('error reports carry the book, chapter and quoted text; they are the reporter’s own', async () => {
    const me = await buildMember(t.ctx.db);
    const other = await buildMember(t.ctx.db);
    const now = Date.now();
    const { id: bookId } = await t.ctx.db
      .insertInto('books')
      .values({
        identifier: `urn:err:${now}`,
        title: '线性代数',
        subject_id: null,
        collection_id: null,
        pub_year: null,
        published_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: chapterId } = await t.ctx.db
      .insertInto('book_chapters')
      .values({ book_id: bookId, seq: 1, path: 'c1.xhtml', title: '第一章 行列式', html: '<p>x</p>', text: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const report = (payload: object, token = me.token) =>
      call<{ id: number }>(t.app, { method: 'POST', url: '/api/error/feedback/add', token, payload });
    expect((await report({ bookId: 999999, content: '错字' })).status).toBe(404);
    expectOk(await report({ bookId, chapterId, quote: '行列式的直', content: '“直”应为“值”' }));
    const mine = expectOk(await call<Paged<FeedbackItem>>(t.app, { url: '/api/error/feedback/page', token: me.token }));
    expect(mine.rows[0]).toMatchObject({
      kind: 'error',
      bookId,
      bookName: '线性代数',
      chapterId,
      chapterName: '第一章 行列式',
      quote: '行列式的直',
    });
    expect(
      expectOk(await call<Paged<FeedbackItem>>(t.app, { url: '/api/error/feedback/page', token: other.token })).total,
    ).toBe(0);
    // the general feedback list does not mix them in
    expect(
      expectOk(await call<Paged<FeedbackItem>>(t.app, { url: '/api/member/feedback/page', token: me.token })).total,
    ).toBe(0);
  });
});
