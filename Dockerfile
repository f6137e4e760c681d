# syntax=docker/dockerfile:1
# Parley in one image: the web app and the bundled server, run as the unprivileged `node` user with
# production dependencies only. Build: docker build -t parley .   Run: see README "Docker".
ARG NODE_IMAGE=node:24-bookworm-slim

# 1. Every dependency (dev ones too), then the web app (apps/web/dist) and the server bundle
#    (apps/server/dist: server.js with @parley/contracts inlined, parse-worker.js that reads knowledge files, the SQL migrations,
#    and pglite-base.tar, the migrated database a new embedded one starts from).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages/contracts packages/contracts
COPY apps/server apps/server
COPY apps/web apps/web
RUN npm run build

# 2. The server workspace's production dependencies alone (no web, no build or test tools).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --workspace @parley/server --no-audit --no-fund \
  && rm apps/web/package.json \
  && npm cache clean --force

# 3. What runs: node_modules from (2), the two builds from (1).
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app ./
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# the bundled texts of /usage, /private and /aboutUs (SITE_CONTENT_DIR may point elsewhere)
COPY apps/server/content apps/server/content
# Only the embedded database (no DATABASE_URL) writes files, under DATA_DIR.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node is PID 1 here: server.ts handles SIGTERM itself (graceful shutdown within SHUTDOWN_TIMEOUT_MS).
# Node's flags are scripts/server-node-flags.mjs (which says why each); its test keeps them equal.
CMD ["node", "--enable-source-maps", "--max-semi-space-size=16", "--liftoff-only", "apps/server/dist/server.js"]
