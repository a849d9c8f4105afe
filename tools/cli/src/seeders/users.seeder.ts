import type { DataSource } from 'typeorm';
import type { Role } from '@jara/contracts';
import { hashPassword, User } from '#api-maintenance';

export interface DemoAccount {
  email: string;
  password: string;
  role: Role;
  name: string;
  phone: string;
  city: string;
}

/** The demo accounts printed by `npm start` and used by the browser tests. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    email: 'admin@jara.local',
    password: 'Admin123!',
    role: 'admin',
    name: 'Jara Admin',
    phone: '+2348010000001',
    city: 'Lagos',
  },
  {
    email: 'vendor@jara.local',
    password: 'Vendor123!',
    role: 'vendor',
    name: 'Emeka Balogun Stores',
    phone: '+2348010000002',
    city: 'Onitsha',
  },
  {
    email: 'customer@jara.local',
    password: 'Customer123!',
    role: 'customer',
    name: 'Chioma Adeyemi',
    phone: '+2348010000003',
    city: 'Ibadan',
  },
];

/** Creates each demo account that does not exist yet (verified, active); existing accounts are left as they are. */
export async function seedUsers(db: DataSource): Promise<{ created: number; kept: number }> {
  const repo = db.getRepository(User);
  let created = 0;
  for (const account of DEMO_ACCOUNTS) {
    if (await repo.exists({ where: { email: account.email } })) continue;
    await repo.insert(
      repo.create({
        email: account.email,
        name: account.name,
        password_hash: await hashPassword(account.password),
        role: account.role,
        status: '1',
        phone: account.phone,
        city: account.city,
        country: 'Nigeria',
        email_verified_at: new Date(),
      }),
    );
    created++;
  }
  return { created, kept: DEMO_ACCOUNTS.length - created };
}
