import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UploadsModule } from '../../common/storage/upload-options';
import { ProfileController } from './profile.controller';
import { User } from './user.entity';
import { UserCountsSubscriber } from './user-counts.subscriber';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

@Module({
  imports: [TypeOrmModule.forFeature([User]), UploadsModule],
  controllers: [UsersController, ProfileController],
  providers: [UsersService, UserCountsSubscriber],
  exports: [UsersService],
})
export class UsersModule {}
