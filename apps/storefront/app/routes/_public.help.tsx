import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';

export const meta: MetaFunction = () => [{ title: 'Get help signing in | Jara' }];

export default function Help() {
  return (
    <main className="container page narrow">
      <h1>Get help signing in</h1>
      <section className="info-card">
        <h2>I did not get my verification code</h2>
        <ol>
          <li>Check your spam or promotions folder for an e-mail from Jara with a 6-digit code.</li>
          <li>
            Open <Link to="/verify_otp">Check Your Email</Link> and press <strong>Resend code</strong>. You can ask for
            a new code once a minute; each code is valid for 10 minutes.
          </li>
          <li>
            If you try to log in before verifying, we take you to the code screen automatically with your e-mail filled
            in.
          </li>
        </ol>
      </section>
      <section className="info-card">
        <h2>I forgot my password</h2>
        <p>
          Self-service password reset is not available yet. Send us a message through the{' '}
          <Link to="/contact">contact form</Link> from the e-mail address of your account and our support team will help
          you regain access.
        </p>
      </section>
      <section className="info-card">
        <h2>I signed up with Google</h2>
        <p>
          Use <strong>Continue with Google</strong> on the <Link to="/login">Login</Link> page with the same Google
          account.
        </p>
      </section>
      <p>
        <Link to="/login">Back to Login</Link> · <Link to="/sign_up">Create an Account</Link>
      </p>
    </main>
  );
}
