import type { Logger } from '@nestjs/common';
import type { AppConfig } from '../../config/config';
import { GatewayError } from './payment-gateway';

export interface PaystackAnswer {
  status: number;
  body: Record<string, unknown> | null;
}

/**
 * One call to Paystack's REST API (PAYSTACK_BASE_URL, Bearer PAYSTACK_SECRET_KEY) with a timeout: the HTTP status and
 * the JSON body. No answer, or an answer that is not JSON, is a GatewayError (the outcome is unknown).
 */
export async function paystackRequest(
  config: AppConfig['paystack'],
  logger: Logger,
  method: 'GET' | 'POST',
  path: string,
  payload?: unknown,
): Promise<PaystackAnswer> {
  let response: Response;
  try {
    response = await fetch(`${config.baseUrl}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${config.secretKey}`,
        Accept: 'application/json',
        ...(payload ? { 'Content-Type': 'application/json' } : {}),
      },
      body: payload ? JSON.stringify(payload) : undefined,
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (error) {
    logger.warn(`${method} ${path.split('?')[0].split('/').slice(0, 3).join('/')} failed: ${(error as Error).message}`);
    throw new GatewayError('Paystack did not answer');
  }
  const text = await response.text();
  try {
    const body = JSON.parse(text) as unknown;
    return {
      status: response.status,
      body: body && typeof body === 'object' ? (body as Record<string, unknown>) : null,
    };
  } catch {
    throw new GatewayError(`Paystack answered HTTP ${response.status} without JSON`);
  }
}
