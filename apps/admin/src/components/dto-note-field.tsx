import { Form, Input, InputNumber, type InputNumberProps } from 'antd';
import type { Class } from '@jara/dto';
import { dtoMaxLength, dtoRules } from './dto-rules';

/** A free-text note of a form (a status move, a rejection, a reason): its rules and counter come from the route's DTO. */
export function DtoNoteField({
  dto,
  name,
  label,
  placeholder,
  rows = 3,
}: {
  dto: Class<object>;
  name: string;
  label: string;
  placeholder?: string;
  rows?: number;
}) {
  return (
    <Form.Item name={name} label={label} rules={dtoRules(dto, name)} style={{ marginBottom: 24 }}>
      <Input.TextArea rows={rows} maxLength={dtoMaxLength(dto, name)} showCount placeholder={placeholder} />
    </Form.Item>
  );
}

/**
 * A decimal input of a form row checked by a DTO field: the range is the DTO's rule (InputNumber's own min would
 * silently clamp a negative value).
 */
export function DtoNumberField({
  dto,
  name,
  label,
  flex,
  ...input
}: { dto: Class<object>; name: string; label: string; flex: string } & InputNumberProps<number>) {
  return (
    <Form.Item label={label} name={name} rules={dtoRules(dto, name)} style={{ flex, marginBottom: 12 }}>
      <InputNumber<number> step={0.01} aria-valuemin={0} style={{ width: '100%' }} {...input} />
    </Form.Item>
  );
}
