import { normalizeRole, type PublicUser } from '@jara/contracts';
import type { User } from './user.entity';

/** The only shape in which a user leaves the API: no password hash, code or provider id. */
export function presentUser(user: User, imageUrl: (key: string | null) => string | null): PublicUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    address: user.address,
    city: user.city,
    postal_code: user.postal_code,
    country: user.country,
    image: imageUrl(user.image),
    role: normalizeRole(user.role),
    status: user.status === '1' ? '1' : '0',
    email_verified: !!user.email_verified_at,
    pending_email: user.pending_email ?? null,
    email_updates: user.email_updates !== 0,
    created_at: new Date(user.created_at).toISOString(),
    updated_at: new Date(user.updated_at).toISOString(),
  };
}
