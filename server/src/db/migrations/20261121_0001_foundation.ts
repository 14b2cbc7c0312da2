import { type AnyDb, ms, withId } from './helpers.js';

/** Members, colleges and their memberships, sessions, site shell content, page views, notices. */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('colleges'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('members'))
    .addColumn('phone', 'varchar(20)', (c) => c.unique())
    .addColumn('user_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('real_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('student_id', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'varchar(255)')
    .addColumn('current_college_id', 'bigint', (c) => c.references('colleges.id').onDelete('set null'))
    .addColumn('extras_yx_menu', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('college_members'))
    .addColumn('college_id', 'bigint', (c) => c.notNull().references('colleges.id').onDelete('cascade'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
    /** Role codes 0-3, comma separated ("2" or "1,2"). */
    .addColumn('roles', 'varchar(20)', (c) => c.notNull().defaultTo('0'))
    .addColumn('student_id', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('real_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('has_grant', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addUniqueConstraint('college_members_college_member', ['college_id', 'member_id'])
    .execute();
  // Serves "the colleges of a member" (college switcher, member info).
  await db.schema.createIndex('college_members_member').on('college_members').column('member_id').execute();

  await withId(db, db.schema.createTable('sessions'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('expires_at', ms, (c) => c.notNull())
    .addColumn('last_seen_at', ms, (c) => c.notNull())
    .execute();
  // Serves "end every session of a member" (logout everywhere, password change).
  await db.schema.createIndex('sessions_member').on('sessions').column('member_id').execute();

  await db.schema
    .createTable('site_settings')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('nav_menus'))
    .addColumn('parent_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('menu_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('path', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('content_type', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('visible', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await withId(db, db.schema.createTable('bottom_menus'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('url', 'varchar(255)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('visible', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await withId(db, db.schema.createTable('friend_links'))
    .addColumn('link_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('link_pic', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('link_url', 'varchar(255)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('visible', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await withId(db, db.schema.createTable('site_contents'))
    .addColumn('menu_id', 'bigint', (c) => c.references('nav_menus.id').onDelete('set null'))
    .addColumn('content_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('summary', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cover', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    /** 0 pending, 1 passed, 2 failed (spec §3 content audit). */
    .addColumn('audit_state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('audit_remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('author_member_id', 'bigint', (c) => c.references('members.id').onDelete('set null'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();
  // Serves the content list of a menu, newest first.
  await db.schema.createIndex('site_contents_menu').on('site_contents').columns(['menu_id', 'created_at']).execute();

  await db.schema
    .createTable('page_views')
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('path', 'varchar(512)', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('page_views_pk', ['day', 'path'])
    .execute();

  await withId(db, db.schema.createTable('notices'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
    /** Platform that shows the notice; the web platform is 3 (spec §9). */
    .addColumn('source', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('type', 'varchar(30)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('book_id', 'bigint')
    .addColumn('link', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('read_at', ms)
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  // Serves the unread count of a member (header badge) and their notice list.
  await db.schema
    .createIndex('notices_member_unread')
    .on('notices')
    .columns(['member_id', 'source', 'read_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'notices',
    'page_views',
    'site_contents',
    'friend_links',
    'bottom_menus',
    'nav_menus',
    'site_settings',
    'sessions',
    'college_members',
    'members',
    'colleges',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
