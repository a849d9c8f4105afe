import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { EVENTS, OnDomainEvent, type UserDeletedEvent } from '../../common/events';
import { ProductsService } from './products.service';
import { WishlistItem } from './wishlist-item.entity';

/** The catalogue's side of other modules' events. */
@Injectable()
export class ProductsListener {
  constructor(
    private readonly products: ProductsService,
    @InjectRepository(WishlistItem) private readonly wishlist: Repository<WishlistItem>,
  ) {}

  /**
   * A deleted user's products leave the public catalogue (inactive, not deleted: orders will point at them)
   * and their wishlist goes. Their reviews stay, so every product's rating still equals its reviews.
   */
  @OnDomainEvent(EVENTS.userDeleted)
  async onUserDeleted(event: UserDeletedEvent): Promise<void> {
    await this.products.deactivateOwnedBy(event.userId);
    await this.wishlist.delete({ user_id: event.userId });
  }
}
