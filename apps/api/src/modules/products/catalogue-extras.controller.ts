import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MSG } from '@jara/contracts';
import { CurrentUser, Public } from '../../common/decorators/auth.decorators';
import { PublicCache } from '../../common/http/public-cache';
import { boundedInteger, singleValue, type ListQuery } from '../../common/list/list-query';
import type { User } from '../users/user.entity';
import { WishlistDto } from '@jara/dto';
import { SearchService } from './search.service';
import { CatalogueAnswerCache } from './catalogue-answer-cache';
import { SellersService } from './sellers.service';
import { WishlistService } from './wishlist.service';

@ApiTags('search')
@Controller('search')
export class SearchController {
  constructor(
    private readonly search: SearchService,
    private readonly cache: CatalogueAnswerCache,
  ) {}

  @Public()
  @PublicCache()
  @Get('suggestions')
  @ApiOperation({ summary: 'At most 3 categories and 7 results in all, each product with name, price and rating' })
  async suggestions(@Query() query: ListQuery, @CurrentUser() user?: User) {
    const text = (singleValue(query, 'q') ?? '').slice(0, 100);
    // Anonymous answers are kept a few seconds (decision 040).
    return { data: await this.cache.suggestions(text, user, () => this.search.suggestions(text)) };
  }
}

@ApiTags('wishlist')
@ApiBearerAuth()
@Controller('wishlist')
export class WishlistController {
  constructor(private readonly wishlist: WishlistService) {}

  @Get()
  list(@CurrentUser() user: User, @Query() query: ListQuery) {
    return this.wishlist.list(user.id, query);
  }

  @Get('ids')
  @ApiOperation({ summary: 'Ids of the products on your wishlist (for toggles)' })
  async ids(@CurrentUser() user: User) {
    return { data: await this.wishlist.ids(user.id) };
  }

  @Post()
  async add(@CurrentUser() user: User, @Body() dto: WishlistDto) {
    await this.wishlist.add(user.id, dto.product_id);
    return { message: MSG.product.addedToWishlist };
  }

  @Post(':productId')
  async addByPath(@CurrentUser() user: User, @Param('productId', ParseIntPipe) productId: number) {
    await this.wishlist.add(user.id, productId);
    return { message: MSG.product.addedToWishlist };
  }

  @Delete(':productId')
  async remove(@CurrentUser() user: User, @Param('productId', ParseIntPipe) productId: number) {
    await this.wishlist.remove(user.id, productId);
    return { message: MSG.product.removedFromWishlist };
  }
}

@ApiTags('sellers')
@Controller('sellers')
export class SellersController {
  constructor(private readonly sellers: SellersService) {}

  @Public()
  @PublicCache()
  @Get('top')
  @ApiOperation({ summary: "Best-rated vendors with active products ('Top Verified Sellers')" })
  async top(@Query() query: ListQuery) {
    // A whole number (1.5 reached SQL's LIMIT as a 500); more than 12 is served as 12.
    const n = Math.min(boundedInteger('limit', singleValue(query, 'limit'), 1, Number.MAX_SAFE_INTEGER) ?? 3, 12);
    return { data: await this.sellers.top(n) };
  }

  @Public()
  @PublicCache()
  @Get(':id')
  async profile(@Param('id', ParseIntPipe) id: number) {
    return { data: await this.sellers.profile(id) };
  }
}
