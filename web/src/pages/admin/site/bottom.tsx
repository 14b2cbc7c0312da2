import { SiteLimits, Limits } from '@textbook/contracts';
import { Form, Input } from 'antd';
import type { BottomMenu } from '@textbook/contracts';
import { ShellTable } from './ShellTable';
import { linkUrlRules, menuNameRules } from '../rules';

type Row = BottomMenu & { sort: number; visible: number };
interface Values {
  name: string;
  url: string;
}

/** The footer's bottom menu (about us, contact…): name and address; ordered, shown or hidden. */
export default function AdminBottomMenu() {
  return (
    <ShellTable<Row, Values>
      base="/api/admin/bottomMenu"
      what="底部菜单"
      testId="admin-bottom-menu"
      flag="visible"
      ordered
      name={(r) => r.name}
      columns={[
        { title: '名称', dataIndex: 'name', sorter: (a, b) => a.name.localeCompare(b.name, 'zh') },
        { title: '地址', dataIndex: 'url', ellipsis: true },
      ]}
      toValues={(r) => (r ? { name: r.name, url: r.url } : {})}
      toBody={(v) => v}
      fields={
        <>
          <Form.Item name="name" label="名称" rules={menuNameRules}>
            <Input maxLength={SiteLimits.MENU_NAME_MAX} />
          </Form.Item>
          <Form.Item name="url" label="地址" rules={linkUrlRules}>
            <Input placeholder="/about 或 https://…" maxLength={Limits.URL_MAX} />
          </Form.Item>
        </>
      }
    />
  );
}
