import { Tabs } from 'antd';
import { HelpContents } from './Contents';
import { HelpStats } from './Stats';
import { HelpTopics } from './Topics';

/** The help centre: topics (ordered), their contents, and which help is read. */
export default function AdminHelp() {
  return (
    <Tabs
      className="admin-panel"
      items={[
        { key: 'contents', label: '帮助内容', children: <HelpContents /> },
        { key: 'topics', label: '帮助主题', children: <HelpTopics /> },
        { key: 'stats', label: '访问统计', children: <HelpStats /> },
      ]}
    />
  );
}
