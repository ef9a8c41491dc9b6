# One image for the migration, the API (which serves the console) and the worker; the command picks which runs.
# The workspaces' manifests, from which both installs below start: the install layers are reused while only sources change.
FROM node:20-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY workflows/package.json workflows/
COPY migrations/package.json migrations/
COPY services/core/package.json services/core/
COPY services/api/package.json services/api/
COPY services/worker/package.json services/worker/
COPY services/detector/package.json services/detector/
COPY console/package.json console/

FROM manifests AS build
RUN npm ci
COPY . .
# The modules go: the image takes those of the next stage instead.
RUN npm run build && rm -rf node_modules */node_modules services/*/node_modules

# The packages the services and their commands need to run, and no more: not the console's (it is served as the files
# it was built into), the development tools, or the embedded PostgreSQL that `npm run up` falls back on.
FROM manifests AS modules
RUN npm ci --omit=dev --include-workspace-root=false -w workflows -w migrations -w services/core -w services/api -w services/worker -w services/detector

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
# Debian's ffmpeg package: the worker decodes imported videos into frames with ffprobe and ffmpeg.
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg && rm -rf /var/lib/apt/lists/*
COPY --from=build /app /app
COPY --from=modules /app /app
# A named volume mounted here takes this folder's owner, so the unprivileged user can write batch data.
RUN mkdir -p /var/annot/storage /var/annot/import && chown node:node /var/annot/storage
USER node
EXPOSE 3000
CMD ["node", "services/api/dist/main.js"]
