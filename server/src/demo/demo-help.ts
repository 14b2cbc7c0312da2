import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/** Demo help topics and contents, and client versions for the download page (issue #5). */
export const demoHelp: { topic: string; contents: { title: string; body: string }[] }[] = [
  {
    topic: '账号与登录',
    contents: [
      {
        title: '如何注册和登录？',
        body: '<p>点击页面右上角的“登录”，输入手机号并获取验证码即可登录；首次登录会自动注册账号。</p>',
      },
      {
        title: '忘记密码怎么办？',
        body: '<p>在登录框中选择“忘记密码”，通过手机验证码设置新密码。新密码需 12 到 20 位，并包含数字、小写字母、大写字母和特殊符号。</p>',
      },
    ],
  },
  {
    topic: '班级与教材',
    contents: [
      {
        title: '如何加入班级？',
        body: '<p>进入个人中心的“加入班级”，输入教师提供的班级码、学号和姓名，提交后即可加入；需要教师审核的班级会在审核通过后通知您。</p>',
      },
      {
        title: '书架里的教材从哪里来？',
        body: '<p>加入班级、申请样书通过、学校授权或购买后，教材会自动加入您的书架。</p>',
      },
    ],
  },
  {
    topic: '阅读与笔记',
    contents: [
      {
        title: '如何在阅读时做笔记？',
        body: '<p>在阅读器中选中文字，点击“笔记”即可添加；笔记会随章节一起保存。</p>',
      },
      {
        title: '发现教材内容有错误怎么办？',
        body: '<p>在阅读器中选中有误的文字，点击“纠错”提交，我们会尽快核实并回复您。</p>',
      },
    ],
  },
];

/**
 * Native clients: none in the demo. The download page lists only clients the staff publish (with a real file or
 * store link); until then it offers the platform itself, installable as a web app.
 */
export const demoVersions: {
  platform: string;
  version: string;
  notes: string;
  file_url: string;
  store_url: string;
  qr_code: string;
}[] = [];

export async function seedHelpAndVersions(trx: Transaction<Database>, now: number): Promise<void> {
  for (const [sort, { topic, contents }] of demoHelp.entries()) {
    const { id } = await trx
      .insertInto('help_topics')
      .values({ name: topic, sort, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [i, c] of contents.entries()) {
      await trx
        .insertInto('help_contents')
        .values({ topic_id: id, title: c.title, body: c.body, sort: i, created_at: now, updated_at: now })
        .execute();
    }
  }
  if (demoVersions.length) {
    await trx
      .insertInto('app_versions')
      .values(demoVersions.map((v) => ({ ...v, created_at: now })))
      .execute();
  }
}
