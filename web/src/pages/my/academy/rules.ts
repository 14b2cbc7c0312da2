import { ClassMsg, CollegeMsg } from '@textbook/contracts';
import { required } from '../../../kit/rules';

/** The college administration's form rules (issue 16), from the contracts' messages. */
export const collegeNameRules = required(CollegeMsg.NAME_REQUIRED);
export const rolesRules = required(CollegeMsg.ROLES_REQUIRED);
export const bookRules = required(ClassMsg.BOOK_REQUIRED);
export const quantityRules = required(CollegeMsg.COUNT_REQUIRED);
export const termRules = required(CollegeMsg.TERM_REQUIRED);
export const codeCountRules = required(CollegeMsg.COUNT_REQUIRED);
export const codeDaysRules = required(CollegeMsg.DAYS_REQUIRED);
