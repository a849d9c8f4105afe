import type { HttpError } from '@refinedev/core';
import { useForm } from '@refinedev/antd';
import { Button, Card, Flex, Form, Input, Select } from 'antd';
import { MSG, type Category } from '@jara/contracts';
import { CATEGORY_STATUS_OPTIONS, CATEGORY_TEXT as TEXT, type CategoryRequest } from './text';

/**
 * The one category form, for create (no id) and edit (an id). Mount it with `key={id ?? 'new'}` so switching
 * between records starts a fresh form.
 */
export function CategoryForm({ id, onDone }: { id?: number; onDone: () => void }) {
  const editing = id !== undefined;
  const { formProps, saveButtonProps, form, formLoading } = useForm<Category, HttpError, CategoryRequest>({
    resource: 'categories',
    action: editing ? 'edit' : 'create',
    id,
    redirect: false,
    warnWhenUnsavedChanges: false,
    successNotification: () => ({ message: editing ? MSG.categories.updated : MSG.categories.created, type: 'success' }),
    // A field error (e.g. the duplicate name) shows under its field; anything else as a toast.
    errorNotification: (error) =>
      error?.errors && Object.keys(error.errors).length > 0
        ? false
        : { description: TEXT.saveFailed, message: error?.message ?? TEXT.saveFailed, type: 'error' },
    onMutationSuccess: () => {
      form.resetFields();
      onDone();
    },
  });

  return (
    <Card size="small" title={editing ? TEXT.editTitle : TEXT.createTitle} style={{ marginBottom: 16 }} loading={editing && formLoading && !form.getFieldValue('name')}>
      <Form<CategoryRequest>
        {...formProps}
        layout="vertical"
        initialValues={editing ? formProps.initialValues : { status: 1 }}
        onFinish={(values) => formProps.onFinish?.({ name: values.name.trim(), status: values.status })}
        onValuesChange={(changed: Partial<CategoryRequest>) =>
          form.setFields(Object.keys(changed).map((name) => ({ name: name as keyof CategoryRequest, errors: [] })))
        }
        aria-label={editing ? TEXT.editTitle : TEXT.createTitle}
      >
        <Flex wrap gap={16} align="flex-start">
          <Form.Item
            label={TEXT.name}
            name="name"
            rules={[{ required: true, whitespace: true, message: TEXT.nameRequired }]}
            style={{ flex: '1 1 240px', marginBottom: 12 }}
          >
            <Input placeholder={TEXT.namePlaceholder} maxLength={255} autoComplete="off" />
          </Form.Item>
          <Form.Item label={TEXT.status} name="status" style={{ flex: '0 1 160px', minWidth: 140, marginBottom: 12 }}>
            <Select aria-label={TEXT.status} options={CATEGORY_STATUS_OPTIONS} />
          </Form.Item>
        </Flex>
        <Flex gap={8} wrap>
          {/* saveButtonProps submits the form itself (a submit button too would send it twice). */}
          <Button {...saveButtonProps} type="primary">
            {editing ? TEXT.save : TEXT.create}
          </Button>
          {editing && (
            <Button
              onClick={() => {
                form.resetFields();
                onDone();
              }}
            >
              {TEXT.cancelEdit}
            </Button>
          )}
        </Flex>
      </Form>
    </Card>
  );
}
