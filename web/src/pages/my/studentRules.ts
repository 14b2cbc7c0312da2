import type { Rule } from 'antd/es/form';
import { ClassMsg, Limits } from '@textbook/contracts';

/** A student's id and name in a class: the join form and the teacher's edit form check them alike (spec §5). */
export const studentIdRules: Rule[] = [
  { required: true, whitespace: true, message: ClassMsg.STUDENT_ID_REQUIRED },
  { max: Limits.STUDENT_ID_MAX, message: ClassMsg.STUDENT_ID_MAX },
];

export const studentNameRules: Rule[] = [
  { required: true, whitespace: true, message: ClassMsg.STUDENT_NAME_REQUIRED },
  { max: Limits.STUDENT_NAME_MAX, message: ClassMsg.STUDENT_NAME_MAX },
];
