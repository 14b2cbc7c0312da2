import { chinaNow, type ClassRow } from '@textbook/contracts';

/** The class's join state now; its times are China's wall clock, so now is read on that clock too. */
export function validityState(row: Pick<ClassRow, 'codeOpen' | 'startTime' | 'endTime'>, now = Date.now()) {
  const stamp = chinaNow(now);
  if (!row.codeOpen) return { text: '已关闭加入', color: 'default' };
  if (stamp < row.startTime) return { text: '未开始', color: 'gold' };
  if (stamp > row.endTime) return { text: '已过期', color: 'red' };
  return { text: '可加入', color: 'green' };
}
