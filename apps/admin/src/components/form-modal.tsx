import { useState, type ReactNode } from 'react';
import { Alert, Button, Form, Modal, Space } from 'antd';

/**
 * The state of a dialog that confirms an action with a small form (a status move, a rejection): what it is open for,
 * the refusal shown in it and its form. `open` starts afresh; `close` does nothing while the request is pending.
 */
export function useFormDialog<M, V>(pending: boolean) {
  const [current, setCurrent] = useState<M | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [form] = Form.useForm<V>();
  const open = (next: M) => {
    form.resetFields();
    setFailure(null);
    setCurrent(next);
  };
  const close = () => {
    if (!pending) setCurrent(null);
  };
  return { current, setCurrent, failure, setFailure, form, open, close };
}

/**
 * A confirmation dialog around a form (the OK button submits it), open while its useFormDialog has a current value:
 * what the action does above the form, the server's refusal under that (OK stays disabled after one unless
 * `retryable`: the page shows the record as it is now), nothing closes while the request is pending.
 */
export function FormModal<V>({
  dialog,
  title,
  okText,
  cancelText,
  danger = false,
  pending,
  failureTitle,
  retryable = false,
  formId,
  formLabel,
  onFinish,
  intro,
  children,
}: {
  /** useFormDialog's state: open while it has a current value. */
  dialog: Pick<ReturnType<typeof useFormDialog<unknown, V>>, 'current' | 'failure' | 'form' | 'close'>;
  title: ReactNode;
  okText: ReactNode;
  cancelText: ReactNode;
  danger?: boolean;
  pending: boolean;
  failureTitle?: ReactNode;
  /** OK stays enabled after a refusal (the fields say what to correct). */
  retryable?: boolean;
  formId: string;
  formLabel?: string;
  onFinish: (values: V) => void;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const { failure, form } = dialog;
  return (
    <Modal
      open={dialog.current !== null}
      title={title}
      okText={okText}
      cancelText={cancelText}
      okButtonProps={{
        danger,
        loading: pending,
        disabled: !retryable && Boolean(failure),
        htmlType: 'submit',
        form: formId,
      }}
      cancelButtonProps={{ disabled: pending }}
      onCancel={dialog.close}
      destroyOnHidden
      maskClosable={!pending}
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        {intro}
        {failure && <Alert type="error" showIcon message={failureTitle} description={failure} />}
        <Form<V>
          id={formId}
          form={form}
          layout="vertical"
          onFinish={onFinish}
          aria-label={formLabel}
          requiredMark={false}
        >
          {children}
        </Form>
      </Space>
    </Modal>
  );
}

/** The buttons of the moves allowed from a record's status: the dangerous ones (cancel, return) in red. */
export function MoveButtons<M extends { to: string | number; action: ReactNode }>({
  moves,
  icon,
  danger,
  testId,
  onMove,
}: {
  moves: M[];
  icon?: (move: M) => ReactNode;
  danger: (to: M['to']) => boolean;
  testId?: string;
  onMove: (move: M) => void;
}) {
  return (
    <Space wrap data-testid={testId}>
      {moves.map((m) => (
        <Button
          key={m.to}
          type={danger(m.to) ? 'default' : 'primary'}
          danger={danger(m.to)}
          icon={icon?.(m)}
          onClick={() => onMove(m)}
        >
          {m.action}
        </Button>
      ))}
    </Space>
  );
}
