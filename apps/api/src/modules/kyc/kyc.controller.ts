import {
  Body,
  Controller,
  Delete,
  Get,
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
import { KYC_FILES, MSG, type KycFile } from '@jara/contracts';
import { CurrentUser, Roles } from '../../common/decorators/auth.decorators';
import { AbuseLimit } from '../../common/rate-limit/abuse-limit';
import { sendPrivateImage } from '../../common/storage/private-image';
import type { ListQuery } from '../../common/list/list-query';
import type { User } from '../users/user.entity';
import { KycDecisionDto, SubmitKycDto } from '@jara/dto';
import { KycService } from './kyc.service';

@ApiTags('kyc')
@ApiBearerAuth()
@Controller('kyc')
export class KycController {
  constructor(private readonly kyc: KycService) {}

  @Post()
  @AbuseLimit('upload')
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(
    FileFieldsInterceptor([
      { name: 'id_image', maxCount: 1 },
      { name: 'user_image', maxCount: 1 },
    ]),
  )
  @ApiOperation({
    summary:
      'Submit KYC (customers; vendors before their first payout): name, dob, gender, address, id_type, id_number, id_image (+ optional user_image); images only, re-encoded; one live submission (409); admins 403',
  })
  async submit(
    @CurrentUser() user: User,
    @Body() dto: SubmitKycDto,
    @UploadedFiles() files: { id_image?: Express.Multer.File[]; user_image?: Express.Multer.File[] } = {},
  ) {
    return { message: MSG.kyc.submitted, data: await this.kyc.submit(user, dto, files ?? {}) };
  }

  @Roles('admin')
  @Get()
  @ApiOperation({ summary: 'KYC submissions (admin, list contract): status filter, email, name, q' })
  list(@Query() query: ListQuery) {
    return this.kyc.list(query);
  }

  @Get(':id/user')
  @ApiOperation({ summary: "A user's latest submission (the user or an admin; data null when none)" })
  async latest(@Param('id', ParseIntPipe) id: number, @CurrentUser() user: User) {
    return { data: await this.kyc.latestOf(user, id) };
  }

  @Get(':id/files/:file')
  @ApiOperation({ summary: 'An identity document: the owner or an admin only; never cached; admin views recorded' })
  async file(
    @Param('id', ParseIntPipe) id: number,
    @Param('file') file: string,
    @CurrentUser() user: User,
    @Res() res: Response,
  ): Promise<void> {
    if (!(KYC_FILES as readonly string[]).includes(file)) {
      res.status(404).json({ statusCode: 404, message: MSG.kyc.fileMissing });
      return;
    }
    const doc = await this.kyc.file(user, id, file as KycFile);
    sendPrivateImage(res, doc.body);
  }

  @Roles('admin')
  @Get(':id/views')
  @ApiOperation({ summary: "Who opened a submission's documents (admin)" })
  async views(@Param('id', ParseIntPipe) id: number) {
    return { data: await this.kyc.views(id) };
  }

  @Roles('admin')
  @Get(':id')
  async show(@Param('id', ParseIntPipe) id: number) {
    return { data: await this.kyc.get(id) };
  }

  @Roles('admin')
  @Put(':id/approve')
  @ApiOperation({ summary: 'Approve (1) or reject (-1, optional reason) a submission (admin)' })
  async decide(@Param('id', ParseIntPipe) id: number, @Body() dto: KycDecisionDto, @CurrentUser() user: User) {
    return { message: MSG.kyc.statusUpdated, data: await this.kyc.decide(user, id, dto) };
  }

  @Roles('admin')
  @Delete(':id')
  @ApiOperation({ summary: 'Delete a submission and its files (admin)' })
  async remove(@Param('id', ParseIntPipe) id: number) {
    await this.kyc.remove(id);
    return { message: MSG.kyc.deleted };
  }
}
