import { useState } from 'react';
import { App, Button, Form, Input, InputNumber, Modal, Radio, Select, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import {
  ACTIVITY_KIND_LABEL,
  ACTIVITY_KINDS,
  ActivityKind,
  ActivityLimits,
  ActivityMsg,
  type ActivityKindValue,
  type ActivityRow,
} from '@textbook/contracts';
import { useActivityActions } from '../../../api/activities';
import { QuestionPicker } from './QuestionPicker';

export interface SectionOption {
  value: number;
  label: string;
}

interface Values {
  kind: ActivityKindValue;
  title: string;
  sectionId?: number | null;
  content?: string;
  minutes?: number;
  lateMinutes?: number;
  link?: string;
  questionIds?: number[];
}

/** The create and edit form of an activity, per kind: check-in minutes, material link or file, quiz questions. */
export function ActivityForm({
  classId,
  editing,
  sections,
  sectionId,
  onClose,
}: {
  classId: number;
  editing: ActivityRow | null;
  sections: SectionOption[];
  sectionId?: number;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const actions = useActivityActions();
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const kind = Form.useWatch('kind', form) ?? editing?.kind ?? ActivityKind.CHECKIN;

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const fields = {
        title: values.title,
        sectionId: values.sectionId ?? null,
        content: values.content ?? '',
        minutes: values.minutes,
        lateMinutes: values.lateMinutes ?? 0,
        link: values.link ?? '',
        questionIds: values.questionIds ?? [],
      };
      if (kind === ActivityKind.MATERIAL && !fields.link && !file && !editing?.fileName) {
        message.error(ActivityMsg.MATERIAL_REQUIRED);
        return;
      }
      const saved = editing
        ? await actions.save({ id: editing.id, ...fields })
        : await actions.save({ classId, kind: values.kind, ...fields });
      if (file && kind === ActivityKind.MATERIAL) await actions.upload({ id: saved.id, file });
      message.success(editing ? '活动已保存' : '活动已创建，可在列表中点击“开始”发布给学生');
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={editing ? '编辑活动' : '新建活动'}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      width={560}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={
          editing
            ? {
                kind: editing.kind,
                title: editing.title,
                sectionId: editing.sectionId,
                content: editing.content,
                minutes: editing.minutes ?? 5,
                lateMinutes: editing.lateMinutes,
                link: editing.link,
                questionIds: editing.questionIds,
              }
            : { kind: ActivityKind.CHECKIN, sectionId: sectionId ?? null, minutes: 5, lateMinutes: 5 }
        }
      >
        <Form.Item name="kind" label="活动类型" rules={[{ required: true, message: ActivityMsg.KIND_REQUIRED }]}>
          <Radio.Group
            disabled={Boolean(editing)}
            optionType="button"
            buttonStyle="solid"
            options={ACTIVITY_KINDS.map((k) => ({ value: k, label: ACTIVITY_KIND_LABEL[k] }))}
          />
        </Form.Item>
        <Form.Item
          name="title"
          label="标题"
          rules={[
            { required: true, whitespace: true, message: ActivityMsg.TITLE_REQUIRED },
            { max: ActivityLimits.TITLE_MAX, message: ActivityMsg.TITLE_MAX },
          ]}
        >
          <Input placeholder={kind === ActivityKind.CHECKIN ? '如：第3周周二课堂签到' : '活动标题'} />
        </Form.Item>
        <Form.Item name="sectionId" label="所属章节">
          <Select allowClear placeholder="不限章节" options={sections} showSearch={{ optionFilterProp: 'label' }} />
        </Form.Item>
        {kind === ActivityKind.CHECKIN && (
          <div className="activity-form-row">
            <Form.Item
              name="minutes"
              label="签到时长（分钟）"
              rules={[{ required: true, message: ActivityMsg.MINUTES_RANGE }]}
            >
              <InputNumber min={ActivityLimits.MINUTES_MIN} max={ActivityLimits.MINUTES_MAX} precision={0} />
            </Form.Item>
            <Form.Item name="lateMinutes" label="之后可迟到签到（分钟）">
              <InputNumber min={0} max={ActivityLimits.LATE_MAX} precision={0} />
            </Form.Item>
          </div>
        )}
        <Form.Item
          name="content"
          label={kind === ActivityKind.DISCUSSION ? '讨论话题' : '说明'}
          rules={[
            { required: kind === ActivityKind.DISCUSSION, whitespace: true, message: ActivityMsg.TOPIC_REQUIRED },
            { max: ActivityLimits.CONTENT_MAX, message: ActivityMsg.CONTENT_MAX },
          ]}
        >
          <Input.TextArea rows={3} showCount maxLength={ActivityLimits.CONTENT_MAX} />
        </Form.Item>
        {kind === ActivityKind.MATERIAL && (
          <>
            <Form.Item
              name="link"
              label="资料链接"
              rules={[{ pattern: /^https?:\/\/\S+$/i, message: ActivityMsg.LINK_INVALID }]}
            >
              <Input placeholder="https://…" />
            </Form.Item>
            <Form.Item label="资料文件" extra={editing?.fileName ? `当前文件：${editing.fileName}` : '不超过20MB'}>
              <Upload
                maxCount={1}
                beforeUpload={(f) => {
                  if (f.size > ActivityLimits.FILE_MAX_BYTES) {
                    message.error(ActivityMsg.FILE_TOO_LARGE);
                    return Upload.LIST_IGNORE;
                  }
                  setFile(f);
                  return false;
                }}
                onRemove={() => setFile(null)}
              >
                <Button icon={<UploadOutlined />}>选择文件</Button>
              </Upload>
            </Form.Item>
          </>
        )}
        {kind === ActivityKind.QUIZ && (
          <Form.Item
            name="questionIds"
            label="测验题目（题库中的客观题）"
            rules={[{ required: true, type: 'array', message: ActivityMsg.QUESTIONS_REQUIRED }]}
          >
            <QuestionPicker />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
