# The service image, used by docker-compose.yml. Node 20, production dependencies only, compiled JS, run as
# the unprivileged `node` user with the embedded database's directory (/data) writable by it.
# test/integration/container.test.ts assembles the final stage's files the way the COPY lines below do and
# runs them, so a file the image needs and does not copy fails CI even where no Docker engine runs.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# postinstall runs both; the dashboard's build skips itself here (web/ is not copied yet) and runs below.
COPY scripts/prisma-generate.mjs scripts/web-build.ts scripts/
COPY prisma ./prisma
COPY prisma.config.ts ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY web ./web
RUN npm run build && npm run build:web && npm prune --omit=dev --ignore-scripts

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=8080 DATA_DIR=/data
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The dashboard's static files, served at /app (src/http/dashboard.ts finds web/dist beside package.json).
COPY --from=build /app/web/dist ./web/dist
COPY --from=build /app/package.json ./
COPY prisma/migrations ./prisma/migrations
# The embedded database and its key file live here when DATABASE_URL is unset: mount a volume on it.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 8080
# Liveness only (no dependency): orchestrators that also route traffic should probe /readyz for that.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node as PID 1 receives SIGTERM from `docker stop` and shuts down cleanly (src/main.ts).
CMD ["node", "--max-semi-space-size=32", "dist/src/main.js"]
