import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { createServices, type Services } from '../services/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    services: Services;
  }
}

export const servicesPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    app.decorate('config', config);
    app.decorate('services', createServices(app.db, config));
  },
  { name: 'services', dependencies: ['database'] },
);
