import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseIntPipe,
  Post,
  Put,
  Query,
  Res,
  UploadedFiles,
  UseInterceptors,
} from '@nestjs/common';
import { FilesInterceptor, MulterModule } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { memoryStorage } from 'multer';
import { RECEIPT_MSG } from '@jara/contracts';
import { CurrentUser, Roles } from '../../common/decorators/auth.decorators';
import { AbuseLimit } from '../../common/rate-limit/abuse-limit';
import { sendPrivateImage } from '../../common/storage/private-image';
import type { ListQuery } from '../../common/list/list-query';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import type { User } from '../users/user.entity';
import {
  CreateConsolidationDto,
  CreateReceiptDto,
  DisputeMeasureDto,
  PackConsolidationDto,
  ReceiptSettingsDto,
} from '@jara/dto';
import { ConsolidationService } from './consolidation.service';
import { ReceiptsService } from './receipts.service';

/**
 * Multer for receipts: in memory, UPLOAD_MAX_BYTES per file, up to 10 files so that a 6th photo reaches the service
 * and is refused with a field error (422), not a bare multer 400.
 */
export const ReceiptUploadsModule = MulterModule.registerAsync({
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => ({
    storage: memoryStorage(),
    limits: { fileSize: config.uploads.maxBytes, files: 10, fields: 40 },
  }),
});

@ApiTags('receipts')
@ApiBearerAuth()
@Controller()
export class ReceiptsController {
  constructor(private readonly receipts: ReceiptsService) {}

  // ------------------------------------------------------------------------------------------------ staff receipts

  @Roles('admin')
  @Get('receipts/find')
  @ApiOperation({ summary: 'The parcel a scanned tracking or courier number names (admin), with its latest measure' })
  async find(@Query('no') no: unknown, @CurrentUser() user: User) {
    const delivery = await this.receipts.findScanned(typeof no === 'string' ? no : '');
    return { data: await this.receipts.measure(user, delivery.id) };
  }

  @Roles('admin')
  @Post('receipts')
  @AbuseLimit('upload')
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(FilesInterceptor('photos', 10))
  @ApiOperation({
    summary:
      'Record a warehouse receipt (admin): scanned_no (tracking or courier number), weight (kg), length/width/height (cm), pieces, condition, note, 1-5 photos (images only, private)',
  })
  async record(
    @Body() dto: CreateReceiptDto,
    @CurrentUser() user: User,
    @UploadedFiles() photos: Express.Multer.File[] = [],
  ) {
    return { message: RECEIPT_MSG.recorded, data: await this.receipts.record(user, dto, photos ?? []) };
  }

  @Roles('admin')
  @Get('receipt-settings')
  @ApiOperation({ summary: 'Volumetric divisors per shipping type and the variance threshold (admin)' })
  async settings() {
    return { data: await this.receipts.settings() };
  }

  @Roles('admin')
  @Put('receipt-settings')
  @ApiOperation({ summary: 'Set air_divisor, sea_divisor (1-1000000) and variance_percent (0-100) (admin)' })
  async saveSettings(@Body() dto: ReceiptSettingsDto) {
    return { message: RECEIPT_MSG.settingsSaved, data: await this.receipts.saveSettings(dto) };
  }

  @Get('receipt-photos/:id')
  @ApiOperation({ summary: "A receipt photo: the parcel's owner or staff only (anyone else 404); never cached" })
  async photo(@Param('id', ParseIntPipe) id: number, @CurrentUser() user: User, @Res() res: Response): Promise<void> {
    const body = await this.receipts.photo(user, id);
    sendPrivateImage(res, body);
  }

  // ---------------------------------------------------------------------------------------- the customer's answer

  @Get('trackings/:id/measure')
  @ApiOperation({
    summary: "A parcel's declared and measured measure, the question asked and the fee (owner or admin)",
  })
  async measure(@Param('id', ParseIntPipe) id: number, @CurrentUser() user: User) {
    return { data: await this.receipts.measure(user, id) };
  }

  @Roles('customer', 'vendor')
  @Post('trackings/:id/measure/accept')
  @HttpCode(200)
  @ApiOperation({ summary: 'Accept the new measure (the owner): the fee invoice is raised' })
  async accept(@Param('id', ParseIntPipe) id: number, @CurrentUser() user: User) {
    return { message: RECEIPT_MSG.accepted, data: await this.receipts.accept(user, id) };
  }

  @Roles('customer', 'vendor')
  @Post('trackings/:id/measure/dispute')
  @HttpCode(200)
  @ApiOperation({ summary: "Dispute the new measure (the owner, with a reason): measure_status 'disputed'" })
  async dispute(@Param('id', ParseIntPipe) id: number, @Body() dto: DisputeMeasureDto, @CurrentUser() user: User) {
    return { message: RECEIPT_MSG.disputed, data: await this.receipts.dispute(user, id, dto.reason) };
  }
}

/**
 * Consolidation (issue 26, decisions 044 and 047): the owner's request and cancel, staff's pack and unpack. Its own
 * controller path so that the audit log names the consolidation each admin write changes (AUDIT_TARGETS).
 */
@ApiTags('receipts')
@ApiBearerAuth()
@Controller('consolidations')
export class ConsolidationsController {
  constructor(private readonly consolidations: ConsolidationService) {}

  @Get()
  @ApiOperation({ summary: "Consolidations (list contract): an admin's every one (status filter), a customer's own" })
  list(@Query() query: ListQuery, @CurrentUser() user: User) {
    return this.consolidations.list(user, query);
  }

  @Get(':id')
  async show(@Param('id', ParseIntPipe) id: number, @CurrentUser() user: User) {
    return { data: await this.consolidations.get(user, id) };
  }

  @Roles('customer', 'vendor')
  @Post()
  @ApiOperation({ summary: 'Ship parcels together (the owner): 2-50 of your parcels received at one warehouse' })
  async request(@Body() dto: CreateConsolidationDto, @CurrentUser() user: User) {
    return {
      message: RECEIPT_MSG.consolidationRequested,
      data: await this.consolidations.request(user, dto.delivery_ids),
    };
  }

  @Roles('customer', 'vendor')
  @Delete(':id')
  @ApiOperation({ summary: 'Cancel a consolidation still waiting to be packed (the owner)' })
  async cancel(@Param('id', ParseIntPipe) id: number, @CurrentUser() user: User) {
    return { message: RECEIPT_MSG.consolidationCancelled, data: await this.consolidations.cancel(user, id) };
  }

  @Roles('admin')
  @Post(':id/pack')
  @AbuseLimit('upload')
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(FilesInterceptor('photos', 10))
  @ApiOperation({
    summary:
      'Pack a consolidation (admin): a new consolidated parcel with its tracking number, measured (weight, L/W/H, pieces, condition, 1-5 photos); its fee is the only one',
  })
  async pack(
    @Param('id', ParseIntPipe) id: number,
    @Body() dto: PackConsolidationDto,
    @CurrentUser() user: User,
    @UploadedFiles() photos: Express.Multer.File[] = [],
  ) {
    return {
      message: RECEIPT_MSG.consolidationPacked,
      data: await this.consolidations.pack(user, id, dto, photos ?? []),
    };
  }

  @Roles('admin')
  @Post(':id/unpack')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Unpack a consolidation (admin, decision 047): only while its parcel is at the warehouse and its fee unpaid; the parcel is cancelled (a pending fee invoice too), the members go back to the warehouse on their own',
  })
  async unpack(@Param('id', ParseIntPipe) id: number, @CurrentUser() user: User) {
    return { message: RECEIPT_MSG.unpacked, data: await this.consolidations.unpack(user, id) };
  }
}
