import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../decorators/auth.decorators';
import { MEDIA_ROUTE, StorageService } from './storage.service';

const TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif' };

/** Serves stored public media (avatars, product images) with cache headers. Identity documents never go here. */
@ApiTags('media')
@Controller(MEDIA_ROUTE)
export class MediaController {
  constructor(private readonly storage: StorageService) {}

  @Public()
  @Get(':folder/:name')
  async serve(@Param('folder') folder: string, @Param('name') name: string, @Res() res: Response): Promise<void> {
    const body = await this.storage.readMedia(`${folder}/${name}`);
    if (!body) throw new NotFoundException('File not found.');
    res.setHeader('Content-Type', TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.end(body);
  }
}
