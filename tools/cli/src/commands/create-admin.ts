import { ADMIN_PASSWORD_MIN_LENGTH } from '@jara/contracts';
import { hashPassword, User } from '#api-maintenance';
import { parseOptions, UsageError, type CliContext } from '../context';

export const createAdminHelp = `Usage: npm run cli -- create-admin --email <email> --password <password> [--name <name>]

Creates a verified, active admin account, or promotes and re-activates an existing account
with that e-mail and sets its password.
  --email      the admin's e-mail address
  --password   at least ${ADMIN_PASSWORD_MIN_LENGTH} characters
  --name       display name (default: "Jara Admin")`;

export async function createAdmin(ctx: CliContext, args: string[]): Promise<number> {
  const options = parseOptions(args, { email: 'string', password: 'string', name: 'string' });
  const email = String(options.email ?? '')
    .trim()
    .toLowerCase();
  const password = String(options.password ?? '');
  if (!email) throw new UsageError('--email is required.');
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new UsageError(`"${email}" is not a valid e-mail address.`);
  if (!password) throw new UsageError('--password is required.');
  if (password.length < ADMIN_PASSWORD_MIN_LENGTH)
    throw new UsageError(`--password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters.`);

  const db = await ctx.open();
  try {
    await db.runMigrations({ transaction: 'each' });
    const repo = db.getRepository(User);
    const existing = await repo.findOne({ where: { email } });
    const fields = {
      role: 'admin' as const,
      status: '1' as const,
      password_hash: await hashPassword(password),
      email_verified_at: existing?.email_verified_at ?? new Date(),
    };
    if (existing) {
      // A new password and role end the account's existing sessions (their tokens carry the old token_version).
      await repo.update(
        { id: existing.id },
        {
          ...fields,
          ...(options.name ? { name: String(options.name) } : {}),
          token_version: () => 'token_version + 1',
        },
      );
      ctx.io.out(`Updated ${email}: now an active admin with the new password.`);
    } else {
      await repo.insert(repo.create({ email, name: String(options.name ?? 'Jara Admin'), ...fields }));
      ctx.io.out(`Created admin ${email}.`);
    }
    return 0;
  } finally {
    await db.destroy();
  }
}
