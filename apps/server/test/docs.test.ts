import { describe, expect, it } from 'vitest';
import { buildTestApp } from './helper.js';

const app = await buildTestApp();
const withoutDocs = await buildTestApp({ DOCS: 'off' });

describe('OpenAPI docs', () => {
  it('lists every route with tags, a summary and the envelope schema at /docs/json', async () => {
    const response = await app.inject({ url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);

    const operations = {
      '/healthz': 'get',
      '/readyz': 'get',
      '/metrics': 'get',
      '/session': 'post',
      '/verify': 'post',
      '/api/identity': 'get',
      '/api/visitor/identity': 'get',
      '/api/visitor/getToken': 'post',
    };
    for (const [path, method] of Object.entries(operations)) {
      const operation = document.paths[path]?.[method];
      expect(operation, path).toBeDefined();
      expect(operation.tags?.length, path).toBeGreaterThan(0);
      expect(operation.summary, path).toBeTruthy();
      expect(operation.responses['200'], path).toBeDefined();
    }

    const getToken = document.paths['/api/visitor/getToken'].post;
    expect(getToken.requestBody.content['application/json'].schema.properties.deviceNumber).toBeDefined();
    expect(getToken.responses['200'].content['application/json'].schema.properties).toHaveProperty('code');
  });

  it('leaves the SPA fallback out of the document', async () => {
    const document = (await app.inject({ url: '/docs/json' })).json();
    expect(Object.keys(document.paths)).not.toContain('/*');
  });

  it('serves the docs UI at /docs', async () => {
    const response = await app.inject({ url: '/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });

  it('serves neither the page nor the document with DOCS=off', async () => {
    for (const url of ['/docs', '/docs/', '/docs/json', '/docs/yaml']) {
      const response = await withoutDocs.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('openapi');
    }
  });
});
