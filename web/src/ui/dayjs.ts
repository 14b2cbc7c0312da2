import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/zh-cn';
import { chinaClock } from '@textbook/contracts';

// antd's date pickers read dayjs's global locale: every module drawing one takes dayjs from here, so the locale is
// set before the first picker is drawn (and pages without one load neither).
dayjs.locale('zh-cn');

/** The pickers' format of class and homework times (contracts' `formatClassTime`). */
export const PICKER_FORMAT = 'YYYY-MM-DD HH:mm';

/**
 * China's wall clock at `ms` as a picker value. A picker shows and `format`s the browser's own fields, so the value
 * carries Beijing's fields in them: in a browser in UTC or New York the picker shows Beijing time (as its label
 * says) and `format(PICKER_FORMAT)` is the Beijing time the server reads.
 */
export function chinaDayjs(ms = Date.now()): Dayjs {
  const c = chinaClock(ms);
  return dayjs(new Date(c.year, c.month - 1, c.day, c.hour, c.minute, c.second));
}

/** A class or homework time (`2026-11-28 11:37`, Beijing) as a picker value. */
export function pickerValue(text: string): Dayjs {
  const [date = '', time = ''] = text.split(' ');
  const [y, m, d] = date.split('-').map(Number);
  const [h, min] = time.split(':').map(Number);
  return dayjs(new Date(y!, m! - 1, d!, h!, min!));
}
export default dayjs;
