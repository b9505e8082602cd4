-- Completion callbacks (issue #27): subscriptions, per-request callback URLs, the outbox,
-- deliveries and the service's own secrets.

-- CreateTable
CREATE TABLE "webhook_subscriptions" (
    "id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT NOT NULL,
    "kinds" TEXT NOT NULL DEFAULT '[]',
    "userids" TEXT NOT NULL DEFAULT '[]',
    "secret" TEXT NOT NULL,
    "previous_secret" TEXT,
    "previous_until" TIMESTAMP(3),
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "disabled_reason" TEXT,
    "failing_since" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "webhook_subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "operation_callbacks" (
    "operation_id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "operation_callbacks_pkey" PRIMARY KEY ("operation_id")
);

-- CreateTable
CREATE TABLE "webhook_outbox" (
    "operation_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_outbox_pkey" PRIMARY KEY ("operation_id","status")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" TEXT NOT NULL,
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
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "service_secrets" (
    "name" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "previous_secret" TEXT,
    "previous_until" TIMESTAMP(3),
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "service_secrets_pkey" PRIMARY KEY ("name")
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
-- someone listens: an enabled subscription, or the operation's own Callback-URL. Timestamps
-- are UTC wall-clock, as Prisma writes them. The body is an E'' string whose semicolons are
-- written \073: Prisma's pg adapter splits a migration at every semicolon, quoted or not.
CREATE FUNCTION "webhook_outbox_on_end"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF EXISTS (SELECT 1 FROM "webhook_subscriptions" WHERE "enabled")
    OR EXISTS (SELECT 1 FROM "operation_callbacks" WHERE "operation_id" = NEW."id") THEN
    INSERT INTO "webhook_outbox" ("operation_id", "status", "created_at")
      VALUES (NEW."id", NEW."status", (now() AT TIME ZONE ''UTC''))
      ON CONFLICT DO NOTHING\073
  END IF\073
  RETURN NULL\073
END
';

CREATE TRIGGER "operations_webhook_outbox" AFTER UPDATE OF "status" ON "operations"
FOR EACH ROW
WHEN (NEW."status" IN ('succeeded', 'failed', 'cancelled', 'needs_attention')
  AND NEW."status" IS DISTINCT FROM OLD."status")
EXECUTE FUNCTION "webhook_outbox_on_end"();
