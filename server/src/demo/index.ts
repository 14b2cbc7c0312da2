import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { seedDemoBooks } from './demo-books.js';
import { seedDemoPasswords } from './accounts.js';
import {
  demoAgreement,
  demoBottomMenus,
  demoColleges,
  demoLinks,
  demoMembers,
  demoMenus,
  demoIndustryNews,
  demoNews,
  demoPages,
  demoPrivacy,
  demoSite,
  type DemoMenu,
} from './demo-site.js';
import { seedHelpAndVersions } from './demo-help.js';

/** True when the database holds anything a person entered (members or site content). */
export async function hasData(db: Db): Promise<boolean> {
  const members = await db
    .selectFrom('members')
    .select(sql<number>`1`.as('one'))
    .limit(1)
    .execute();
  const settings = await db.selectFrom('site_settings').select('key').limit(1).execute();
  return members.length > 0 || settings.length > 0;
}

/** Seeds demo content into an empty database; leaves a database with data alone. */
export async function seedIfEmpty(db: Db, books?: BookSeedDeps): Promise<boolean> {
  if (await hasData(db)) return false;
  await seedDemo(db, Date.now(), books);
  return true;
}

/** What importing the demo textbooks needs (the dialect for the search index, the storage for files). */
export type BookSeedDeps = Omit<Parameters<typeof seedDemoBooks>[0], 'db'>;

export async function seedDemo(db: Db, now = Date.now(), books?: BookSeedDeps): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const insertMenu = async (menu: DemoMenu, parentId: number, sort: number): Promise<void> => {
      const { id } = await trx
        .insertInto('nav_menus')
        .values({ parent_id: parentId, menu_name: menu.name, path: menu.path, content_type: menu.contentType, sort })
        .returning('id')
        .executeTakeFirstOrThrow();
      const page = demoPages[menu.name];
      if (page) {
        await trx
          .insertInto('site_contents')
          .values({
            menu_id: id,
            content_type: 'page',
            title: page.title,
            body: page.body,
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
      const newsOfMenu = { 平台动态: demoNews, 行业资讯: demoIndustryNews }[menu.name];
      if (newsOfMenu) {
        // 行业资讯 half a day behind 平台动态, so the home block has one order.
        let t = menu.name === '行业资讯' ? now - 43_200_000 : now;
        for (const news of newsOfMenu) {
          t -= 86_400_000;
          await trx
            .insertInto('site_contents')
            .values({ menu_id: id, content_type: 'news', ...news, created_at: t, updated_at: t })
            .execute();
        }
      }
      for (const [i, child] of (menu.children ?? []).entries()) await insertMenu(child, id, i);
    };
    for (const [i, menu] of demoMenus.entries()) await insertMenu(menu, 0, i);

    const agreement = await trx
      .insertInto('site_contents')
      .values({ menu_id: null, content_type: 'agreement', ...demoAgreement, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const privacy = await trx
      .insertInto('site_contents')
      .values({ menu_id: null, content_type: 'privacy', ...demoPrivacy, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const site = {
      ...demoSite,
      toolbar: { ...demoSite.toolbar, userAgreementId: agreement.id, privacyPolicyId: privacy.id },
    };
    await trx
      .insertInto('site_settings')
      .values({ key: 'site', value: JSON.stringify(site) })
      .execute();

    await trx
      .insertInto('bottom_menus')
      .values(demoBottomMenus.map((m, sort) => ({ ...m, sort })))
      .execute();
    await trx
      .insertInto('friend_links')
      .values(demoLinks.map((l, sort) => ({ ...l, sort })))
      .execute();

    const collegeIds: number[] = [];
    for (const name of demoColleges) {
      const { id } = await trx
        .insertInto('colleges')
        .values({ name, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      collegeIds.push(id);
    }
    for (const m of demoMembers) {
      const first = m.memberships[0];
      const { id } = await trx
        .insertInto('members')
        .values({
          phone: m.phone,
          user_name: m.userName,
          real_name: m.realName,
          student_id: 'studentId' in m ? m.studentId : '',
          current_college_id: first ? collegeIds[first.college] : null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const ms of m.memberships) {
        await trx
          .insertInto('college_members')
          .values({
            college_id: collegeIds[ms.college]!,
            member_id: id,
            roles: ms.roles,
            real_name: m.realName,
            student_id: 'studentId' in m ? m.studentId : '',
            created_at: now,
          })
          .execute();
      }
      await trx
        .insertInto('notices')
        .values({
          member_id: id,
          type: 'system',
          title: '欢迎使用高校数字教材平台',
          content: '在书架中可以找到您的教材。',
          created_at: now,
        })
        .execute();
    }
    await seedHelpAndVersions(trx, now);
  });
  if (books) await seedDemoBooks({ db, ...books }, now);
  await seedDemoPasswords(db);
}
