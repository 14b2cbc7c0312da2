import { useState } from 'react';
import { App, Button, Card, Modal, Popconfirm, QRCode, Space, Tag, Typography } from 'antd';
import { CopyOutlined, QrcodeOutlined, ReloadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { BEIJING_TIME_NOTE, readsChinaTime, Review, type ClassRow } from '@textbook/contracts';
import { useClassActions } from '../../../api/classes';
import { validityState } from './validity';

/** The join link a QR code and the copy button carry: the join page with the code filled in. */
export function joinLink(code: string): string {
  return `${window.location.origin}/my/joinClass?code=${encodeURIComponent(code)}`;
}

async function copy(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Clipboard refused (insecure context): fall back to a selected textarea.
    const area = document.createElement('textarea');
    area.value = text;
    document.body.appendChild(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
}

/** One class of the teaching space: code tools (copy, QR, join link, reset, close), students, edit, delete. */
export function ClassCard({ row, onEdit }: { row: ClassRow; onEdit: (row: ClassRow) => void }) {
  const { message, modal } = App.useApp();
  const actions = useClassActions();
  const [qrOpen, setQrOpen] = useState(false);
  const state = validityState(row);

  const confirmDelete = () => {
    modal.confirm({
      title: `删除班级“${row.name}”？`,
      content: (
        <div>
          <p>
            班级内的 {row.studentCount} 名学生
            {row.pendingCount > 0 ? `和 ${row.pendingCount} 名待审核学生` : ''}
            将被移出班级，通过本班级加入书架的教材将从他们的书架移除（通过其他途径获得的不受影响）。
          </p>
          <p>班级码随之失效，删除后无法恢复。</p>
        </div>
      ),
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        await actions.remove(row.id);
        message.success('班级已删除');
      },
    });
  };

  return (
    <Card
      className="class-card"
      size="small"
      title={
        <Space wrap size={6}>
          <span className="class-card-name">{row.name}</span>
          <Tag color={state.color}>{state.text}</Tag>
          <Tag color={row.isReview === Review.NEEDS_APPROVAL ? 'blue' : 'cyan'}>
            {row.isReview === Review.NEEDS_APPROVAL ? '需审核' : '直接加入'}
          </Tag>
        </Space>
      }
      extra={
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => onEdit(row)}>
            编辑
          </Button>
          <Button type="link" size="small" danger onClick={confirmDelete}>
            删除
          </Button>
        </Space>
      }
    >
      <div className="class-code-row">
        <span className="class-label">班级码</span>
        <Typography.Text className="class-code" data-testid="class-code" delete={!row.codeOpen}>
          {row.code}
        </Typography.Text>
        <Space size={4} wrap>
          <Button
            size="small"
            icon={<CopyOutlined />}
            onClick={() => void copy(row.code).then(() => message.success('班级码已复制'))}
          >
            复制
          </Button>
          <Button size="small" icon={<QrcodeOutlined />} onClick={() => setQrOpen(true)}>
            二维码
          </Button>
          <Button
            size="small"
            onClick={() => void copy(joinLink(row.code)).then(() => message.success('加入链接已复制'))}
          >
            复制加入链接
          </Button>
          <Popconfirm
            title="重置班级码？"
            description="重置后原班级码立即失效，学生需使用新班级码加入。"
            okText="重置"
            cancelText="取消"
            onConfirm={async () => {
              await actions.resetCode(row.id);
              message.success('班级码已重置');
            }}
          >
            <Button size="small" icon={<ReloadOutlined />}>
              重置
            </Button>
          </Popconfirm>
          <Button
            size="small"
            onClick={async () => {
              await actions.setOpen({ id: row.id, open: !row.codeOpen });
              message.success(row.codeOpen ? '已关闭加入' : '已开放加入');
            }}
          >
            {row.codeOpen ? '关闭加入' : '开放加入'}
          </Button>
        </Space>
      </div>
      <div className="class-meta">
        <span>
          <span className="class-label">有效期</span>
          {row.startTime} 至 {row.endTime}
          {!readsChinaTime() && <span className="class-tz">{BEIJING_TIME_NOTE}</span>}
        </span>
        <span>
          <span className="class-label">学生</span>
          {row.studentCount} 人{row.pendingCount > 0 && <Tag color="orange">{row.pendingCount} 人待审核</Tag>}
        </span>
      </div>
      {row.remark && <div className="class-remark">{row.remark}</div>}
      <div className="class-card-foot">
        <Link to={`/my/admissionDetails?classId=${row.id}`}>
          <Button type="primary" size="small">
            学生管理
          </Button>
        </Link>
        <Link to={`/my/teachingHomework?classId=${row.id}`}>
          <Button size="small">作业</Button>
        </Link>
      </div>
      <Modal open={qrOpen} title={`扫码加入“${row.name}”`} footer={null} onCancel={() => setQrOpen(false)} width={340}>
        <div className="class-qr">
          <QRCode value={joinLink(row.code)} size={220} />
          <div className="class-code">{row.code}</div>
          <Typography.Text type="secondary" copyable={{ text: joinLink(row.code) }}>
            学生扫码或打开加入链接即可填写信息加入班级
          </Typography.Text>
        </div>
      </Modal>
    </Card>
  );
}
