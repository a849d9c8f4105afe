import { Form, Input } from 'antd';
import type { Class } from '@jara/dto';
import { dtoMaxLength, dtoRules } from './dto-rules';

/** A free-text note of an action form (a status move, a rejection): its rules and counter come from the route's DTO. */
export function DtoNoteField({
  dto,
  name,
  label,
  placeholder,
}: {
  dto: Class<object>;
  name: string;
  label: string;
  placeholder?: string;
}) {
  return (
    <Form.Item name={name} label={label} rules={dtoRules(dto, name)} style={{ marginBottom: 24 }}>
      <Input.TextArea rows={3} maxLength={dtoMaxLength(dto, name)} showCount placeholder={placeholder} />
    </Form.Item>
  );
}
