import {
  Body,
  Controller,
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
import { FileFieldsInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CONTENTS_MSG, MSG, PROBLEM_MSG, RIDER_MSG } from '@jara/contracts';
import { AssignRiderDto, DeliveryContentsDto, ProblemActionDto, RiderAttemptDto } from '@jara/dto';
import { CurrentUser, Roles } from '../../common/decorators/auth.decorators';
import { AbuseLimit } from '../../common/rate-limit/abuse-limit';
import { sendPrivateImage } from '../../common/storage/private-image';
import type { User } from '../users/user.entity';
import { ContentsService } from './contents.service';
import { ProblemsService } from './problems.service';
import { RiderService, type PodFile } from './rider.service';

/** Issue 26 on a parcel: its declared contents, its rider and its proof of delivery. */
@ApiTags('deliveries')
@ApiBearerAuth()
@Controller('trackings')
export class ParcelLastMileController {
  constructor(
    private readonly contents: ContentsService,
    private readonly riders: RiderService,
  ) {}

  @Roles('admin', 'vendor', 'customer')
  @Get(':id/contents')
  @ApiOperation({ summary: "A parcel's declared contents with their total (owner or admin; others 404)" })
  async getContents(@Param('id', ParseIntPipe) id: number, @CurrentUser() user: User) {
    return { data: await this.contents.get(user, id) };
  }

  @Roles('admin', 'vendor', 'customer')
  @Put(':id/contents')
  @ApiOperation({
    summary:
      'Replace the declared contents (owner until the parcel is at the warehouse, admin until it is loaded): lines of description, quantity, value in dollars, category',
  })
  async putContents(
    @Param('id', ParseIntPipe) id: number,
    @Body() dto: DeliveryContentsDto,
    @CurrentUser() user: User,
  ) {
    return { message: CONTENTS_MSG.saved, data: await this.contents.replace(user, id, dto.contents ?? []) };
  }

  @Roles('admin')
  @Put(':id/rider')
  @ApiOperation({ summary: "Assign the parcel's last mile to a rider (admin); rider_id null takes it off their list" })
  async assignRider(@Param('id', ParseIntPipe) id: number, @Body() dto: AssignRiderDto) {
    return { message: RIDER_MSG.assigned, data: await this.riders.assign(id, dto.rider_id ?? null) };
  }

  @Roles('admin', 'vendor', 'customer')
  @Get(':id/pod')
  @ApiOperation({ summary: 'Proof of delivery: every attempt, newest first (owner or admin; others 404)' })
  async proof(@Param('id', ParseIntPipe) id: number, @CurrentUser() user: User) {
    return { data: await this.riders.proof(user, id) };
  }

  @Roles('admin', 'vendor', 'customer')
  @Get(':id/pod/:attemptId/:file')
  @ApiOperation({ summary: "A proof of delivery's photo or signature: owner or admin only; never cached" })
  async podFile(
    @Param('id', ParseIntPipe) id: number,
    @Param('attemptId', ParseIntPipe) attemptId: number,
    @Param('file') file: string,
    @CurrentUser() user: User,
    @Res() res: Response,
  ): Promise<void> {
    if (file !== 'photo' && file !== 'signature') {
      res.status(404).json({ statusCode: 404, message: MSG.deliveries.notFound });
      return;
    }
    sendPrivateImage(res, await this.riders.file(user, id, attemptId, file as PodFile));
  }
}

/** A shipping title's manifest (admin): every declared line of its parcels, as CSV or PDF. */
@ApiTags('logistics')
@ApiBearerAuth()
@Controller('shippings')
export class ManifestController {
  constructor(private readonly contents: ContentsService) {}

  @Roles('admin')
  @Get(':id/manifest.csv')
  @ApiOperation({ summary: "A shipping title's manifest as CSV (admin)" })
  async csv(@Param('id', ParseIntPipe) id: number, @Res() res: Response): Promise<void> {
    const file = await this.contents.manifestCsv(id);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${file.name}"`);
    res.setHeader('Cache-Control', 'no-store');
    res.end(file.body);
  }

  @Roles('admin')
  @Get(':id/manifest.pdf')
  @ApiOperation({ summary: "A shipping title's manifest as PDF (admin)" })
  async pdf(@Param('id', ParseIntPipe) id: number, @Res() res: Response): Promise<void> {
    const file = await this.contents.manifestPdf(id);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="${file.name}"`);
    res.setHeader('Cache-Control', 'no-store');
    res.end(file.body);
  }
}

/** The riders (admin): who a parcel may be assigned to. */
@ApiTags('rider')
@ApiBearerAuth()
@Controller('riders')
export class RidersController {
  constructor(private readonly riders: RiderService) {}

  @Roles('admin')
  @Get()
  @ApiOperation({ summary: 'Accounts with the rider role (admin), for assigning a parcel' })
  async list() {
    return { data: await this.riders.riders() };
  }
}

/** The rider's phone page: their parcels and the attempts they record. Riders only. */
@ApiTags('rider')
@ApiBearerAuth()
@Controller('rider')
export class RiderController {
  constructor(private readonly riders: RiderService) {}

  @Roles('rider')
  @Get('parcels')
  @ApiOperation({
    summary:
      "The rider's parcels waiting for delivery (assigned to them, Arrived Destination), paged, and today's attempts; no amounts",
  })
  list(@CurrentUser() user: User, @Query('page') page?: string, @Query('per_page') perPage?: string) {
    return this.riders.list(user, Number(page ?? 1), Number(perPage ?? 20));
  }

  @Roles('rider')
  @Post('parcels/:id/attempts')
  @HttpCode(201)
  @AbuseLimit('upload')
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(
    FileFieldsInterceptor([
      { name: 'photo', maxCount: 1 },
      { name: 'signature', maxCount: 1 },
    ]),
  )
  @ApiOperation({
    summary:
      'Record an attempt (rider, own parcel): outcome delivered (recipient_name, photo, signature PNG) or failed (reason)',
  })
  async attempt(
    @Param('id', ParseIntPipe) id: number,
    @Body() dto: RiderAttemptDto,
    @CurrentUser() user: User,
    @UploadedFiles() files: { photo?: Express.Multer.File[]; signature?: Express.Multer.File[] } = {},
  ) {
    const data = await this.riders.attempt(user, id, dto, files ?? {});
    return { message: data.outcome === 'delivered' ? RIDER_MSG.delivered : RIDER_MSG.failed, data };
  }
}

/** The problem queue (admin). */
@ApiTags('problems')
@ApiBearerAuth()
@Controller('problems')
export class ProblemsController {
  constructor(private readonly problems: ProblemsService) {}

  @Roles('admin')
  @Get('categories')
  @ApiOperation({ summary: "The queue's categories with their action and a count capped at 1000 (admin)" })
  async categories() {
    return { data: await this.problems.summary() };
  }

  @Roles('admin')
  @Get()
  @ApiOperation({
    summary: 'A page of one category (category=, page, per_page up to 50), oldest problem first, with the last action',
  })
  list(@Query() query: Record<string, unknown>) {
    return this.problems.list(query);
  }

  @Roles('admin')
  @Post('actions')
  @ApiOperation({ summary: 'Record what was done about a parcel of a category (admin): who and when are kept' })
  async act(@Body() dto: ProblemActionDto, @CurrentUser() user: User) {
    return { message: PROBLEM_MSG.recorded, data: await this.problems.act(user, dto) };
  }
}
