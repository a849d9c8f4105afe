import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseIntPipe,
  Patch,
  Post,
  Put,
  Query,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MSG } from '@jara/contracts';
import { CurrentUser, Public, Roles } from '../../common/decorators/auth.decorators';
import { PublicCache } from '../../common/http/public-cache';
import { AbuseLimit, isMultipart } from '../../common/rate-limit/abuse-limit';
import type { ListQuery } from '../../common/list/list-query';
import type { User } from '../users/user.entity';
import { CreateProductDto, CreateReviewDto, MethodOverrideProductDto, UpdateProductDto } from '@jara/dto';
import { ProductsService } from './products.service';
import { ReviewsService } from './reviews.service';
import { CatalogueAnswerCache } from './catalogue-answer-cache';

@ApiTags('products')
@Controller('products')
export class ProductsController {
  constructor(
    private readonly products: ProductsService,
    private readonly reviews: ReviewsService,
    private readonly answers: CatalogueAnswerCache,
  ) {}

  @Public()
  @PublicCache()
  @Get()
  @ApiOperation({
    summary:
      'Catalogue: q/name_like, category_id, type, min_price/max_price or price_ngn_gte/price_ngn_lte (naira, inclusive), min_rating or average_rating_gte, status, user_id (one value, active products only unless admin), mine=1 (your own products, every status), flash_active, in_stock=1 (stock_quantity > 0); _sort price_ngn|average_rating|created_at|name. A repeated single-value parameter or an out-of-range page is a 422.',
  })
  list(@Query() query: ListQuery, @CurrentUser() user?: User) {
    // A visitor's answer is kept a few seconds (decisions 040, 051); a signed-in caller's reads the database.
    return this.answers.list('products', query, user, () => this.products.list(query, user));
  }

  @Public()
  @PublicCache()
  @Get('active')
  @ApiOperation({ summary: 'Active products only, same filters' })
  active(@Query() query: ListQuery, @CurrentUser() user?: User) {
    return this.answers.list('active', query, user, () => this.products.list(query, user, true));
  }

  @Public()
  @PublicCache()
  @Get('sitemap-entries')
  @ApiOperation({ summary: 'Ids and last-modified times of active products, 5000 a page (for paged sitemaps)' })
  async sitemap(@Query() query: ListQuery) {
    return this.products.sitemapEntries(query);
  }

  @Public()
  @PublicCache()
  @Get(':id')
  show(@Param('id', ParseIntPipe) id: number, @CurrentUser() user?: User) {
    return this.answers.product(id, user, async () => ({ data: await this.products.get(id, user) }));
  }

  @ApiBearerAuth()
  @Roles('vendor', 'admin')
  @Post()
  @AbuseLimit('upload', { when: isMultipart })
  @ApiConsumes('multipart/form-data', 'application/json')
  @UseInterceptors(FileInterceptor('image'))
  async create(@CurrentUser() user: User, @Body() dto: CreateProductDto, @UploadedFile() file?: Express.Multer.File) {
    return { message: MSG.product.created, data: await this.products.create(user, dto, file) };
  }

  @ApiBearerAuth()
  @Roles('vendor', 'admin')
  @Post(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Multipart update with _method=PUT (owner or admin)' })
  @AbuseLimit('upload', { when: isMultipart })
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(FileInterceptor('image'))
  async updateViaPost(
    @CurrentUser() user: User,
    @Param('id', ParseIntPipe) id: number,
    @Body() dto: MethodOverrideProductDto,
    @UploadedFile() file?: Express.Multer.File,
  ) {
    return { message: MSG.product.updated, data: await this.products.update(user, id, dto, file) };
  }

  @ApiBearerAuth()
  @Roles('vendor', 'admin')
  @Put(':id')
  @AbuseLimit('upload', { when: isMultipart })
  @ApiConsumes('multipart/form-data', 'application/json')
  @UseInterceptors(FileInterceptor('image'))
  async update(
    @CurrentUser() user: User,
    @Param('id', ParseIntPipe) id: number,
    @Body() dto: UpdateProductDto,
    @UploadedFile() file?: Express.Multer.File,
  ) {
    return { message: MSG.product.updated, data: await this.products.update(user, id, dto, file) };
  }

  @ApiBearerAuth()
  @Roles('vendor', 'admin')
  @Patch(':id')
  @ApiOperation({
    summary:
      'Partial update in JSON (owner or admin; Refine simple-rest sends PATCH): the fields sent, the rest left alone. A new image goes through PUT or POST _method=PUT (multipart)',
  })
  @ApiConsumes('application/json')
  patch(@CurrentUser() user: User, @Param('id', ParseIntPipe) id: number, @Body() dto: UpdateProductDto) {
    return this.update(user, id, dto);
  }

  @ApiBearerAuth()
  @Roles('vendor', 'admin')
  @Delete(':id')
  async remove(@CurrentUser() user: User, @Param('id', ParseIntPipe) id: number) {
    await this.products.remove(user, id);
    return { message: MSG.product.deleted };
  }

  @Public()
  @PublicCache()
  @Get(':id/reviews')
  reviewsList(@Param('id', ParseIntPipe) id: number, @Query() query: ListQuery) {
    return this.reviews.list(id, query);
  }

  @ApiBearerAuth()
  @Post(':id/reviews')
  @AbuseLimit('review')
  @ApiOperation({
    summary: 'Review a product you bought (an order at To Review; once per order line): rating 1-5, comment, order_id?',
  })
  async review(@CurrentUser() user: User, @Param('id', ParseIntPipe) id: number, @Body() dto: CreateReviewDto) {
    return { message: MSG.orders.reviewThanks, data: await this.reviews.create(user, id, dto) };
  }
}
