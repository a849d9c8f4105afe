import { useEffect } from 'react';
import { useCustom, useCustomMutation, useInvalidate, type HttpError } from '@refinedev/core';
import { Alert, Button, Card, Flex, Form, Typography } from 'antd';
import { MSG, type LogisticsSettings } from '@jara/contracts';
import { LogisticsSettingsDto } from '@jara/dto';
import { DtoNumberField } from '../../components/dto-note-field';
import { PageTitle } from '../../components/page-title';
import { LOGISTICS_TEXT as TEXT } from './text';

interface RatesRequest {
  cost_per_cmb3: number;
  cost_per_kg: number;
}

/**
 * Logistics Settings (spec 2.22, point 5): the sea cargo rate per cubic centimetre and the air cargo rate per kilogram,
 * both required, checked by the API's LogisticsSettingsDto in the form and on the server.
 */
export default function LogisticsSettingsPage() {
  const [form] = Form.useForm<RatesRequest>();
  const invalidate = useInvalidate();
  const { result, query } = useCustom<{ data: LogisticsSettings }, HttpError>({
    url: 'logistics-settings',
    method: 'get',
    errorNotification: false,
  });
  const settings = result.data?.data;
  const { mutate: put, mutation } = useCustomMutation<{ data: LogisticsSettings }, HttpError, RatesRequest>();

  useEffect(() => {
    if (settings)
      form.setFieldsValue({ cost_per_cmb3: Number(settings.cost_per_cmb3), cost_per_kg: Number(settings.cost_per_kg) });
  }, [settings, form]);

  const save = (values: RatesRequest) =>
    put(
      {
        url: 'logistics-settings',
        method: 'put',
        values,
        successNotification: () => ({ message: MSG.logisticsSettings.updated, type: 'success' }),
        // The server's message, else the spec's fallback.
        errorNotification: (error) => ({
          description: MSG.logisticsSettings.updateFailed,
          message: error?.message ?? MSG.logisticsSettings.updateFailed,
          type: 'error',
        }),
      },
      { onSuccess: () => invalidate({ invalidates: ['all'] }) },
    );

  return (
    <div>
      <PageTitle>{TEXT.settingsTitle}</PageTitle>
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          message={MSG.lists.loadLogisticsSettingsFailed}
          description={query.error?.message}
        />
      ) : (
        <Card size="small" loading={query.isLoading} style={{ maxWidth: 640 }}>
          <Typography.Paragraph type="secondary">{TEXT.settingsHint}</Typography.Paragraph>
          <Form<RatesRequest> form={form} layout="vertical" onFinish={save} aria-label={TEXT.settingsTitle}>
            <Flex wrap gap={16} align="flex-start">
              <DtoNumberField
                dto={LogisticsSettingsDto}
                name="cost_per_cmb3"
                label={TEXT.costPerCmb3}
                flex="1 1 240px"
              />
              <DtoNumberField dto={LogisticsSettingsDto} name="cost_per_kg" label={TEXT.costPerKg} flex="1 1 240px" />
            </Flex>
            <Button type="primary" htmlType="submit" loading={mutation.isPending}>
              {TEXT.saveSettings}
            </Button>
          </Form>
        </Card>
      )}
    </div>
  );
}
