import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ListResult, paginate, type ListQuery } from '../../common/list/list-query';
import { ContactMessage } from './contact-message.entity';
import type { CreateContactMessageDto } from '@jara/dto';
import { NewsletterSubscriber } from './newsletter-subscriber.entity';

@Injectable()
export class ContactService {
  constructor(
    @InjectRepository(ContactMessage) private readonly messages: Repository<ContactMessage>,
    @InjectRepository(NewsletterSubscriber) private readonly subscribers: Repository<NewsletterSubscriber>,
  ) {}

  async create(dto: CreateContactMessageDto, userId: number | null): Promise<ContactMessage> {
    const row = this.messages.create({ ...dto, user_id: userId });
    await this.messages.insert(row);
    return row;
  }

  list(query: ListQuery): Promise<ListResult<ContactMessage>> {
    const qb = this.messages.createQueryBuilder('m');
    return paginate(qb, query, {
      sortable: { created_at: 'm.created_at', full_name: 'm.full_name', email: 'm.email' },
      filterable: { email: 'm.email' },
      searchable: ['m.full_name', 'm.email', 'm.message'],
      defaultSort: { field: 'created_at', order: 'DESC' },
      tiebreaker: 'm.id',
    });
  }

  /** Idempotent: subscribing twice keeps one row and answers the same. */
  async subscribe(email: string): Promise<{ created: boolean }> {
    const result = await this.subscribers
      .createQueryBuilder()
      .insert()
      .into(NewsletterSubscriber)
      .values({ email })
      .orIgnore()
      .execute();
    return { created: (result.raw?.affectedRows ?? result.raw?.changes ?? result.identifiers.length) > 0 };
  }

  countMessages(): Promise<number> {
    return this.messages.count();
  }

  countSubscribers(): Promise<number> {
    return this.subscribers.count();
  }
}
