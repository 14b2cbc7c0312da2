import type { Rule } from 'antd/es/form';
import { AdminMsg, DictMsg, Msg, SampleMsg, SiteMsg, CollegeMsg, VALIDITY_CODE } from '@textbook/contracts';
import { phoneRules, required } from '../../kit/rules';

/** The console's form rules, from the contracts' messages (the server checks the same fields with the same words). */
export const bookTitleRules = required(Msg.BOOK_TITLE_REQUIRED);
export const bookListNameRules = required(Msg.BOOKLIST_NAME_REQUIRED);
export const dictLabelRules = required(DictMsg.LABEL_REQUIRED);
export const collegeNameRules = required(CollegeMsg.NAME_REQUIRED);
export const memberPhoneRules = phoneRules(AdminMsg.PHONE_REQUIRED);
export const titleRules = required(SiteMsg.TITLE_REQUIRED);
export const topicRules = required(SiteMsg.TOPIC_REQUIRED);
export const replyRules = required(SiteMsg.REPLY_REQUIRED);
export const menuNameRules = required(SiteMsg.MENU_NAME_REQUIRED);
export const linkNameRules = required(SiteMsg.LINK_NAME_REQUIRED);
export const linkUrlRules = required(SiteMsg.URL_REQUIRED);
export const platformRules = required(SiteMsg.PLATFORM_REQUIRED);
export const versionRules = required(SiteMsg.VERSION_REQUIRED);
export const staffRolesRules = required(AdminMsg.ROLES_REQUIRED);
/** A new staff account needs a user name and a password; an edit keeps them when left empty. */
export const staffUserNameRules = (isNew: boolean) => required(AdminMsg.USER_NAME_REQUIRED, isNew);
export const staffPasswordRules = (isNew: boolean) => required(AdminMsg.PASSWORD_REQUIRED, isNew);
export const sampleQuotaRules = required(SampleMsg.QUOTA_REQUIRED);
export const sampleTimeCodeRules: Rule[] = [
  ...required(SampleMsg.TIME_CODE_REQUIRED),
  { pattern: VALIDITY_CODE, message: SampleMsg.TIME_CODE_HINT },
];
export const sampleTimeNameRules = required(SampleMsg.TIME_NAME_REQUIRED);
