# syntax=docker/dockerfile:1
#
# One image for the API, the release step (npm run db:migrate) and the offline Auth emulator, and
# a second target, `proxy`, that is nginx with the built SPA. See docs/deploy.md and compose.yaml.
#
#   docker build -t bidwright .                  the API image
#   docker build --target proxy -t bidwright-proxy .

FROM node:20-bookworm-slim AS app
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false

COPY package.json package-lock.json ./
RUN npm ci

COPY . .

# The SPA reads its PUBLIC_* settings at build time; they end up in the browser and are not
# secrets. Empty values keep the build's defaults. Local .env files are not copied (.dockerignore).
ARG PUBLIC_FIREBASE_API_KEY=
ARG PUBLIC_FIREBASE_AUTH_DOMAIN=
ARG PUBLIC_FIREBASE_PROJECT_ID=
ARG PUBLIC_FIREBASE_AUTH_EMULATOR_HOST=
ARG PUBLIC_API_URL=
ARG PUBLIC_LOCAL_API_PORT=
RUN npx rsbuild build \
 && node --import tsx scripts/spa-headers.ts --root dist --out /app/security-headers.conf \
 && npm run build:server

# Written files (PGlite when DATABASE_URL is unset, uploads, the emulator's accounts) go under
# /data, owned by the runtime user; the source tree stays read-only to it. The folders exist in
# the image so a volume mounted on them starts with that owner.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=5050 \
    DATA_DIR=/data
RUN mkdir -p /data/uploads /data/firebase-emulator && chown -R node:node /data
USER node
EXPOSE 5050

# The API from its bundle (build/server/main.mjs, no TypeScript loader), so a restarted replica is
# ready in seconds. Node receives SIGTERM itself, so a stopping container drains its requests
# before it exits.
CMD ["node", "--enable-source-maps", "build/server/main.mjs"]

FROM nginx:1.27-bookworm AS proxy
COPY deploy/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=app /app/security-headers.conf /etc/nginx/snippets/security-headers.conf
COPY --from=app /app/dist /usr/share/nginx/html
EXPOSE 8080
