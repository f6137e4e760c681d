import { describe, expect, it, vi } from 'vitest';
import { buildTestApp } from './helper.js';

const app = await buildTestApp();

describe('GET /healthz', () => {
  it('reports the process alive with its uptime', async () => {
    const response = await app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: 0,
      msg: 'success',
      data: { status: 'ok', uptimeSeconds: expect.any(Number) },
    });
  });
});

describe('GET /readyz', () => {
  it('is ready while the database answers', async () => {
    const response = await app.inject({ url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 0, msg: 'success', data: { status: 'ready', database: 'up' } });
  });

  it('answers 503 not_ready when the database does not', async () => {
    const ping = vi.spyOn(app.database, 'ping').mockResolvedValue(false);
    try {
      const response = await app.inject({ url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        code: 503,
        msg: 'The service is temporarily unavailable.',
        data: { status: 'not_ready', database: 'down' },
      });
    } finally {
      ping.mockRestore();
    }
  });
});

describe('GET /metrics', () => {
  it('exposes process metrics and counts requests by route pattern and status', async () => {
    await app.inject({ url: '/healthz' });
    await app.inject({ url: '/api/identity' });
    await app.inject({ url: '/api/no/such/route' });

    const response = await app.inject({ url: '/metrics' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toContain('process_cpu_seconds_total');
    expect(response.body).toMatch(/http_requests_total\{method="GET",route="\/healthz",status_code="200"\} \d+/);
    expect(response.body).toMatch(/http_requests_total\{method="GET",route="\/api\/identity",status_code="401"\} 1/);
    expect(response.body).toContain('http_request_duration_seconds_bucket');
    expect(response.body).not.toContain('/api/no/such/route');
  });
});
