import { useEffect } from 'react';
import { useCustom, useCustomMutation, type HttpError } from '@refinedev/core';
import { Button, Card, Form, InputNumber, Typography } from 'antd';
import { RECEIPT_LIMITS, RECEIPT_MSG, type ReceiptSettings } from '@jara/contracts';
import { fieldError } from '../../providers/http';
import { PageTitle } from '../../components/page-title';

/** Receipt settings (issue 26, decision 044): the volumetric divisor per shipping type and the variance threshold. */
export default function ReceiptSettingsPage() {
  const [form] = Form.useForm<ReceiptSettings>();
  const { result, query } = useCustom<{ data: ReceiptSettings }, HttpError>({ url: 'receipt-settings', method: 'get' });
  const { mutate, mutation } = useCustomMutation<{ data: ReceiptSettings }, HttpError, ReceiptSettings>();
  const settings = result.data?.data;
  useEffect(() => {
    if (settings) form.setFieldsValue(settings);
  }, [settings, form]);
  const error = mutation.error;
  const field = (name: keyof ReceiptSettings) => {
    const message = fieldError(error, name);
    return message ? { validateStatus: 'error' as const, help: message } : {};
  };
  return (
    <div>
      <PageTitle>Receipt Settings</PageTitle>
      <Card size="small" loading={query.isLoading} style={{ maxWidth: 560 }}>
        <Typography.Paragraph type="secondary">
          Volumetric weight = length x width x height (cm) / divisor. Air cargo is charged on the greater of the actual
          and the volumetric weight. A measure further than the variance from what the customer declared waits for the
          customer&apos;s acceptance before the fee is invoiced.
        </Typography.Paragraph>
        <Form<ReceiptSettings>
          form={form}
          layout="vertical"
          aria-label="Receipt Settings"
          onFinish={(values) =>
            mutate({
              url: 'receipt-settings',
              method: 'put',
              values,
              successNotification: () => ({ message: RECEIPT_MSG.settingsSaved, type: 'success' }),
            })
          }
        >
          <Form.Item name="air_divisor" label="Air cargo divisor" {...field('air_divisor')}>
            <InputNumber min={1} max={RECEIPT_LIMITS.divisorMax} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="sea_divisor" label="Sea cargo divisor" {...field('sea_divisor')}>
            <InputNumber min={1} max={RECEIPT_LIMITS.divisorMax} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="variance_percent" label="Variance threshold (%)" {...field('variance_percent')}>
            <InputNumber min={0} max={RECEIPT_LIMITS.variancePercentMax} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={mutation.isPending}>
            Save
          </Button>
        </Form>
      </Card>
    </div>
  );
}
