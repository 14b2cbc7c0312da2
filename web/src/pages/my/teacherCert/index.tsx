import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Form, Input, Select, Tag, Typography, type UploadFile } from 'antd';
import { CertState, PeopleMsg, type CertRow, CertLimits } from '@textbook/contracts';
import { uploadImage } from '../../../api/help';
import { useMember } from '../../../api/member';
import { useApplyCert, useCertColleges, useMyCert } from '../../../api/teachers';
import '../../../components/Content/content.css';
import { Loading } from '../../../components/Content/states';
import { ImageCards } from '../../../kit/ImageUpload';

const STATE_COLOR: Record<number, string> = {
  [CertState.AUDITING]: 'processing',
  [CertState.APPROVED]: 'success',
  [CertState.REJECTED]: 'error',
};

interface Values {
  realName: string;
  collegeId: number;
  proof?: string;
}

/** Where the member's newest application stands: waiting, approved, or rejected with the staff's reason. */
function CertStatus({ cert }: { cert: CertRow }) {
  return (
    <Card size="small" style={{ marginBottom: 16 }} data-testid="cert-status">
      <Descriptions column={1} size="small">
        <Descriptions.Item label="状态">
          <Tag color={STATE_COLOR[cert.state]}>{cert.stateLabel}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="学校">{cert.collegeName}</Descriptions.Item>
        <Descriptions.Item label="真实姓名">{cert.realName}</Descriptions.Item>
        {cert.state === CertState.REJECTED && (
          <Descriptions.Item label="驳回原因">
            <Typography.Text type="danger" data-testid="cert-reason">
              {cert.reason}
            </Typography.Text>
          </Descriptions.Item>
        )}
      </Descriptions>
    </Card>
  );
}

/**
 * /my/teacherCert: apply to be certified as a teacher of a college (the sample copies need it: 需认证为教师后才可
 * 申请免费样书). Real name, the college, a short proof text and/or a picture; the staff approve or reject with a
 * reason shown here.
 */
export default function TeacherCertPage() {
  const member = useMember();
  const mine = useMyCert();
  const apply = useApplyCert();
  const [keyword, setKeyword] = useState('');
  const colleges = useCertColleges(keyword);
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [status, setStatus] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  if (mine.isLoading) return <Loading />;
  const cert = mine.data ?? null;
  const waiting = cert?.state === CertState.AUDITING;

  const submit = async (values: Values) => {
    setBusy(true);
    setStatus(null);
    try {
      const proofImage = files.find((f) => f.status === 'done' && f.url)?.url ?? '';
      await apply({ ...values, proof: values.proof ?? '', proofImage });
      setStatus({ type: 'success', text: PeopleMsg.CERT_SUBMITTED });
    } catch (error) {
      setStatus({ type: 'error', text: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page-section teacher-cert-page" data-testid="teacher-cert">
      <Typography.Title level={3}>教师认证</Typography.Title>
      {member?.teacher && (
        <Alert type="success" showIcon title={`您已是${member.collegeName}的认证教师`} style={{ marginBottom: 16 }} />
      )}
      {cert && <CertStatus cert={cert} />}
      {status && (
        <Alert
          type={status.type}
          showIcon
          title={status.text}
          style={{ marginBottom: 16 }}
          data-testid="cert-message"
        />
      )}
      {!waiting && (
        <Card
          title={cert?.state === CertState.APPROVED ? '认证其他学校' : cert ? '重新提交认证' : '提交认证申请'}
          size="small"
        >
          <Form<Values>
            layout="vertical"
            onFinish={(v) => void submit(v)}
            initialValues={{ realName: member?.realName ?? '' }}
            style={{ maxWidth: 520 }}
            data-testid="cert-form"
          >
            <Form.Item name="realName" label="真实姓名" rules={[{ required: true, message: PeopleMsg.CERT_NAME }]}>
              <Input maxLength={CertLimits.NAME_MAX} />
            </Form.Item>
            <Form.Item name="collegeId" label="所在学校" rules={[{ required: true, message: PeopleMsg.CERT_COLLEGE }]}>
              <Select
                showSearch={{ filterOption: false, onSearch: setKeyword }}
                placeholder="输入学校名称搜索"
                options={(colleges.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
                notFoundContent={colleges.isFetching ? '搜索中…' : '没有找到该学校'}
                data-testid="cert-college"
              />
            </Form.Item>
            <Form.Item name="proof" label="认证说明" extra="如所在院系、职称、工号等">
              <Input.TextArea rows={3} maxLength={CertLimits.PROOF_MAX} showCount />
            </Form.Item>
            <Form.Item label="证明图片（选填）" extra="教师证、工作证或学校官网的教师介绍页截图">
              <ImageCards
                files={files}
                setFiles={setFiles}
                max={CertLimits.IMAGES_MAX}
                upload={uploadImage}
                onError={(text) => setStatus({ type: 'error', text })}
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy} data-testid="cert-submit">
              提交认证
            </Button>
          </Form>
        </Card>
      )}
    </div>
  );
}
