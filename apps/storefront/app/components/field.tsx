import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

interface ControlProps {
  id: string;
  name: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** Label, control and the error underneath (aria-described), shared by every field kind. */
function FieldShell({
  name,
  label,
  error,
  id,
  control,
}: {
  name: string;
  label: string;
  error?: string;
  id?: string;
  control: (props: ControlProps) => ReactNode;
}) {
  const inputId = id ?? `field-${name}`;
  const errorId = `${inputId}-error`;
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={inputId}>{label}</label>
      {control({
        id: inputId,
        name,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: string;
  error?: string;
}

/** A labelled input with its error underneath. */
export function Field({ name, label, error, id, ...input }: FieldProps) {
  return (
    <FieldShell name={name} label={label} error={error} id={id} control={(props) => <input {...props} {...input} />} />
  );
}

interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  name: string;
  label: string;
  error?: string;
}

/** A labelled textarea with its error underneath. */
export function TextAreaField({ name, label, error, id, ...textarea }: TextAreaProps) {
  return (
    <FieldShell
      name={name}
      label={label}
      error={error}
      id={id}
      control={(props) => <textarea {...props} {...textarea} />}
    />
  );
}

interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  name: string;
  label: string;
  error?: string;
  children: ReactNode;
}

/** A labelled select with its error underneath. */
export function SelectField({ name, label, error, id, children, ...select }: SelectProps) {
  return (
    <FieldShell
      name={name}
      label={label}
      error={error}
      id={id}
      control={(props) => (
        <select {...props} {...select}>
          {children}
        </select>
      )}
    />
  );
}

/** The e-mail and password pair of the login and sign-up forms. */
export function CredentialFields({
  email,
  errors,
  clear,
  passwordAutoComplete,
  passwordPlaceholder,
}: {
  email?: string;
  errors: { email?: string; password?: string };
  clear: (field: 'email' | 'password') => void;
  passwordAutoComplete: 'current-password' | 'new-password';
  passwordPlaceholder: string;
}) {
  return (
    <>
      <Field
        name="email"
        type="email"
        label="E-mail"
        autoComplete="email"
        placeholder="you@example.com"
        defaultValue={email}
        error={errors.email}
        onChange={() => clear('email')}
      />
      <Field
        name="password"
        type="password"
        label="Password"
        autoComplete={passwordAutoComplete}
        placeholder={passwordPlaceholder}
        error={errors.password}
        onChange={() => clear('password')}
      />
    </>
  );
}
