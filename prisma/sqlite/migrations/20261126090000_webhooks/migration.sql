-- Completion callbacks (issue #27): subscriptions, per-request callback URLs, the outbox,
-- deliveries and the service's own secrets.

-- CreateTable
CREATE TABLE "webhook_subscriptions" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "url" TEXT NOT NULL,
    "events" TEXT NOT NULL,
    "kinds" TEXT NOT NULL DEFAULT '[]',
    "userids" TEXT NOT NULL DEFAULT '[]',
    "secret" TEXT NOT NULL,
    "previous_secret" TEXT,
    "previous_until" DATETIME,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "disabled_reason" TEXT,
    "failing_since" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "operation_callbacks" (
    "operation_id" TEXT NOT NULL PRIMARY KEY,
    "url" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "webhook_outbox" (
    "operation_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("operation_id", "status")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "subscription_id" TEXT,
    "operation_id" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "url" TEXT,
    "payload" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_status_code" INTEGER,
    "last_error" TEXT,
    "last_latency_ms" INTEGER,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    "finished_at" DATETIME
);

-- CreateTable
CREATE TABLE "service_secrets" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "secret" TEXT NOT NULL,
    "previous_secret" TEXT,
    "previous_until" DATETIME,
    "updated_at" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "webhook_subscriptions_enabled_idx" ON "webhook_subscriptions"("enabled");

-- CreateIndex
CREATE INDEX "webhook_outbox_created_at_idx" ON "webhook_outbox"("created_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_subscription_id_created_at_idx" ON "webhook_deliveries"("subscription_id", "created_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_status_created_at_idx" ON "webhook_deliveries"("status", "created_at");

-- The outbox row of an ending is written by the very statement that ends the operation (any
-- statement: the settler's, the runner's, a cancel's), so a crash after it cannot lose the
-- delivery and the workers' relay turns each row into delivery jobs idempotently. Only when
-- someone listens: an enabled subscription, or the operation's own Callback-URL.
CREATE TRIGGER "operations_webhook_outbox" AFTER UPDATE OF "status" ON "operations"
FOR EACH ROW
WHEN NEW."status" IN ('succeeded', 'failed', 'cancelled', 'needs_attention')
  AND NEW."status" IS NOT OLD."status"
  AND (EXISTS (SELECT 1 FROM "webhook_subscriptions" WHERE "enabled" = 1)
    OR EXISTS (SELECT 1 FROM "operation_callbacks" WHERE "operation_id" = NEW."id"))
BEGIN
  INSERT OR IGNORE INTO "webhook_outbox" ("operation_id", "status") VALUES (NEW."id", NEW."status");
END;
