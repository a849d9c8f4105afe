import { Inject, Injectable, Logger } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { IsNull, LessThan, Or, QueryFailedError, Repository, type EntityManager, type FindOptionsWhere } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import {
  MSG,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_INTERVAL_SECONDS,
  OTP_TTL_SECONDS,
  emailHandle,
  type ConfirmEmailResponse,
  type LoginResponse,
  type MessageResponse,
} from '@jara/contracts';
import { ForbiddenError, invalid, RefusedError, TooManyAttemptsError, UnauthorizedError } from '../../common/errors';
import { MailService, type MailMessage } from '../../common/mail/mail.service';
import { LoginThrottle } from '../../common/rate-limit/login-throttle.service';
import { hashPassword, verifyPassword } from '../../common/security/password';
import { EVENTS } from '../../common/events';
import { OutboxService } from '../../common/outbox/outbox.service';
import { inTransaction } from '../../database/transaction';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import type {
  ChangeEmailDto,
  ConfirmEmailDto,
  GoogleLoginDto,
  LoginDto,
  RegisterDto,
  ResendOtpDto,
  VerifyOtpDto,
} from '@jara/dto';
import { GoogleClient } from './google.client';
import { passwordStamp, type JwtPayload } from './jwt.strategy';

@Injectable()
export class AuthService {
  private readonly logger = new Logger('Auth');

  constructor(
    @InjectRepository(User) private readonly repo: Repository<User>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly jwt: JwtService,
    private readonly mail: MailService,
    private readonly google: GoogleClient,
    private readonly outbox: OutboxService,
    private readonly throttle: LoginThrottle,
  ) {}

  async register(dto: RegisterDto): Promise<MessageResponse> {
    if (await this.users.findByEmail(dto.email)) throw invalid('email', MSG.auth.emailTaken);
    const user = this.repo.create({
      email: dto.email,
      name: dto.name || emailHandle(dto.email),
      password_hash: await hashPassword(dto.password),
      role: 'customer',
      status: '1',
    });
    try {
      await this.repo.insert(user);
    } catch {
      // A concurrent registration of the same address won the unique index.
      throw invalid('email', MSG.auth.emailTaken);
    }
    await this.sendCode(user);
    return { message: 'Registration successful! We sent a 6-digit code to your email.' };
  }

  /**
   * The code proves the mailbox, as a login would: an active account is signed in at once (issue 22), the answer
   * carrying a token like POST /login's; the spec's clients read only the status and the message.
   */
  async verifyOtp(dto: VerifyOtpDto): Promise<MessageResponse | LoginResponse> {
    const user = await this.users.findByEmail(dto.email);
    if (!user) {
      // A guess at an unknown address counts like any other, so the 429 does not reveal who has an account.
      await this.throttle.attempt('code', dto.email);
      throw new RefusedError(MSG.auth.otpInvalid);
    }
    if (user.email_verified_at) throw new RefusedError(MSG.auth.otpAlreadyVerified);
    // A code purged after it expired (purgeExpiredCodes) is still answered as expired.
    if (!user.otp_hash && user.otp_expires_at) throw new RefusedError(MSG.auth.otpExpired);
    if (!user.otp_hash || user.otp_attempts >= OTP_MAX_ATTEMPTS) throw new RefusedError(MSG.auth.otpTooManyAttempts);
    if (!user.otp_expires_at || new Date(user.otp_expires_at).getTime() < Date.now())
      throw new RefusedError(MSG.auth.otpExpired);

    // Per-account limit on code guesses (429 while the account must wait); only real comparisons count.
    await this.throttle.attempt('code', dto.email);
    if (!this.sameHash(user.otp_hash, this.hashCode(user.id, dto.otp))) {
      throw new RefusedError(await this.countWrongCode(user));
    }

    // Single use: only one request can consume this exact code; user.verified goes to the outbox with it.
    const events = await inTransaction(this.repo.manager.connection, async (m) => {
      const result = await m
        .createQueryBuilder()
        .update(User)
        .set({ email_verified_at: new Date(), otp_hash: null, otp_expires_at: null, otp_attempts: 0 })
        .where('id = :id AND otp_hash = :hash AND otp_attempts < :max', {
          id: user.id,
          hash: user.otp_hash,
          max: OTP_MAX_ATTEMPTS,
        })
        .execute();
      if (!result.affected) return null;
      return [await this.announceVerified(m, user)];
    });
    if (!events) throw new RefusedError(MSG.auth.otpInvalid);
    await this.outbox.deliver(events);
    await this.throttle.succeeded('code', dto.email);
    const verified = await this.users.findByEmail(dto.email);
    if (!verified || verified.status !== '1' || !verified.email_verified_at) return { message: MSG.auth.otpVerified };
    return this.issueToken(verified, MSG.auth.otpVerified);
  }

  /**
   * One answer for every address (unknown, unverified, verified, too soon), so this route does not reveal who has
   * an account or in which state. A code is actually sent only to an unverified account whose last code is older
   * than the resend interval; a mail failure is logged, not answered.
   */
  async resendOtp(dto: ResendOtpDto): Promise<MessageResponse> {
    const user = await this.users.findByEmail(dto.email);
    if (user && !user.email_verified_at) {
      try {
        await this.sendCode(user, { throttled: true });
      } catch (error) {
        this.logger.error(`Could not resend the code to user ${user.id}: ${(error as Error).message}`);
      }
    }
    return { message: MSG.auth.resendSent };
  }

  async login(dto: LoginDto): Promise<LoginResponse> {
    // Per-account limit on password guesses, from any address and whether or not the account exists.
    await this.throttle.attempt('login', dto.email);
    const user = await this.users.findByEmail(dto.email);
    const ok = await verifyPassword(dto.password, user?.password_hash);
    if (!user || !ok) throw new UnauthorizedError(MSG.auth.invalidCredentials);
    await this.throttle.succeeded('login', dto.email);
    if (user.status !== '1') throw new ForbiddenError(MSG.auth.accountInactive);
    if (!user.email_verified_at) throw new ForbiddenError(MSG.auth.verifyFirst);
    return this.issueToken(user, MSG.auth.loginSuccess);
  }

  /**
   * Signs in with a Google ID token or access token issued to our client id (GoogleClient checks the audience).
   * The account is found by Google id, else by e-mail:
   * - a verified account with that e-mail is linked to the Google id;
   * - an unverified one was never proven to belong to anyone (whoever registered it may not own the mailbox),
   *   so it is not handed over as it is: its password and pending code are cleared, then Google's verified owner
   *   of the address gets it. Whoever registered it can no longer sign in with that password.
   * Otherwise a verified customer is created.
   */
  async googleLogin(dto: GoogleLoginDto): Promise<LoginResponse> {
    const profile = await this.google.verify(dto);
    let user =
      (await this.repo.findOne({ where: { google_id: profile.sub } })) ?? (await this.users.findByEmail(profile.email));
    let verifiedNow = false;
    if (!user) {
      const created = this.repo.create({
        email: profile.email,
        name: profile.name ?? emailHandle(profile.email),
        password_hash: null,
        role: 'customer',
        status: '1',
        google_id: profile.sub,
        email_verified_at: new Date(),
        token_version: 0,
      });
      let events: number[];
      try {
        events = await inTransaction(this.repo.manager.connection, async (m) => {
          await m.insert(User, created);
          return [await this.announceVerified(m, created)];
        });
      } catch (error) {
        // A concurrent first sign-in of the same Google account won the unique index: use its row.
        if (!(error instanceof QueryFailedError)) throw error;
        const winner = await this.repo.findOne({ where: { google_id: profile.sub } });
        if (!winner) throw new UnauthorizedError(MSG.auth.googleFailed);
        return this.googleSession(winner);
      }
      await this.outbox.deliver(events);
      user = created;
    } else {
      if (user.google_id && user.google_id !== profile.sub) throw new UnauthorizedError(MSG.auth.googleFailed);
      const changes: QueryDeepPartialEntity<User> = {};
      if (!user.google_id) changes.google_id = profile.sub;
      if (!user.email_verified_at) {
        Object.assign(changes, {
          email_verified_at: new Date(),
          password_hash: null,
          otp_hash: null,
          otp_expires_at: null,
          otp_attempts: 0,
          token_version: () => 'token_version + 1',
        });
        verifiedNow = true;
      }
      if (Object.keys(changes).length) {
        // Only while the row is still as read, so a concurrent verification or link is not overwritten.
        const where: FindOptionsWhere<User> = { id: user.id };
        if (!user.google_id) where.google_id = IsNull();
        if (!user.email_verified_at) where.email_verified_at = IsNull();
        const read = user;
        const events = await inTransaction(this.repo.manager.connection, async (m) => {
          const result = await m.update(User, where, changes);
          if (!result.affected) return null;
          return verifiedNow ? [await this.announceVerified(m, read)] : [];
        });
        if (!events) throw new UnauthorizedError(MSG.auth.googleFailed);
        await this.outbox.deliver(events);
      }
      user = (await this.users.findById(user.id)) as User;
    }
    return this.googleSession(user);
  }

  /** Inside the verification's transaction: user.verified to the outbox (decision 028); answers its id. */
  private announceVerified(m: EntityManager, user: Pick<User, 'id' | 'email' | 'name'>): Promise<number> {
    return this.outbox.enqueue(m, EVENTS.userVerified, { userId: user.id, email: user.email, name: user.name });
  }

  private async googleSession(user: User): Promise<LoginResponse> {
    if (user.status !== '1') throw new ForbiddenError(MSG.auth.accountInactive);
    return this.issueToken(user, MSG.auth.googleSuccess);
  }

  /** Ends every session of the user (this token and any other one issued before). */
  async logout(user: User): Promise<MessageResponse> {
    await this.users.revokeTokens(user.id);
    return { message: MSG.auth.loggedOut };
  }

  /**
   * Starts an e-mail change: a code goes to the NEW address; the current address stays in force until the code
   * is confirmed. Asking again replaces the pending address and code, at most once per resend interval.
   */
  async requestEmailChange(user: User, dto: ChangeEmailDto): Promise<MessageResponse> {
    if (dto.email === user.email) throw invalid('email', MSG.profile.emailUnchanged);
    if (await this.users.findByEmail(dto.email)) throw invalid('email', MSG.auth.emailTaken);
    if (!(await this.sendCode(user, { throttled: true, newEmail: dto.email }))) {
      const wait = Math.ceil(
        (new Date(user.otp_sent_at ?? Date.now()).getTime() + OTP_RESEND_INTERVAL_SECONDS * 1000 - Date.now()) / 1000,
      );
      throw new TooManyAttemptsError(MSG.auth.resendTooSoon(Math.max(1, wait)));
    }
    return { message: MSG.profile.emailCodeSent(dto.email) };
  }

  /**
   * Confirms the pending address with its code (10 minutes, 5 tries, single use) and swaps it in atomically,
   * unless someone else took the address meanwhile (422 on email). The change ends every session of the user;
   * the caller gets a fresh token for this one.
   */
  async confirmEmailChange(user: User, dto: ConfirmEmailDto): Promise<ConfirmEmailResponse> {
    const pending = user.pending_email;
    if (!pending || !user.otp_hash) throw invalid('otp', MSG.profile.noEmailChange);
    if (user.otp_attempts >= OTP_MAX_ATTEMPTS) throw invalid('otp', MSG.auth.otpTooManyAttempts);
    if (!user.otp_expires_at || new Date(user.otp_expires_at).getTime() < Date.now())
      throw invalid('otp', MSG.auth.otpExpired);
    // Per-account limit on code guesses (429 while the account must wait); only real comparisons count.
    await this.throttle.attempt('email-change', `user:${user.id}`);
    if (!this.sameHash(user.otp_hash, this.hashCode(user.id, dto.otp, pending))) {
      throw invalid('otp', await this.countWrongCode(user));
    }

    const dropPending = () =>
      this.repo.update(
        { id: user.id, pending_email: pending },
        { pending_email: null, otp_hash: null, otp_expires_at: null, otp_attempts: 0 },
      );
    const holder = await this.users.findByEmail(pending);
    if (holder && holder.id !== user.id) {
      await dropPending();
      throw invalid('email', MSG.auth.emailTaken);
    }
    let affected: number | undefined;
    try {
      // Single use: only one request can consume this exact code for this exact address.
      const result = await this.repo
        .createQueryBuilder()
        .update(User)
        .set({
          email: pending,
          pending_email: null,
          otp_hash: null,
          otp_expires_at: null,
          otp_attempts: 0,
          token_version: () => 'token_version + 1',
        })
        .where('id = :id AND otp_hash = :hash AND pending_email = :pending AND otp_attempts < :max', {
          id: user.id,
          hash: user.otp_hash,
          pending,
          max: OTP_MAX_ATTEMPTS,
        })
        .execute();
      affected = result.affected;
    } catch (error) {
      // Taken between the check and the update: the unique index decides.
      if (error instanceof QueryFailedError && /unique|duplicate/i.test(error.message)) {
        await dropPending();
        throw invalid('email', MSG.auth.emailTaken);
      }
      throw error;
    }
    if (!affected) throw invalid('otp', MSG.auth.otpInvalid);
    await this.throttle.succeeded('email-change', `user:${user.id}`);

    const changed = (await this.users.findById(user.id)) as User;
    await this.notify(
      {
        to: user.email,
        subject: 'Your Jara e-mail address was changed',
        text: `The e-mail address of your Jara account was changed to ${pending}. If you did not do this, contact support.`,
      },
      user.id,
    );
    const session = await this.issueToken(changed, MSG.profile.emailChanged);
    return { message: session.message, data: session.user, token: session.token, expires_in: session.expires_in };
  }

  /**
   * Maintenance (the CLI's purge-expired-codes): forgets every sign-up or e-mail change code that expired before
   * `now`: its hash, its tries and, for an e-mail change, the pending address. One conditional statement, so a code
   * sent meanwhile (a later expiry) is left alone. otp_expires_at stays, so a late attempt is still told the code
   * expired, and otp_sent_at stays, so the resend interval still holds. With dryRun, only counts.
   */
  async purgeExpiredCodes(
    now = new Date(),
    options: { dryRun?: boolean } = {},
  ): Promise<{ signUp: number; emailChange: number }> {
    const expired = 'otp_hash IS NOT NULL AND otp_expires_at < :now';
    const kinds = {
      signUp: `${expired} AND pending_email IS NULL`,
      emailChange: `${expired} AND pending_email IS NOT NULL`,
    };
    const purge = async (where: string): Promise<number> => {
      if (options.dryRun) return this.repo.createQueryBuilder().where(where, { now }).getCount();
      const result = await this.repo
        .createQueryBuilder()
        .update(User)
        .set({ otp_hash: null, otp_attempts: 0, pending_email: null })
        .where(where, { now })
        .execute();
      return result.affected ?? 0;
    };
    return { signUp: await purge(kinds.signUp), emailChange: await purge(kinds.emailChange) };
  }

  private async issueToken(user: User, message: string): Promise<LoginResponse> {
    const payload: JwtPayload = {
      sub: user.id,
      role: user.role,
      ver: user.token_version,
      pwd: passwordStamp(this.config.jwt.secret, user.password_hash),
    };
    const token = await this.jwt.signAsync(payload, { expiresIn: this.config.jwt.expiresIn, algorithm: 'HS256' });
    return { message, token, user: this.users.present(user), expires_in: this.config.jwt.expiresIn };
  }

  /**
   * Creates a fresh code (6 digits from a cryptographic source), stores only its hash, and mails it.
   * With `throttled`, the code is replaced only if the last one is older than the resend interval (atomic).
   * With `newEmail`, it is an e-mail change code instead: bound to that address (in its hash), stored with it as
   * pending_email and mailed to it; it is throttled only while a change is already open.
   */
  private async sendCode(user: User, options: { throttled?: boolean; newEmail?: string } = {}): Promise<boolean> {
    const { throttled = false, newEmail } = options;
    const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
    const now = new Date();
    const changes: Partial<User> = {
      otp_hash: this.hashCode(user.id, code, newEmail),
      otp_expires_at: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
      otp_attempts: 0,
      otp_sent_at: now,
      ...(newEmail ? { pending_email: newEmail } : {}),
    };
    if (throttled) {
      const cutoff = new Date(now.getTime() - OTP_RESEND_INTERVAL_SECONDS * 1000);
      const due: Array<FindOptionsWhere<User>> = [{ id: user.id, otp_sent_at: Or(IsNull(), LessThan(cutoff)) }];
      if (newEmail) due.push({ id: user.id, pending_email: IsNull() });
      const result = await this.repo.update(due, changes);
      if (!result.affected) return false;
    } else {
      await this.repo.update({ id: user.id }, changes);
    }
    if (newEmail) {
      await this.mail.send(emailChangeMessage(newEmail, code));
      this.mail.logCode(newEmail, code);
      return true;
    }
    await this.mail.send({
      to: user.email,
      subject: `Your Jara verification code: ${code}`,
      text: [
        'Welcome to Jara!',
        '',
        `Your verification code is ${code}.`,
        `It is valid for ${OTP_TTL_SECONDS / 60} minutes and can be used once.`,
        '',
        'If you did not sign up for Jara, you can ignore this e-mail.',
      ].join('\n'),
      html: `<p>Welcome to Jara!</p><p>Your verification code is <strong style="font-size:20px;letter-spacing:4px">${code}</strong>.</p><p>It is valid for ${OTP_TTL_SECONDS / 60} minutes and can be used once.</p><p>If you did not sign up for Jara, you can ignore this e-mail.</p>`,
    });
    this.mail.logCode(user.email, code);
    return true;
  }

  /** The stored form of a code: an HMAC keyed with the server secret; an e-mail change code is bound to its address. */
  private hashCode(userId: number, code: string, newEmail?: string): string {
    const subject = newEmail ? `email-change:${userId}:${newEmail}:${code}` : `otp:${userId}:${code}`;
    return createHmac('sha256', this.config.jwt.secret).update(subject).digest('hex');
  }

  /** Mail that must not change the answer: a failure is logged. */
  private async notify(message: MailMessage, userId: number): Promise<void> {
    try {
      await this.mail.send(message);
    } catch (error) {
      this.logger.error(`Could not send "${message.subject}" for user ${userId}: ${(error as Error).message}`);
    }
  }

  /**
   * Counts a wrong code atomically (a dead code, 5 wrong, stays dead until a new one is sent) and answers the
   * message to show: 'invalid' while tries are left, 'too many attempts' after the last one.
   */
  private async countWrongCode(user: User): Promise<string> {
    await this.repo
      .createQueryBuilder()
      .update(User)
      .set({ otp_attempts: () => 'otp_attempts + 1' })
      .where('id = :id AND otp_attempts < :max', { id: user.id, max: OTP_MAX_ATTEMPTS })
      .execute();
    return OTP_MAX_ATTEMPTS - user.otp_attempts - 1 > 0 ? MSG.auth.otpInvalid : MSG.auth.otpTooManyAttempts;
  }

  private sameHash(a: string, b: string): boolean {
    const left = Buffer.from(a, 'hex');
    const right = Buffer.from(b, 'hex');
    return left.length === right.length && timingSafeEqual(left, right);
  }
}

function emailChangeMessage(to: string, code: string): MailMessage {
  const minutes = OTP_TTL_SECONDS / 60;
  return {
    to,
    subject: `Your Jara verification code: ${code}`,
    text: [
      'You asked to use this address for your Jara account.',
      '',
      `Your verification code is ${code}.`,
      `It is valid for ${minutes} minutes and can be used once.`,
      '',
      'If you did not ask for this, you can ignore this e-mail: nothing changes until the code is entered.',
    ].join('\n'),
    html: `<p>You asked to use this address for your Jara account.</p><p>Your verification code is <strong style="font-size:20px;letter-spacing:4px">${code}</strong>.</p><p>It is valid for ${minutes} minutes and can be used once.</p><p>If you did not ask for this, you can ignore this e-mail: nothing changes until the code is entered.</p>`,
  };
}
