import { SiteLimits, Limits } from '@textbook/contracts';
import { Form, Input } from 'antd';
import type { FooterLink } from '@textbook/contracts';
import { ShellTable } from './ShellTable';
import { linkNameRules, linkUrlRules } from '../rules';

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
          <Form.Item name="linkName" label="名称" rules={linkNameRules}>
            <Input maxLength={SiteLimits.LINK_NAME_MAX} />
          </Form.Item>
          <Form.Item name="linkUrl" label="地址" rules={linkUrlRules}>
            <Input placeholder="https://…" maxLength={Limits.URL_MAX} />
          </Form.Item>
          <Form.Item name="linkPic" label="图片地址（可选）">
            <Input maxLength={Limits.URL_MAX} />
          </Form.Item>
        </>
      }
    />
  );
}
