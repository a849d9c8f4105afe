import { BadRequestException, ForbiddenException, HttpException, HttpStatus, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { IsNull, LessThan, Or, Repository } from 'typeorm';
import {
  MSG,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_INTERVAL_SECONDS,
  OTP_TTL_SECONDS,
  emailHandle,
  type LoginResponse,
  type MessageResponse,
} from '@jara/contracts';
import { fieldError } from '../../common/http/validation';
import { MailService } from '../../common/mail/mail.service';
import { hashPassword, verifyPassword } from '../../common/security/password';
import { EVENTS, type UserVerifiedEvent } from '../../common/events';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import type { GoogleLoginDto, LoginDto, RegisterDto, ResendOtpDto, VerifyOtpDto } from './dto/auth.dto';
import { GoogleClient } from './google.client';
import type { JwtPayload } from './jwt.strategy';

@Injectable()
export class AuthService {
  constructor(
    @InjectRepository(User) private readonly repo: Repository<User>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly jwt: JwtService,
    private readonly mail: MailService,
    private readonly google: GoogleClient,
    private readonly events: EventEmitter2,
  ) {}

  async register(dto: RegisterDto): Promise<MessageResponse> {
    if (await this.users.findByEmail(dto.email)) throw fieldError('email', MSG.auth.emailTaken);
    const user = this.repo.create({
      email: dto.email,
      name: emailHandle(dto.email),
      password_hash: await hashPassword(dto.password),
      role: 'customer',
      status: '1',
    });
    try {
      await this.repo.insert(user);
    } catch {
      // A concurrent registration of the same address won the unique index.
      throw fieldError('email', MSG.auth.emailTaken);
    }
    await this.sendCode(user);
    return { message: 'Registration successful! We sent a 6-digit code to your email.' };
  }

  async verifyOtp(dto: VerifyOtpDto): Promise<MessageResponse> {
    const user = await this.users.findByEmail(dto.email);
    if (!user) throw new BadRequestException(MSG.auth.otpInvalid);
    if (user.email_verified_at) throw new BadRequestException(MSG.auth.otpAlreadyVerified);
    if (!user.otp_hash || user.otp_attempts >= OTP_MAX_ATTEMPTS) throw new BadRequestException(MSG.auth.otpTooManyAttempts);
    if (!user.otp_expires_at || new Date(user.otp_expires_at).getTime() < Date.now()) throw new BadRequestException(MSG.auth.otpExpired);

    if (!this.sameHash(user.otp_hash, this.hashCode(user.id, dto.otp))) {
      // Count the wrong guess atomically; a dead code (5 wrong) stays dead until a new one is sent.
      await this.repo
        .createQueryBuilder()
        .update(User)
        .set({ otp_attempts: () => 'otp_attempts + 1' })
        .where('id = :id AND otp_attempts < :max', { id: user.id, max: OTP_MAX_ATTEMPTS })
        .execute();
      const left = OTP_MAX_ATTEMPTS - user.otp_attempts - 1;
      throw new BadRequestException(left > 0 ? MSG.auth.otpInvalid : MSG.auth.otpTooManyAttempts);
    }

    // Single use: only one request can consume this exact code.
    const result = await this.repo
      .createQueryBuilder()
      .update(User)
      .set({ email_verified_at: new Date(), otp_hash: null, otp_expires_at: null, otp_attempts: 0 })
      .where('id = :id AND otp_hash = :hash AND otp_attempts < :max', { id: user.id, hash: user.otp_hash, max: OTP_MAX_ATTEMPTS })
      .execute();
    if (!result.affected) throw new BadRequestException(MSG.auth.otpInvalid);

    const event: UserVerifiedEvent = { userId: user.id, email: user.email, name: user.name };
    await this.events.emitAsync(EVENTS.userVerified, event);
    return { message: MSG.auth.otpVerified };
  }

  async resendOtp(dto: ResendOtpDto): Promise<MessageResponse> {
    const user = await this.users.findByEmail(dto.email);
    // Unknown addresses get the same answer, so this route does not reveal who has an account.
    if (!user) return { message: MSG.auth.resendSent };
    if (user.email_verified_at) throw new BadRequestException(MSG.auth.otpAlreadyVerified);
    if (user.otp_sent_at) {
      const wait = Math.ceil((new Date(user.otp_sent_at).getTime() + OTP_RESEND_INTERVAL_SECONDS * 1000 - Date.now()) / 1000);
      if (wait > 0) throw new HttpException({ message: MSG.auth.resendTooSoon(wait) }, HttpStatus.TOO_MANY_REQUESTS);
    }
    const sent = await this.sendCode(user, true);
    if (!sent) throw new HttpException({ message: MSG.auth.resendTooSoon(OTP_RESEND_INTERVAL_SECONDS) }, HttpStatus.TOO_MANY_REQUESTS);
    return { message: MSG.auth.resendSent };
  }

  async login(dto: LoginDto): Promise<LoginResponse> {
    const user = await this.users.findByEmail(dto.email);
    const ok = await verifyPassword(dto.password, user?.password_hash);
    if (!user || !ok) throw new UnauthorizedException(MSG.auth.invalidCredentials);
    if (user.status !== '1') throw new ForbiddenException(MSG.auth.accountInactive);
    if (!user.email_verified_at) throw new ForbiddenException(MSG.auth.verifyFirst);
    return this.issueToken(user, MSG.auth.loginSuccess);
  }

  async googleLogin(dto: GoogleLoginDto): Promise<LoginResponse> {
    const profile = await this.google.userInfo(dto.access_token);
    let user = (await this.repo.findOne({ where: { google_id: profile.sub } })) ?? (await this.users.findByEmail(profile.email));
    if (!user) {
      const created = this.repo.create({
        email: profile.email,
        name: profile.name ?? emailHandle(profile.email),
        password_hash: null,
        role: 'customer',
        status: '1',
        google_id: profile.sub,
        email_verified_at: new Date(),
      });
      await this.repo.insert(created);
      user = created;
      await this.events.emitAsync(EVENTS.userVerified, { userId: created.id, email: created.email, name: created.name } satisfies UserVerifiedEvent);
    } else {
      if (user.google_id && user.google_id !== profile.sub) throw new UnauthorizedException(MSG.auth.googleFailed);
      // Google has verified this address, which also verifies a pending e-mail sign-up.
      const changes: Partial<User> = {};
      if (!user.google_id) changes.google_id = profile.sub;
      if (!user.email_verified_at) changes.email_verified_at = new Date();
      if (Object.keys(changes).length) await this.repo.update({ id: user.id }, changes);
      user = (await this.users.findById(user.id)) as User;
    }
    if (user.status !== '1') throw new ForbiddenException(MSG.auth.accountInactive);
    return this.issueToken(user, MSG.auth.googleSuccess);
  }

  private async issueToken(user: User, message: string): Promise<LoginResponse> {
    const payload: JwtPayload = { sub: user.id, role: user.role };
    const token = await this.jwt.signAsync(payload, { expiresIn: this.config.jwt.expiresIn, algorithm: 'HS256' });
    return { message, token, user: this.users.present(user), expires_in: this.config.jwt.expiresIn };
  }

  /**
   * Creates a fresh code (6 digits from a cryptographic source), stores only its hash, and mails it.
   * With `throttled`, the code is replaced only if the last one is older than the resend interval (atomic).
   */
  private async sendCode(user: User, throttled = false): Promise<boolean> {
    const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
    const now = new Date();
    const changes = {
      otp_hash: this.hashCode(user.id, code),
      otp_expires_at: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
      otp_attempts: 0,
      otp_sent_at: now,
    };
    if (throttled) {
      const cutoff = new Date(now.getTime() - OTP_RESEND_INTERVAL_SECONDS * 1000);
      const result = await this.repo.update({ id: user.id, otp_sent_at: Or(IsNull(), LessThan(cutoff)) }, changes);
      if (!result.affected) return false;
    } else {
      await this.repo.update({ id: user.id }, changes);
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

  private hashCode(userId: number, code: string): string {
    return createHmac('sha256', this.config.jwt.secret).update(`otp:${userId}:${code}`).digest('hex');
  }

  private sameHash(a: string, b: string): boolean {
    const left = Buffer.from(a, 'hex');
    const right = Buffer.from(b, 'hex');
    return left.length === right.length && timingSafeEqual(left, right);
  }
}

