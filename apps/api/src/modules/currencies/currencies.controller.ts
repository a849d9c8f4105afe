import { Body, Controller, Delete, Get, Param, ParseIntPipe, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { LIVE_CONVERTER_DEFAULT, MSG, type LiveRatesAnswer } from '@jara/contracts';
import { Public, Roles } from '../../common/decorators/auth.decorators';
import { PublicCache } from '../../common/http/public-cache';
import { fieldError } from '../../common/http/validation';
import { singleValue, type ListQuery } from '../../common/list/list-query';
import { CurrenciesService } from './currencies.service';
import { CreateCurrencyDto, UpdateCurrencyDto } from '@jara/dto';
import { ExchangeRatesService } from './exchange-rates.service';

@ApiTags('currencies')
@Controller('currencies')
export class CurrenciesController {
  constructor(
    private readonly currencies: CurrenciesService,
    private readonly rates: ExchangeRatesService,
  ) {}

  @Public()
  @PublicCache()
  @Get()
  @ApiOperation({
    summary:
      'The converter currencies (list contract; 100 a page by default, by id): buy and sell prices per US dollar as decimal strings',
  })
  list(@Query() query: ListQuery) {
    return this.currencies.list(query);
  }

  @ApiBearerAuth()
  @Roles('admin')
  @Get('live-rates')
  @ApiOperation({
    summary:
      'Live rates from the exchange-rate service for base (default USD), cached; stale: true when the last fetch failed; without a provider (EXCHANGE_RATE_API_KEY) data null, configured false and how to configure one',
  })
  async liveRates(@Query() query: ListQuery): Promise<LiveRatesAnswer> {
    const base = (singleValue(query, 'base') ?? LIVE_CONVERTER_DEFAULT.from).trim().toUpperCase();
    if (!/^[A-Z]{3}$/.test(base)) throw fieldError('base', MSG.money.baseInvalid);
    if (!this.rates.configured())
      return { data: null, configured: false, message: MSG.money.liveRatesOff, setup: MSG.money.liveRatesSetup };
    return { data: await this.rates.latest(base), configured: true };
  }

  @ApiBearerAuth()
  @Roles('admin')
  @Post()
  @ApiOperation({
    summary:
      'Add a currency: name, code (upper-cased, at most 10, unique), buy_price, sell_price (positive, 6 decimals at most)',
  })
  async create(@Body() dto: CreateCurrencyDto) {
    return { message: MSG.currency.created, data: await this.currencies.create(dto) };
  }

  @ApiBearerAuth()
  @Roles('admin')
  @Patch(':id')
  @ApiOperation({ summary: 'Change a currency (the fields sent)' })
  async update(@Param('id', ParseIntPipe) id: number, @Body() dto: UpdateCurrencyDto) {
    return { message: MSG.currency.updated, data: await this.currencies.update(id, dto) };
  }

  @ApiBearerAuth()
  @Roles('admin')
  @Delete(':id')
  async remove(@Param('id', ParseIntPipe) id: number) {
    await this.currencies.remove(id);
    return { message: MSG.currency.deleted };
  }
}
