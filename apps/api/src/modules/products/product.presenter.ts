import { productTypeLabel, type Product as ProductDto } from '@jara/contracts';
import type { StorageService } from '../../common/storage/storage.service';
import type { Product } from './product.entity';

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

/** The one shape in which a product leaves the API (spec section 3 fields, price also in exact kobo). */
export function presentProduct(p: Product, storage: StorageService): ProductDto {
  const naira = Number(p.price_kobo) / 100;
  const url = storage.urlFor(p.image);
  return {
    id: p.id,
    user_id: p.user_id,
    seller: p.owner ? { id: p.owner.id, name: p.owner.name } : null,
    name: p.name,
    category_id: p.category_id,
    category: p.category ? { id: p.category.id, name: p.category.name } : null,
    type: p.type,
    type_label: productTypeLabel(p.type),
    description: p.description,
    price: naira,
    price_ngn: naira,
    price_kobo: Number(p.price_kobo),
    status: Number(p.status) === 1 ? 1 : 0,
    image: url,
    image_url: url,
    image_card_url: storage.urlFor(storage.cardKey(p.image)),
    rating: Number(p.average_rating),
    average_rating: Number(p.average_rating),
    review_count: p.review_count,
    stock_quantity: p.stock_quantity,
    sku: p.sku,
    weight: p.weight,
    dimensions: p.dimensions,
    discount: p.discount,
    flash_start_at: iso(p.flash_start_at),
    flash_end_at: iso(p.flash_end_at),
    created_at: iso(p.created_at) as string,
    updated_at: iso(p.updated_at) as string,
  };
}
