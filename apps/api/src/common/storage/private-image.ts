import type { Response } from 'express';

/**
 * A private image (KYC documents, receipt photos, proof of delivery) for its owner or staff: re-encoded JPEG, never
 * cached, never sniffed by the browser, not embeddable by another site.
 */
export function sendPrivateImage(res: Response, body: Buffer): void {
  res.setHeader('Content-Type', 'image/jpeg');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Disposition', 'inline');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-site');
  res.end(body);
}
