# One image per app, from one build. `docker compose up --build` uses the api, worker and web targets.
# The Node of package.json's "node" devDependency, the one npm start and npm test run on (docs/decisions/049).
FROM node:22.23.3-bookworm-slim AS build
WORKDIR /app
ENV PUPPETEER_SKIP_DOWNLOAD=1
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/worker/package.json apps/worker/
COPY apps/web/package.json apps/web/
COPY apps/web/server/package.json apps/web/server/
COPY apps/admin/package.json apps/admin/
COPY libs/contracts/package.json libs/contracts/
COPY libs/server/config/package.json libs/server/config/
COPY libs/server/database/package.json libs/server/database/
COPY libs/server/queue/package.json libs/server/queue/
COPY libs/server/phone/package.json libs/server/phone/
COPY libs/server/backup/package.json libs/server/backup/
COPY libs/server/metrics/package.json libs/server/metrics/
RUN npm install --no-audit --no-fund
COPY . .
RUN npx nx run-many -t build && npm prune --omit=dev --no-audit --no-fund

FROM node:22.23.3-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/libs ./libs

FROM runtime AS api
COPY --from=build /app/apps/api ./apps/api
USER node
EXPOSE 3001
CMD ["node", "apps/api/dist/main.js"]

FROM runtime AS worker
# The crawl worker drives Debian's Chromium through puppeteer-core; its daily backup runs pg_dump, of the compose
# PostgreSQL's major (docs/product/backups.md), into /backups, a volume the node user owns.
RUN apt-get update && apt-get install -y --no-install-recommends chromium fonts-noto-cjk postgresql-client-15 && rm -rf /var/lib/apt/lists/* \
  && mkdir /backups && chown node:node /backups
ENV CHROMIUM_PATH=/usr/bin/chromium PG_BIN_DIR=/usr/lib/postgresql/15/bin
COPY --from=build /app/apps/worker ./apps/worker
USER node
CMD ["node", "apps/worker/dist/main.js"]

FROM runtime AS web
# The Remix build (apps/web/build) and the server that serves it (apps/web/server/dist).
COPY --from=build /app/apps/web ./apps/web
COPY --from=build /app/apps/admin/dist ./apps/admin/dist
USER node
EXPOSE 3000
CMD ["node", "apps/web/server/dist/main.js"]
