import { Category } from '../modules/categories/category.entity';
import { Product } from '../modules/products/product.entity';
import { ProductReview } from '../modules/products/product-review.entity';
import { WishlistItem } from '../modules/products/wishlist-item.entity';
import { ContactMessage } from '../modules/contact/contact-message.entity';
import { NewsletterSubscriber } from '../modules/contact/newsletter-subscriber.entity';
import { Notification } from '../modules/notifications/notification.entity';
import { User } from '../modules/users/user.entity';

/** Every entity, registered once for the data source; each module still declares only its own in forFeature. */
export const ENTITIES = [User, Notification, ContactMessage, NewsletterSubscriber, Category, Product, ProductReview, WishlistItem];
