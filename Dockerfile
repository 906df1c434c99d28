# The portal as one image: the API and the operator commands compiled to JavaScript and the built web app, run by
# Node.js 24, the current LTS line (docs/decisions/0031, 0047). Development and CI may use Node 20.19 or later.
# docker build -t portal . ; see compose.yaml for PostgreSQL, S3 storage, two instances and a proxy.

FROM node:24-bookworm-slim AS build
WORKDIR /app
# Manifests first, so that the dependency layer is reused while only sources change.
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
# --omit=optional as well: npm keeps a development tool that a runtime package names as an optional peer (better-auth
# names vitest, which brings vite, esbuild and tsx), and nothing the portal runs needs an optional package.
RUN npm run build && npm prune --omit=dev --omit=optional --no-audit --no-fund

FROM node:24-bookworm-slim
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
# Operator commands run compiled too, without a TypeScript compiler in the image:
#   docker compose exec portal-1 npm run portal -- create-staff ops@example.com
CMD ["node", "dist/main.js"]
