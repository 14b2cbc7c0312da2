import type { Rule } from 'antd/es/form';
import { Msg, PHONE_PATTERN } from '@textbook/contracts';

/**
 * antd Form rules built from the contracts' messages (issue 31): an area's rules module (e.g.
 * `web/src/pages/my/studentRules.ts`) names its fields' rules with these, so no page writes a message or a limit.
 */

/** The field must be filled (chosen) — `when` false makes it optional (an edit that keeps the old value). */
export const required = (message: string, when = true): Rule[] => [{ required: when, message }];

/** The text must hold more than blanks. */
export const requiredText = (message: string): Rule[] => [{ required: true, whitespace: true, message }];

/** A mainland mobile number, as the server's `phoneSchema` checks it. */
export const phoneRules = (requiredMessage: string = Msg.PHONE_FORMAT): Rule[] => [
  { required: true, message: requiredMessage },
  { pattern: PHONE_PATTERN, message: Msg.PHONE_FORMAT },
];
