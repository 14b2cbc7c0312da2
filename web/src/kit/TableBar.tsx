import type { ReactNode } from 'react';
import { Button, Form, Grid, Input, Select, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { TableText } from '@textbook/contracts';
import './kit.css';

export interface FilterField {
  name: string;
  label: string;
  /** A text box (default) or a choice of options. */
  options?: { value: string; label: string }[];
  placeholder?: string;
}

/** The filter of a list of books or book lists by 已发布/未发布 (`published=1|0`). */
export const publishedFilter: FilterField = {
  name: 'published',
  label: TableText.STATUS,
  options: [
    { value: '1', label: TableText.PUBLISHED },
    { value: '0', label: TableText.UNPUBLISHED },
  ],
};

export type FilterValues = Record<string, string | undefined>;

interface TableBarProps {
  filters: FilterField[];
  /** The filter form's values on 查询; `{}` on 重置. */
  onSearch: (values: FilterValues) => void;
  /** The list's own buttons, beside the filters (e.g. `AddButton`). */
  toolbar?: ReactNode;
}

/**
 * The bar above a list (the console's and the personal centre's): the filter form (a text box or a choice per
 * field; 查询 sends the values, 重置 clears them) and the list's own buttons. On a phone the fields go without labels.
 */
export function TableBar({ filters, onSearch, toolbar }: TableBarProps) {
  const phone = Grid.useBreakpoint().md === false;
  if (!filters.length && !toolbar) return null;
  return (
    <div className="kit-table-bar">
      {filters.length > 0 && (
        <Form layout="inline" onFinish={onSearch} className="kit-filter">
          {filters.map((f) => (
            <Form.Item key={f.name} name={f.name} label={phone ? undefined : f.label}>
              {f.options ? (
                <Select
                  allowClear
                  placeholder={f.placeholder ?? f.label}
                  options={f.options}
                  style={{ minWidth: 120 }}
                />
              ) : (
                <Input allowClear placeholder={f.placeholder ?? f.label} />
              )}
            </Form.Item>
          ))}
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                {TableText.SEARCH}
              </Button>
              <Button htmlType="reset" onClick={() => onSearch({})}>
                {TableText.RESET}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      )}
      {toolbar && <div className="kit-toolbar">{toolbar}</div>}
    </div>
  );
}

/** A list's add button (primary, with a plus): opens the dialog of a new row. */
export function AddButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick}>
      {children}
    </Button>
  );
}
