import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, InputNumber, Select, Upload, type UploadFile } from 'antd';
import { PARCEL_CONDITIONS, PARCEL_CONDITION_LABELS, RECEIPT_LIMITS } from '@jara/contracts';
import { ReceiptMeasureDto } from '@jara/dto';
import { dtoMaxLength, dtoRules } from '../../components/dto-rules';
import { API_URL } from '../../providers/config';
import { http, toHttpError } from '../../providers/http';

export interface MeasureValues {
  weight: string;
  length: number;
  width: number;
  height: number;
  pieces: number;
  condition: string;
  note?: string;
}

/**
 * The measures of a receipt (weight kg, L x W x H cm, pieces, condition, note, 1-5 photos), posted as multipart to
 * `path` with `extra` fields. Phone first: one column at 390 px, inputs large enough to tap; the camera opens on
 * phones (capture). The fields are checked by the API's ReceiptMeasureDto (the parent of CreateReceiptDto and
 * PackConsolidationDto) before sending; other errors come from the API's 422.
 */
export function MeasureForm<T>({
  path,
  extra = {},
  submitLabel,
  onDone,
}: {
  path: string;
  extra?: Record<string, string>;
  submitLabel: string;
  onDone: (data: T) => void;
}) {
  const [form] = Form.useForm<MeasureValues>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: MeasureValues) => {
    setBusy(true);
    setError(null);
    const body = new FormData();
    for (const [k, v] of Object.entries({ ...extra, ...values }))
      if (v !== undefined && v !== null && v !== '') body.append(k, String(v));
    for (const f of files) if (f.originFileObj) body.append('photos', f.originFileObj, f.name);
    try {
      const res = await http.post<{ data: T }>(`${API_URL}/${path}`, body);
      form.resetFields();
      setFiles([]);
      onDone(res.data.data);
    } catch (e) {
      const err = toHttpError(e);
      const errors = (err.errors ?? {}) as Record<string, string[] | string>;
      const fields = Object.entries(errors)
        .filter(([name]) => name !== 'photos' && name !== 'scanned_no')
        .map(([name, messages]) => ({ name, errors: Array.isArray(messages) ? messages : [String(messages)] }));
      form.setFields(fields as Parameters<typeof form.setFields>[0]);
      const other = errors.photos ?? errors.scanned_no;
      setError(other ? (Array.isArray(other) ? other[0] : String(other)) : err.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<MeasureValues>
      form={form}
      layout="vertical"
      onFinish={submit}
      initialValues={{ pieces: 1, condition: 'good' }}
      aria-label={submitLabel}
      requiredMark={false}
    >
      <Form.Item name="weight" label="Weight (kg)" rules={dtoRules(ReceiptMeasureDto, 'weight')}>
        <Input inputMode="decimal" size="large" placeholder="2.35" />
      </Form.Item>
      <Flex gap={8}>
        {(['length', 'width', 'height'] as const).map((name) => (
          <Form.Item
            key={name}
            name={name}
            label={`${name[0].toUpperCase()}${name.slice(1)} (cm)`}
            rules={dtoRules(ReceiptMeasureDto, name)}
            style={{ flex: 1, minWidth: 0 }}
          >
            <InputNumber
              min={1}
              max={RECEIPT_LIMITS.dimensionCm}
              precision={0}
              size="large"
              style={{ width: '100%' }}
            />
          </Form.Item>
        ))}
      </Flex>
      <Flex gap={8}>
        <Form.Item name="pieces" label="Pieces" style={{ flex: 1 }} rules={dtoRules(ReceiptMeasureDto, 'pieces')}>
          <InputNumber min={1} max={RECEIPT_LIMITS.pieces} precision={0} size="large" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="condition" label="Condition" style={{ flex: 1 }}>
          <Select
            size="large"
            options={PARCEL_CONDITIONS.map((c) => ({ value: c, label: PARCEL_CONDITION_LABELS[c] }))}
          />
        </Form.Item>
      </Flex>
      <Form.Item name="note" label="Note">
        <Input.TextArea rows={2} maxLength={dtoMaxLength(ReceiptMeasureDto, 'note')} />
      </Form.Item>
      <Form.Item label={`Photos (${RECEIPT_LIMITS.photosMin}-${RECEIPT_LIMITS.photosMax})`} required>
        <Upload
          accept="image/*"
          capture="environment"
          multiple
          listType="picture"
          fileList={files}
          beforeUpload={() => false}
          onChange={({ fileList }) => setFiles(fileList)}
          maxCount={RECEIPT_LIMITS.photosMax}
        >
          <Button size="large">Add photos</Button>
        </Upload>
      </Form.Item>
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" /> : null}
      <Button type="primary" htmlType="submit" size="large" block loading={busy}>
        {submitLabel}
      </Button>
    </Form>
  );
}
