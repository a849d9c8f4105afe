import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../../config/config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Sends e-mail through SMTP when SMTP_URL is set; otherwise writes every message as an .eml
 * file to the outbox folder (data/outbox by default), so sign-up works offline.
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger('Mail');
  private readonly transport: Transporter;
  private readonly toOutbox: boolean;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.toOutbox = !config.mail.smtpUrl;
    this.transport = config.mail.smtpUrl
      ? nodemailer.createTransport(config.mail.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(message: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({ from: this.config.mail.from, ...message });
    if (this.toOutbox) {
      const dir = this.config.mail.outboxDir;
      await mkdir(dir, { recursive: true });
      const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, (info as unknown as { message: Buffer }).message);
      this.logger.log(`Wrote "${message.subject}" for ${message.to} to ${file}`);
    } else {
      this.logger.log(`Sent "${message.subject}" to ${message.to}`);
    }
  }

  /** In development the code is also printed, so a newcomer can sign up without opening the outbox. */
  logCode(email: string, code: string): void {
    if (this.config.mail.logCodes) this.logger.log(`Verification code for ${email}: ${code}`);
  }
}
