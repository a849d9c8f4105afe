import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UploadsModule } from '../../common/storage/upload-options';
import { CategoriesModule } from '../categories/categories.module';
import { UsersModule } from '../users/users.module';
import { SearchController, SellersController, WishlistController } from './catalogue-extras.controller';
import { ProductCountsSubscriber } from './product-counts.subscriber';
import { ProductReview } from './product-review.entity';
import { Product } from './product.entity';
import { ProductsController } from './products.controller';
import { ProductsListener } from './products.listener';
import { ProductsService } from './products.service';
import { ReviewsService } from './reviews.service';
import { SearchService } from './search.service';
import { CatalogueAnswerCache } from './catalogue-answer-cache';
import { productSearchIndexProvider } from './search/search-index.provider';
import { SellersService } from './sellers.service';
import { StockService } from './stock.service';
import { WishlistItem } from './wishlist-item.entity';
import { WishlistService } from './wishlist.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([Product, ProductReview, WishlistItem]),
    UploadsModule,
    CategoriesModule,
    UsersModule,
  ],
  controllers: [ProductsController, SearchController, WishlistController, SellersController],
  providers: [
    ProductsService,
    ReviewsService,
    WishlistService,
    SearchService,
    SellersService,
    ProductsListener,
    ProductCountsSubscriber,
    productSearchIndexProvider,
    CatalogueAnswerCache,
    StockService,
  ],
  exports: [ProductsService, StockService],
})
export class ProductsModule {}
