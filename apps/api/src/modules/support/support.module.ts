import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SupportResponsesController, SupportsController } from './support.controller';
import { Support, SupportResponseRow } from './support.entity';
import { SupportService } from './support.service';

@Module({
  imports: [TypeOrmModule.forFeature([Support, SupportResponseRow])],
  controllers: [SupportsController, SupportResponsesController],
  providers: [SupportService],
  exports: [SupportService],
})
export class SupportModule {}
