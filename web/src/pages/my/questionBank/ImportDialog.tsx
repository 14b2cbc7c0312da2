import { useState } from 'react';
import { Alert, App, Button, Modal, Table, Tag, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import {
  QUESTION_IMPORT_RESULT_LABEL,
  QUESTION_SHEET_HELP,
  QuestionMsg,
  type QuestionImportReport,
} from '@textbook/contracts';
import { downloadTemplate, useQuestionActions } from '../../../api/questions';

const RESULT_COLOR = { added: 'green', refused: 'red', example: 'default' } as const;

/** Import from the xlsx template: the template's download, the upload, and the report of every row. */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const actions = useQuestionActions();
  const [report, setReport] = useState<QuestionImportReport | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setReport(null);
    onClose();
  };

  return (
    <Modal
      title="导入题目"
      open={open}
      onCancel={close}
      footer={<Button onClick={close}>关闭</Button>}
      width={720}
      destroyOnHidden
    >
      <ul className="qb-import-help">
        {QUESTION_SHEET_HELP.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div className="qb-import-actions">
        <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate()}>
          下载导入模板
        </Button>
        <Upload
          accept=".xlsx"
          showUploadList={false}
          beforeUpload={(file) => {
            setBusy(true);
            setReport(null);
            actions
              .importFile(file)
              .then((r) => {
                setReport(r);
                if (r.added > 0) message.success(QuestionMsg.IMPORT_DONE(r.added, r.refused, r.examples));
              })
              .finally(() => setBusy(false));
            return false;
          }}
        >
          <Button type="primary" icon={<UploadOutlined />} loading={busy}>
            选择文件并导入
          </Button>
        </Upload>
      </div>
      {report && (
        <>
          <Alert
            style={{ margin: '12px 0' }}
            type={report.added === 0 ? 'error' : report.refused > 0 ? 'warning' : 'success'}
            showIcon
            title={
              report.added === 0
                ? QuestionMsg.IMPORT_NOTHING_WRITTEN
                : QuestionMsg.IMPORT_DONE(report.added, report.refused, report.examples)
            }
          />
          <Table
            size="small"
            rowKey="row"
            aria-label="导入结果"
            dataSource={report.rows}
            pagination={report.rows.length > 10 ? { pageSize: 10, size: 'small' } : false}
            columns={[
              { title: '行号', dataIndex: 'row', width: 70 },
              {
                title: '结果',
                dataIndex: 'result',
                width: 100,
                render: (result: QuestionImportReport['rows'][number]['result']) => (
                  <Tag color={RESULT_COLOR[result]}>{QUESTION_IMPORT_RESULT_LABEL[result]}</Tag>
                ),
              },
              { title: '原因', dataIndex: 'reason' },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
