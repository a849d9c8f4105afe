import type { HttpError } from '@refinedev/core';
import { Create, useForm, useSelect } from '@refinedev/antd';
import { Form, Input, Select, Typography } from 'antd';
import {
  MSG,
  WALLET_CURRENCIES,
  type Invoice,
  type ManualInvoiceInput,
  type PublicUser,
  type WalletCurrency,
} from '@jara/contracts';
import { amountForApi, positiveAmountRule } from '../../components/money';
import { INVOICE_TEXT as TEXT } from './text';

interface RaiseValues {
  user_id?: string;
  amount?: string;
  currency: WalletCurrency;
  description?: string;
}

/** Raise a manual invoice for a user (POST /invoices): customer picked by e-mail or name, amount, currency, description. */
export default function InvoiceCreate() {
  const { formProps, saveButtonProps } = useForm<Invoice, HttpError, ManualInvoiceInput>({
    resource: 'invoices',
    action: 'create',
    redirect: 'show',
    warnWhenUnsavedChanges: false,
    successNotification: () => ({ message: MSG.invoices.raised, type: 'success' }),
    // Refine's antd notifications show `description` as the heading and `message` as the text; field errors
    // from the API (422) also show under their fields.
    errorNotification: (error) => ({
      description: MSG.invoices.raiseFailed,
      message: error?.message ?? MSG.invoices.raiseFailed,
      type: 'error',
    }),
  });

  const { selectProps: userSelect } = useSelect<PublicUser, HttpError>({
    resource: 'users',
    optionLabel: (user) => (user.name ? `${user.name} (${user.email})` : user.email),
    optionValue: (user) => String(user.id),
    sorters: [{ field: 'name', order: 'asc' }],
    pagination: { currentPage: 1, pageSize: 20, mode: 'server' },
    // The API's user list searches name and e-mail with q.
    onSearch: (value) => [{ field: 'q', operator: 'eq', value: value.trim() || undefined }],
    debounce: 300,
    errorNotification: false,
  });

  return (
    <Create
      goBack={false}
      title={TEXT.raiseTitle}
      saveButtonProps={{ ...saveButtonProps, children: TEXT.submit }}
      wrapperProps={{ className: 'jara-crud' }}
      breadcrumb={false}
    >
      <Typography.Paragraph type="secondary">{TEXT.raiseHint}</Typography.Paragraph>
      <Form
        {...formProps}
        layout="vertical"
        aria-label={TEXT.raiseTitle}
        initialValues={{ currency: 'NGN' }}
        style={{ maxWidth: 560 }}
        onFinish={(fields) => {
          // The form holds what was typed (the picker's id as a string, the amount as text); the API gets the input.
          const values = fields as unknown as RaiseValues;
          return formProps.onFinish?.({
            user_id: Number(values.user_id),
            amount: amountForApi(String(values.amount)),
            currency: values.currency,
            description: String(values.description ?? '').trim(),
          });
        }}
      >
        {/* A validator rather than `required`: with `required` antd puts aria-required on the Select's role-less
            wrapper, which axe (rightly) refuses; the mark is drawn as antd draws it. */}
        <Form.Item
          label={TEXT.user}
          name="user_id"
          className="jara-required"
          rules={[
            {
              validator: async (_, value) => {
                if (!value) throw new Error(MSG.money.userRequired);
              },
            },
          ]}
        >
          <Select {...userSelect} placeholder={TEXT.userPicker} allowClear />
        </Form.Item>
        <Form.Item label={TEXT.amount} required style={{ marginBottom: 0 }}>
          <Form.Item
            name="amount"
            rules={[positiveAmountRule(MSG.money.amountPositive)]}
            style={{ display: 'inline-block', width: 'calc(100% - 128px)', marginRight: 8 }}
          >
            <Input
              aria-label={TEXT.amount}
              inputMode="decimal"
              placeholder={TEXT.amountPlaceholder}
              autoComplete="off"
            />
          </Form.Item>
          <Form.Item name="currency" style={{ display: 'inline-block', width: 120 }}>
            <Select aria-label={TEXT.currency} options={WALLET_CURRENCIES.map((c) => ({ value: c, label: c }))} />
          </Form.Item>
        </Form.Item>
        <Form.Item
          label={TEXT.description}
          name="description"
          rules={[{ required: true, whitespace: true, message: MSG.money.descriptionRequired }]}
        >
          <Input.TextArea rows={3} maxLength={255} showCount placeholder={TEXT.descriptionPlaceholder} />
        </Form.Item>
      </Form>
    </Create>
  );
}
