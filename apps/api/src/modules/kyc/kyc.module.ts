import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UploadsModule } from '../../common/storage/upload-options';
import { KycController } from './kyc.controller';
import { KycDocumentView, KycSubmission } from './kyc.entity';
import { KycService } from './kyc.service';

@Module({
  imports: [TypeOrmModule.forFeature([KycSubmission, KycDocumentView]), UploadsModule],
  controllers: [KycController],
  providers: [KycService],
  exports: [KycService],
})
export class KycModule {}
