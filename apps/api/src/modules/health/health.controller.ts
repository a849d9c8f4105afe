import { Controller, Get, HttpCode, Inject, ServiceUnavailableException } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Public } from '../../common/decorators/auth.decorators';
import { RATE_LIMIT_STORE, type RateLimitStore } from '../../common/rate-limit/rate-limit.store';
import { StorageService } from '../../common/storage/storage.service';
import { APP_CONFIG, type AppConfig } from '../../config/config';

type Check = 'up' | 'down' | 'off';

async function probe(work: () => Promise<unknown>, timeoutMs = 2000): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      work(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
      }),
    ]);
    return 'up';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(RATE_LIMIT_STORE) private readonly shared: RateLimitStore,
    private readonly storage: StorageService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Liveness: the process answers (a load balancer or orchestrator restarts it when this fails). */
  @Public()
  @Get('health')
  @HttpCode(200)
  @ApiOperation({ summary: 'Liveness: 200 while the process serves requests' })
  health() {
    return { status: 'ok' };
  }

  /** Readiness: the database, Redis (when configured) and storage answer; 503 naming what does not. */
  @Public()
  @Get('ready')
  @ApiOperation({ summary: 'Readiness: database, Redis (when REDIS_URL is set) and storage; 503 when one is down' })
  async ready() {
    const [database, redis, storage] = await Promise.all([
      probe(() => this.db.query('SELECT 1')),
      this.config.redis.url ? probe(() => this.shared.ping()) : Promise.resolve<Check>('off'),
      probe(() => this.storage.ping()),
    ]);
    const body = {
      status: database === 'down' || redis === 'down' || storage === 'down' ? 'unavailable' : 'ok',
      database,
      redis,
      storage,
      storage_kind: this.storage.media.kind,
      driver: this.db.options.type,
    };
    if (body.status !== 'ok') throw new ServiceUnavailableException({ message: 'Not ready.', ...body });
    return body;
  }
}
