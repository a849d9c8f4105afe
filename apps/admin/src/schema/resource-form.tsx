import type { HttpError } from '@refinedev/core';
import { useNotification } from '@refinedev/core';
import { useForm } from '@refinedev/antd';
import { Button, Card, Flex, Form, Input, type FormRule } from 'antd';
import type { Class } from '@jara/dto';
import { dtoMaxLength, dtoRules } from '../components/dto-rules';
import { failedWrite } from './row-buttons';
import type { AnyDescription, FieldDescription, FormDescription } from './types';

type Values = Record<string, unknown>;
const noStep = () => undefined;

/**
 * A field's antd rules, from the DTO alone. A select's rule keeps its message but not `required`: antd would put
 * aria-required on the select, which axe refuses (only text inputs take it).
 */
function fieldRules(dto: Class<object>, field: FieldDescription): FormRule[] {
  const rules = dtoRules(dto, field.name);
  if (field.input === undefined || field.input.type === Input) return rules;
  return rules.map((rule) => (form) => ({ ...(typeof rule === 'function' ? rule(form) : rule), required: false }));
}

/**
 * The inline form of a described resource, for create (no id) and edit (an id), on Refine's useForm: the server's
 * field errors show under their fields, anything else as a toast. Mount it with `key={id ?? 'new'}`.
 */
export function ResourceForm({
  description,
  id,
  record,
  onDone,
}: {
  description: AnyDescription;
  id?: number;
  record?: Values;
  onDone: () => void;
}) {
  const f = description.form as FormDescription<Values, Values>;
  const editing = id !== undefined;
  const { open } = useNotification();
  const useBeforeSave = f.useBeforeSave ?? noStep;
  const beforeSave = useBeforeSave();
  const dto = editing ? (f.dto.update ?? f.dto.create) : f.dto.create;
  const failed = typeof f.failed === 'string' ? f.failed : editing ? f.failed.update : f.failed.create;
  const { formProps, saveButtonProps, form, formLoading } = useForm<Values, HttpError, Values>({
    resource: description.resource,
    action: editing ? 'edit' : 'create',
    id,
    redirect: false,
    warnWhenUnsavedChanges: false,
    queryOptions: f.fromRow ? { enabled: false } : undefined,
    successNotification: () => ({ message: editing ? f.updated : f.created, type: 'success' }),
    errorNotification: (error) =>
      !f.toastFieldErrors && error?.errors && Object.keys(error.errors).length > 0 ? false : failedWrite(failed)(error),
    onMutationSuccess: () => {
      form.resetFields();
      onDone();
    },
  });
  const title = editing ? f.editTitle : f.createTitle;
  const initial = editing ? (f.fromRow ? record : formProps.initialValues) : f.initialValues;
  const first = f.rows[0][0].name;

  return (
    <Card
      size="small"
      title={title}
      style={{ marginBottom: 16 }}
      loading={editing && !f.fromRow && formLoading && !form.getFieldValue(first)}
    >
      <Form<Values>
        {...formProps}
        layout="vertical"
        initialValues={initial}
        onFinish={(values) => {
          const save = () => void formProps.onFinish?.(f.toRequest(values, editing));
          if (beforeSave) beforeSave(values, initial, id, save);
          else save();
        }}
        onFinishFailed={({ errorFields }) => {
          const message = errorFields[0]?.errors[0];
          if (f.invalidToast && message)
            open?.({ type: 'error', description: 'Error', message, key: `${description.resource}-invalid` });
        }}
        // A server field error clears as soon as its field is edited.
        onValuesChange={(changed: Values) => form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })))}
        aria-label={title}
      >
        {f.rows.map((row, i) => (
          <Flex key={i} wrap gap={16} align="flex-start">
            {row
              .filter((field) => editing || !field.editOnly)
              .map((field) => (
                <Form.Item
                  key={field.name}
                  label={field.label}
                  name={field.name}
                  rules={fieldRules(dto, field)}
                  normalize={field.normalize}
                  style={{ flex: field.flex, minWidth: field.minWidth, marginBottom: 12 }}
                >
                  {field.input ?? (
                    <Input
                      placeholder={field.placeholder}
                      maxLength={dtoMaxLength(dto, field.name)}
                      autoComplete="off"
                    />
                  )}
                </Form.Item>
              ))}
          </Flex>
        ))}
        <Flex gap={8} wrap>
          {/* saveButtonProps submits the form itself (a submit button too would send it twice). */}
          <Button {...saveButtonProps} type="primary">
            {editing ? (f.saveButton ?? 'Save changes') : f.createButton}
          </Button>
          {editing && (
            <Button
              onClick={() => {
                form.resetFields();
                onDone();
              }}
            >
              Cancel
            </Button>
          )}
        </Flex>
      </Form>
    </Card>
  );
}
