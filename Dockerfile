# One image for every service; APP chooses which one a container runs (see docker-compose.yml).
FROM node:22-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-fund --no-audit
# Only what the build reads, so the context's node_modules, dist and .data never reach the image.
COPY tsconfig.base.json .swcrc ./
COPY tools ./tools
COPY libs ./libs
COPY apps ./apps
COPY bench ./bench
RUN npm run build && npm prune --omit=dev

FROM node:22-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
USER node
# exec: node becomes PID 1 and receives SIGTERM from `docker stop` for a graceful shutdown.
CMD exec node --enable-source-maps "dist/apps/${APP:?set APP to the service to run}/src/main.js"
