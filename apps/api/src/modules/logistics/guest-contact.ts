import type { EntityManager } from 'typeorm';
import { GuestLink } from './guest-link.entity';

/** Whether the guest confirmed the e-mail given with this delivery (its confirm link was used). */
export async function guestContactConfirmed(m: EntityManager, deliveryId: number): Promise<boolean> {
  const n = await m
    .getRepository(GuestLink)
    .createQueryBuilder('g')
    .where('g.delivery_id = :deliveryId AND g.purpose = :purpose AND g.used_at IS NOT NULL', {
      deliveryId,
      purpose: 'confirm',
    })
    .getCount();
  return n > 0;
}
