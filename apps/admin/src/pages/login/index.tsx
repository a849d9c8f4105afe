import { useEffect } from 'react';
import { useLogin, type HttpError } from '@refinedev/core';
import { Alert, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { MSG, type LoginRequest } from '@jara/contracts';
import { LoginDto } from '@jara/dto';
import { fieldError } from '../../providers/http';
import { dtoRules } from '../../components/dto-rules';
import { BACK_OFFICE_NAME, JaraLogo } from '../../components/title';

/** Login heading, subtitle and button of spec 2.6. */
const LOGIN_HEADING = MSG.auth.loginHeading;
const LOGIN_SUBTITLE = MSG.auth.loginSubtitle;
const LOGIN_BUTTON = MSG.auth.loginButton;

export default function LoginPage() {
  const [form] = Form.useForm<LoginRequest>();
  const { mutate: login, isPending, data, error: thrown, reset } = useLogin<LoginRequest>();
  const error = (data?.success === false ? data.error : thrown) as HttpError | undefined;

  // Server field errors (errors.email[0], errors.password[0]) appear under the matching field.
  useEffect(() => {
    if (!error) return;
    const fields = (['email', 'password'] as const)
      .map((name) => ({ name, errors: [fieldError(error, name)].filter((m): m is string => Boolean(m)) }))
      .filter((f) => f.errors.length > 0);
    if (fields.length) form.setFields(fields);
  }, [error, form]);

  const hasFieldErrors = Boolean(error && (fieldError(error, 'email') || fieldError(error, 'password')));

  return (
    <Flex
      align="center"
      justify="center"
      style={{ minHeight: '100vh', padding: 16, background: 'linear-gradient(160deg, #e8f5ee 0%, #f5f7f6 60%)' }}
    >
      <Card style={{ width: '100%', maxWidth: 400 }} styles={{ body: { padding: 28 } }}>
        <Flex vertical align="center" gap={6} style={{ marginBottom: 20 }}>
          <Flex align="center" gap={10}>
            <JaraLogo size={36} />
            <Typography.Text strong style={{ fontSize: 20 }}>
              {BACK_OFFICE_NAME}
            </Typography.Text>
          </Flex>
          <Typography.Title level={3} style={{ margin: '12px 0 0' }}>
            {LOGIN_HEADING}
          </Typography.Title>
          <Typography.Text type="secondary">{LOGIN_SUBTITLE}</Typography.Text>
        </Flex>

        {error && !hasFieldErrors && (
          <Alert
            type="error"
            showIcon
            message={error.message || MSG.auth.loginFailed}
            style={{ marginBottom: 16 }}
            role="alert"
          />
        )}

        <Form<LoginRequest>
          form={form}
          layout="vertical"
          requiredMark={false}
          disabled={isPending}
          onValuesChange={() => error && reset()}
          // The API's LoginDto trims and lower-cases the e-mail itself: the form sends what was typed.
          onFinish={login}
        >
          <Form.Item name="email" label="E-mail" rules={dtoRules(LoginDto, 'email')}>
            <Input type="email" autoComplete="username" prefix={<MailOutlined />} placeholder="you@example.com" />
          </Form.Item>
          <Form.Item name="password" label="Password" rules={dtoRules(LoginDto, 'password')}>
            <Input.Password autoComplete="current-password" prefix={<LockOutlined />} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={isPending}>
            {isPending ? MSG.auth.loggingIn : LOGIN_BUTTON}
          </Button>
        </Form>
      </Card>
    </Flex>
  );
}
