# One image for the three processes; docker-compose.yml picks the command.
FROM node:24-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run db:generate && npm run build

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production DATA_DIR=/data HOST=0.0.0.0 SIM_HOST=0.0.0.0
COPY --from=build /app /app
VOLUME /data
USER node
EXPOSE 8080 8090
CMD ["node", "dist/bundle/api.cjs"]
