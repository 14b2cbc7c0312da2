import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

// antd's date pickers read dayjs's global locale: every module drawing one takes dayjs from here, so the locale is
// set before the first picker is drawn (and pages without one load neither).
dayjs.locale('zh-cn');

export default dayjs;
