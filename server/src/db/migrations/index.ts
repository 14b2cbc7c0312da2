import type { Migration } from 'kysely';
import * as foundation from './20261121_0001_foundation.js';
import * as staff from './20261121_0002_staff.js';
import * as books from './20261121_0201_books.js';
import * as shelf from './20261121_0401_shelf.js';
import * as siteContent from './20261121_0501_site_content.js';
import * as classes from './20261121_0701_classes.js';
import * as reader from './20261121_0601_reader.js';
import * as accounts from './20261121_0301_accounts.js';
import * as sectionResources from './20261121_0602_section_resources.js';
import * as identities from './20261121_0302_identities.js';
import * as readingReads from './20261123_0603_reading_reads.js';
import * as samples from './20261123_0801_samples.js';
import * as personalOrders from './20261123_1501_personal_orders.js';
import * as college from './20261123_1601_college.js';
import * as noteClientKey from './20261124_0001_note_client_key.js';
import * as questionBank from './20261124_0201_question_bank.js';
import * as teachActivities from './20261124_0401_teach_activities.js';
import * as admin from './20261124_0601_admin.js';
import * as homework from './20261124_0301_homework.js';
import * as reports from './20261124_0501_reports.js';
import * as importJobEdition from './20261125_0201_import_job_edition.js';
import * as adminSite from './20261125_0611_admin_site.js';
import * as adminPeople from './20261125_0701_admin_people.js';
import * as bookRendering from './20261126_0101_book_rendering.js';
import * as bookIdentifierShared from './20261126_0201_book_identifier_shared.js';
import * as submissionReviewFlag from './20261127_0101_submission_review_flag.js';
import * as readerBookmarks from './20261128_0101_reader_bookmarks.js';
import * as pageFaithful from './20261128_0201_page_faithful.js';
import * as mediaOverlays from './20261128_0301_media_overlays.js';

/**
 * Every migration, by name; names sort in the order they run. Add a new file with the next timestamp
 * and one line here.
 */
export const migrations: Record<string, Migration> = {
  '20261121_0001_foundation': foundation,
  '20261121_0002_staff': staff,
  '20261121_0201_books': books,
  '20261121_0401_shelf': shelf,
  '20261121_0501_site_content': siteContent,
  '20261121_0701_classes': classes,
  '20261121_0601_reader': reader,
  '20261121_0301_accounts': accounts,
  '20261121_0602_section_resources': sectionResources,
  '20261121_0302_identities': identities,
  '20261123_0603_reading_reads': readingReads,
  '20261123_0801_samples': samples,
  '20261123_1501_personal_orders': personalOrders,
  '20261123_1601_college': college,
  '20261124_0001_note_client_key': noteClientKey,
  '20261124_0201_question_bank': questionBank,
  '20261124_0401_teach_activities': teachActivities,
  '20261124_0601_admin': admin,
  '20261124_0301_homework': homework,
  '20261124_0501_reports': reports,
  '20261125_0201_import_job_edition': importJobEdition,
  '20261125_0611_admin_site': adminSite,
  '20261125_0701_admin_people': adminPeople,
  '20261126_0101_book_rendering': bookRendering,
  '20261126_0201_book_identifier_shared': bookIdentifierShared,
  '20261127_0101_submission_review_flag': submissionReviewFlag,
  '20261128_0101_reader_bookmarks': readerBookmarks,
  '20261128_0201_page_faithful': pageFaithful,
  '20261128_0301_media_overlays': mediaOverlays,
};
