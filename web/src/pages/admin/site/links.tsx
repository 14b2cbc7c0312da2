import { Form, Input } from 'antd';
import type { FooterLink } from '@textbook/contracts';
import { ShellTable } from './ShellTable';

type Row = FooterLink & { sort: number; visible: number };
interface Values {
  linkName: string;
  linkUrl: string;
  linkPic?: string;
}

/** Friendly links of the footer: name, address, picture; ordered, shown or hidden. */
export default function AdminLinks() {
  return (
    <ShellTable<Row, Values>
      base="/api/admin/link"
      what="友情链接"
      testId="admin-links"
      flag="visible"
      ordered
      name={(r) => r.linkName}
      columns={[
        { title: '名称', dataIndex: 'linkName', sorter: (a, b) => a.linkName.localeCompare(b.linkName, 'zh') },
        {
          title: '地址',
          dataIndex: 'linkUrl',
          ellipsis: true,
          render: (url: string) => (
            <a href={url} target="_blank" rel="noreferrer">
              {url}
            </a>
          ),
        },
      ]}
      toValues={(r) => (r ? { linkName: r.linkName, linkUrl: r.linkUrl, linkPic: r.linkPic } : {})}
      toBody={(v) => ({ ...v, linkPic: v.linkPic ?? '' })}
      fields={
        <>
          <Form.Item name="linkName" label="名称" rules={[{ required: true, message: '请输入链接名称' }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="linkUrl" label="地址" rules={[{ required: true, message: '请输入链接地址' }]}>
            <Input placeholder="https://…" maxLength={255} />
          </Form.Item>
          <Form.Item name="linkPic" label="图片地址（可选）">
            <Input maxLength={255} />
          </Form.Item>
        </>
      }
    />
  );
}
