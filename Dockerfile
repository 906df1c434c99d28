# The portal as one image: the API compiled to one JavaScript module and the built web app, run by Node 20
# (docs/decisions/0031).
# docker build -t portal . ; see compose.yaml for PostgreSQL, S3 storage, two instances and a proxy.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# Manifests first, so that the dependency layer is reused while only sources change.
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages/contracts ./packages/contracts
COPY --from=build /app/apps/server ./apps/server
COPY --from=build /app/apps/web/dist ./apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Liveness only: readiness (/readyz) is for the load balancer, which must see it fail while an instance drains.
HEALTHCHECK --interval=10s --timeout=3s CMD ["node", "-e", "fetch('http://127.0.0.1:3000/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
WORKDIR /app/apps/server
# Two malloc arenas, as npm start runs the server (scripts/server-process.mjs): about 10 MB less at idle.
ENV MALLOC_ARENA_MAX=2
# node runs as PID 1 here and gets SIGTERM itself: the portal drains (SHUTDOWN_DRAIN_MS) and exits 0.
CMD ["node", "dist/main.js"]
