import type { HttpError } from '@refinedev/core';
import { Create, useForm, useSelect } from '@refinedev/antd';
import { Form, Input, Select, Typography } from 'antd';
import { MSG, WALLET_CURRENCIES, type Invoice, type ManualInvoiceInput, type PublicUser } from '@jara/contracts';
import { ManualInvoiceDto } from '@jara/dto';
import { DtoNoteField } from '../../components/dto-note-field';
import { dtoRules, dtoSelectProps } from '../../components/dto-rules';
import { INVOICE_TEXT as TEXT } from './text';

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
    // The picker holds the user's id as the API takes it (a number), so one check (ManualInvoiceDto) serves both.
    optionValue: 'id',
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
      >
        {/* The form holds the API's body (ManualInvoiceDto): the amount as typed ('5,000.50'), trimmed and turned
            into minor units by the DTO on both sides. */}
        <Form.Item label={TEXT.user} name="user_id" {...dtoSelectProps(ManualInvoiceDto, 'user_id')}>
          <Select {...userSelect} placeholder={TEXT.userPicker} allowClear />
        </Form.Item>
        <Form.Item label={TEXT.amount} required style={{ marginBottom: 0 }}>
          <Form.Item
            name="amount"
            rules={dtoRules(ManualInvoiceDto, 'amount')}
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
        <DtoNoteField
          dto={ManualInvoiceDto}
          name="description"
          label={TEXT.description}
          placeholder={TEXT.descriptionPlaceholder}
        />
      </Form>
    </Create>
  );
}
