import { HomeworkMsg } from '@textbook/contracts';
import { required, requiredText } from '../../../kit/rules';

/** The homework form's rules (issue 17), from the contracts' messages. */
export const titleRules = requiredText(HomeworkMsg.TITLE_REQUIRED);
export const sectionRules = required(HomeworkMsg.SECTION_REQUIRED);
export const timesRules = required(HomeworkMsg.TIMES_REQUIRED);
export const deductRules = required(HomeworkMsg.DEDUCT_REQUIRED);
