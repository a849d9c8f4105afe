import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Public, Roles } from '../../common/decorators/auth.decorators';
import { PublicCache } from '../../common/http/public-cache';
import type { ListQuery } from '../../common/list/list-query';
import type { User } from '../users/user.entity';
import { CategoriesService } from './categories.service';
import { CreateCategoryDto, UpdateCategoryDto } from '@jara/dto';

const wantsAll = (user: User | undefined, query: ListQuery) =>
  user?.role === 'admin' && (query.all === '1' || query.all === 'true' || query.status !== undefined);

@ApiTags('categories')
@Controller('categories')
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  @Public()
  @PublicCache()
  @Get()
  @ApiOperation({ summary: 'Active categories; an admin may pass all=1 or status to see inactive ones too' })
  list(@Query() query: ListQuery, @CurrentUser() user?: User) {
    return this.categories.list(query, wantsAll(user, query));
  }

  @Public()
  @PublicCache()
  @Get(':id')
  async show(@Param('id', ParseIntPipe) id: number, @CurrentUser() user?: User) {
    return { data: await this.categories.get(id, user?.role === 'admin') };
  }

  @ApiBearerAuth()
  @Roles('admin')
  @Post()
  async create(@Body() dto: CreateCategoryDto) {
    return { message: 'Category created.', data: await this.categories.create(dto) };
  }

  @ApiBearerAuth()
  @Roles('admin')
  @Put(':id')
  async update(@Param('id', ParseIntPipe) id: number, @Body() dto: UpdateCategoryDto) {
    return { message: 'Category updated.', data: await this.categories.update(id, dto) };
  }

  @ApiBearerAuth()
  @Roles('admin')
  @Delete(':id')
  async remove(@Param('id', ParseIntPipe) id: number) {
    await this.categories.remove(id);
    return { message: 'Category deleted.' };
  }
}
