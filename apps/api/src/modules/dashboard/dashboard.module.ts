import { Module } from '@nestjs/common';
import { ContactModule } from '../contact/contact.module';
import { UsersModule } from '../users/users.module';
import { DashboardController } from './dashboard.controller';

@Module({ imports: [UsersModule, ContactModule], controllers: [DashboardController] })
export class DashboardModule {}
