import { Form, useNavigation } from '@remix-run/react';
import { Fragment, useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  KYC_GENDERS,
  KYC_ID_TYPES,
  KYC_STATUS,
  MSG,
  formatLongDateTime,
  kycStatusLabel,
  normalizeRole,
  type KycSubmission,
  type PublicUser,
} from '@jara/contracts';
import { Field, SelectField } from '~/components/field';
import { StatusPill } from '~/components/money';
import { hasErrors, useFieldErrors, type Errors } from '~/lib/form';
import {
  KYC_ACCEPT,
  KYC_FILE_FIELDS,
  bytesText,
  chosenFile,
  dobText,
  genderText,
  kycFileError,
  kycStatusTone,
  latestAdultDob,
  type KycActionData,
  type KycFileField,
  type KycValues,
} from '~/lib/kyc';
import type { KycState } from '~/lib/kyc.server';

/** Settings, KYC tab (spec 2.22 points 4 and 6, 4, 5, 8): the status of the latest submission and the form. */

const STATUS_TEXT: Record<number, string> = {
  [KYC_STATUS.PENDING]:
    'We have received your details and documents. Our team is reviewing them; you will get a notification and an e-mail when it is done.',
  [KYC_STATUS.APPROVED]: MSG.kyc.approvedText,
  [KYC_STATUS.REJECTED]: MSG.kyc.rejectedText(null),
};

function KycStatusView({ submission }: { submission: KycSubmission }) {
  const rejected = submission.status === KYC_STATUS.REJECTED;
  const rows: Array<[string, string]> = [
    ['Full name', submission.name],
    ['Date of birth', dobText(submission.dob)],
    ['Gender', genderText(submission.gender)],
    ['Address', submission.address],
    ['ID type', submission.id_type],
    ['ID number', submission.id_number],
    ['Submitted', formatLongDateTime(submission.created_at)],
  ];
  if (submission.reviewed_at) rows.push(['Reviewed', formatLongDateTime(submission.reviewed_at)]);
  const documents: Array<{ file: KycFileField; label: string }> = [{ file: 'id_image', label: 'ID image' }];
  if (submission.user_image) documents.push({ file: 'user_image', label: 'Passport photo' });
  return (
    <section className="stack kyc-status" aria-labelledby="kyc-status-title" data-testid="kyc-status">
      <div className="kyc-status-head">
        <h2 id="kyc-status-title">Identity verification</h2>
        <StatusPill
          label={kycStatusLabel(submission.status)}
          tone={kycStatusTone(submission.status)}
          testId="kyc-status-pill"
        />
      </div>
      <p className={rejected ? undefined : 'notice-inline'}>{STATUS_TEXT[submission.status] ?? ''}</p>
      {rejected ? (
        <p className="form-error" data-testid="kyc-reason">
          <strong>Reason: </strong>
          {submission.reason || 'No reason was given.'}
        </p>
      ) : null}
      <dl className="details-list kyc-details">
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
      <div className="kyc-documents">
        {documents.map((doc) => (
          <figure key={doc.file} className="kyc-document">
            <img
              src={`/resources/kyc/${submission.id}/${doc.file}`}
              alt={`Your ${doc.label.toLowerCase()}`}
              loading="lazy"
            />
            <figcaption>{doc.label}</figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}

function KycForm({
  user,
  maxBytes,
  limits,
  actionData,
  previous,
}: {
  user: PublicUser;
  maxBytes: number;
  /** The text fields' longest values by the API's rules (SubmitKycDto), read on the server. */
  limits: Record<string, number>;
  actionData?: KycActionData;
  /** The rejected submission, whose details fill the form again. */
  previous: KycSubmission | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formAction === '/settings/kyc';
  const { errors, setErrors, clear } = useFieldErrors(actionData?.errors);
  const [message, setMessage] = useState<string | undefined>(actionData?.message);
  useEffect(() => setMessage(actionData?.message), [actionData]);
  const values: Partial<KycValues> = actionData?.values ?? {
    name: previous?.name ?? user.name ?? '',
    dob: previous?.dob ?? '',
    gender: previous?.gender ?? '',
    address: previous?.address ?? user.address ?? '',
    id_type: previous?.id_type ?? '',
    id_number: previous?.id_number ?? '',
  };

  // A chosen file that will be refused (not an image, too large) is not uploaded first; everything else, the ID
  // image being required included, is checked on the server (SubmitKycDto and kycFileErrors), with one answer.
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const found: Errors = {};
    for (const field of KYC_FILE_FIELDS) {
      const file = chosenFile(data.get(field));
      if (file) found[field] = kycFileError(field, file, maxBytes);
    }
    if (hasErrors(found)) {
      event.preventDefault();
      setErrors(found);
      setMessage(MSG.kyc.submitFailed);
    }
  }

  function onFile(field: KycFileField, event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0] ?? null;
    const problem = file ? kycFileError(field, file, maxBytes) : undefined;
    setErrors((current) => ({ ...current, [field]: problem }));
  }

  const edit = (field: string) => () => clear(field);
  return (
    <Form
      method="post"
      action="/settings/kyc"
      encType="multipart/form-data"
      noValidate
      className="stack kyc-form"
      onSubmit={onSubmit}
      aria-labelledby="kyc-form-title"
    >
      <div>
        <h2 id="kyc-form-title">{previous ? 'Submit your KYC again' : 'Verify your identity (KYC)'}</h2>
        <p className="muted">
          Tell us who you are and add a photo or scan of your ID. Only you and our review team can see your documents.
        </p>
      </div>
      {message ? (
        <p className="form-error" role="alert" data-testid="kyc-error">
          {message}
        </p>
      ) : null}
      <fieldset disabled={busy} className="kyc-grid">
        <Field
          name="name"
          label="Full name (as on your ID)"
          autoComplete="name"
          required
          maxLength={limits.name}
          defaultValue={values.name}
          error={errors.name}
          onChange={edit('name')}
        />
        <Field
          name="dob"
          label="Date of birth"
          type="date"
          autoComplete="bday"
          required
          max={latestAdultDob()}
          defaultValue={values.dob}
          error={errors.dob}
          onChange={edit('dob')}
        />
        <SelectField
          name="gender"
          label="Gender"
          required
          defaultValue={values.gender}
          error={errors.gender}
          onChange={edit('gender')}
        >
          <option value="">Choose…</option>
          {KYC_GENDERS.map((g) => (
            <option key={g.value} value={g.value}>
              {g.label}
            </option>
          ))}
        </SelectField>
        <Field
          name="address"
          label="Address"
          autoComplete="street-address"
          required
          maxLength={limits.address}
          defaultValue={values.address}
          error={errors.address}
          onChange={edit('address')}
        />
        <SelectField
          name="id_type"
          label="ID type"
          required
          defaultValue={values.id_type}
          error={errors.id_type}
          onChange={edit('id_type')}
        >
          <option value="">Choose…</option>
          {KYC_ID_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </SelectField>
        <Field
          name="id_number"
          label="ID number"
          required
          autoComplete="off"
          maxLength={limits.id_number}
          defaultValue={values.id_number}
          error={errors.id_number}
          onChange={edit('id_number')}
        />
        <Field
          name="id_image"
          label="ID image"
          type="file"
          accept={KYC_ACCEPT}
          required
          error={errors.id_image}
          onChange={(event) => onFile('id_image', event)}
        />
        <Field
          name="user_image"
          label="Passport photo (optional)"
          type="file"
          accept={KYC_ACCEPT}
          error={errors.user_image}
          onChange={(event) => onFile('user_image', event)}
        />
      </fieldset>
      <p className="muted small">{`Images only (JPEG, PNG, WebP or GIF), up to ${bytesText(maxBytes)} each. You must be at least 18.`}</p>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Submitting…' : 'Submit KYC'}
        </button>
      </div>
    </Form>
  );
}

export function KycTab({
  user,
  state,
  actionData,
  adminUrl,
}: {
  user: PublicUser;
  state: KycState | null;
  actionData?: KycActionData;
  adminUrl: string | null;
}) {
  const role = normalizeRole(user.role);
  if (role === 'admin') {
    return (
      <div className="stack">
        <p className="notice-inline">{MSG.kyc.adminsReview}</p>
        {adminUrl ? (
          <p>
            <a className="btn btn-ghost btn-small" href={adminUrl}>
              Open the back office
            </a>
          </p>
        ) : null}
      </div>
    );
  }
  if (!state || state.failed) {
    return (
      <p className="form-error" role="alert">
        {MSG.lists.loadRecordsFailed}
      </p>
    );
  }
  const submission = state.submission;
  const body = !submission ? (
    <KycForm user={user} maxBytes={state.maxBytes} limits={state.limits} actionData={actionData} previous={null} />
  ) : submission.status !== KYC_STATUS.REJECTED ? (
    <KycStatusView submission={submission} />
  ) : (
    <div className="stack-lg">
      <KycStatusView submission={submission} />
      <KycForm
        user={user}
        maxBytes={state.maxBytes}
        limits={state.limits}
        actionData={actionData}
        previous={submission}
      />
    </div>
  );
  if (role !== 'vendor') return body;
  // A vendor sells without KYC (spec); the payouts need it (issue 24).
  return (
    <div className="stack-lg">
      <p className="notice-inline">
        {MSG.kyc.vendorsExempt} {MSG.kyc.vendorsBeforePayout}
      </p>
      {body}
    </div>
  );
}
