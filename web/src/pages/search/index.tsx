import '../../styles/books.css';
import { Button, Form, Input, InputNumber, Segmented, Select, TreeSelect, Typography } from 'antd';
import type { DictNode } from '@textbook/contracts';
import { Limits, Msg, BookLimits } from '@textbook/contracts';
import { useNavigate, useSearchParams } from 'react-router';
import { useAllFields } from '../../api/books';
import { describeCriteria, findLabel, type Criteria } from './criteria';

type TreeData = { value: number; title: string; children: TreeData[] };
const toTree = (nodes: DictNode[]): TreeData[] =>
  nodes.map((n) => ({ value: n.id, title: n.label, children: toTree(n.children) }));

type Values = Criteria;
const max50 = { max: Limits.SEARCH_MAX, message: Msg.SEARCH_TOO_LONG };

/** search: the normal (type 0) and advanced (type 1) search forms; results open in search-result. */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const type = params.get('type') === '1' ? 1 : 0;
  const navigate = useNavigate();
  const fields = useAllFields();
  const submit = (values: Values) => {
    const query = new URLSearchParams({ type: String(type) });
    for (const [k, v] of Object.entries(values)) {
      if (v !== undefined && v !== null && String(v).trim() !== '') query.set(k, String(v).trim());
    }
    if (type === 0 && !query.get('searchText')) return;
    const name = describeCriteria(values, {
      subject: findLabel(fields.data?.subjects ?? [], values.subjectId),
      collection: findLabel(fields.data?.collections ?? [], values.collectionId),
    });
    if (!name) return;
    query.set('name', name);
    navigate(`/search-result?${query.toString()}`);
  };
  return (
    <div className="container page-section" style={{ maxWidth: 760 }}>
      <div className="panel">
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {type === 1 ? '高级搜索' : '搜索'}
        </Typography.Title>
        <Segmented
          value={type}
          options={[
            { value: 0, label: '普通搜索' },
            { value: 1, label: '高级搜索' },
          ]}
          onChange={(v) => setParams({ type: String(v) })}
          style={{ marginBottom: 24 }}
        />
        <Form<Values>
          layout="vertical"
          onFinish={submit}
          initialValues={{ searchText: params.get('searchText') ?? '' }}
        >
          <Form.Item
            label="关键词"
            name="searchText"
            rules={type === 0 ? [{ required: true, whitespace: true, message: Msg.SEARCH_EMPTY }, max50] : [max50]}
          >
            <Input placeholder="书名、作者、ISBN 或拼音首字母（如 gdsx）" maxLength={Limits.SEARCH_MAX} allowClear />
          </Form.Item>
          {type === 1 && (
            <>
              <Form.Item label="书名" name="title" rules={[max50]}>
                <Input allowClear />
              </Form.Item>
              <Form.Item label="作者" name="author" rules={[max50]}>
                <Input allowClear />
              </Form.Item>
              <Form.Item label="ISBN" name="isbn" rules={[max50]}>
                <Input allowClear />
              </Form.Item>
              <Form.Item label="学科" name="subjectId">
                <TreeSelect treeData={toTree(fields.data?.subjects ?? [])} allowClear treeDefaultExpandAll />
              </Form.Item>
              <Form.Item label="丛书" name="collectionId">
                <Select
                  allowClear
                  options={fields.data?.collections.map((c) => ({ value: c.id, label: c.label })) ?? []}
                />
              </Form.Item>
              <Form.Item label="出版社" name="publisher">
                <Select allowClear options={fields.data?.publishers.map((p) => ({ value: p, label: p })) ?? []} />
              </Form.Item>
              <Form.Item label="出版年份" name="year">
                <InputNumber {...BookLimits.YEAR} style={{ width: '100%' }} />
              </Form.Item>
            </>
          )}
          <Button type="primary" htmlType="submit" block size="large">
            搜索
          </Button>
        </Form>
      </div>
    </div>
  );
}
