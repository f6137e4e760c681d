import { describe, expect, it, vi } from 'vitest';
import { listenForMetrics } from '../src/platform/metrics-listener.js';
import { buildTestApp, testMetricsToken } from './helper.js';

const app = await buildTestApp();
const withoutToken = await buildTestApp({ METRICS_TOKEN: '' });

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

    const response = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${testMetricsToken}` } });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toContain('process_cpu_seconds_total');
    expect(response.body).toMatch(/http_requests_total\{method="GET",route="\/healthz",status_code="200"\} \d+/);
    expect(response.body).toMatch(/http_requests_total\{method="GET",route="\/api\/identity",status_code="401"\} 1/);
    expect(response.body).toContain('http_request_duration_seconds_bucket');
    expect(response.body).not.toContain('/api/no/such/route');
  });

  it('refuses a caller without the metrics token, or with a wrong one, with 401 and no figures', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${testMetricsToken}`, testMetricsToken]) {
      const response = await app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.json()).toEqual({ code: 401, msg: 'Send the metrics token as a bearer token.', data: null });
      expect(response.body).not.toContain('process_cpu');
    }
  });

  it('is not served on the main listener at all without METRICS_TOKEN', async () => {
    const response = await withoutToken.inject({ url: '/metrics' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('process_cpu');
  });
});

describe('the metrics listener (METRICS_PORT)', () => {
  it('serves /metrics without a token on its own loopback port, and nothing else', async () => {
    await withoutToken.inject({ url: '/healthz' });
    const listener = await listenForMetrics(withoutToken.metricsRegistry, { host: '127.0.0.1', port: 0 });
    try {
      expect(listener.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      const response = await fetch(listener.url);
      expect(response.status).toBe(200);
      expect(await response.text()).toMatch(/http_requests_total\{method="GET",route="\/healthz",status_code="200"\} 1/);

      const other = await fetch(listener.url.replace('/metrics', '/api/identity'));
      expect(other.status).toBe(404);
      const posted = await fetch(listener.url, { method: 'POST' });
      expect(posted.status).toBe(405);
      expect(posted.headers.get('allow')).toBe('GET, HEAD');
    } finally {
      await listener.close();
    }
  });
});
