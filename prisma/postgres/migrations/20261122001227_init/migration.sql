-- CreateTable
CREATE TABLE "guests" (
    "id" TEXT NOT NULL,
    "userid" TEXT NOT NULL,
    "metadata" TEXT NOT NULL DEFAULT '',
    "net_set" INTEGER NOT NULL DEFAULT 0,
    "comments" TEXT NOT NULL DEFAULT '{}',
    "migrated" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "guests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "operations" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "queue" TEXT NOT NULL,
    "target" TEXT,
    "status" TEXT NOT NULL,
    "request" TEXT NOT NULL,
    "steps" TEXT NOT NULL DEFAULT '[]',
    "progress" INTEGER NOT NULL DEFAULT 0,
    "response" TEXT,
    "http_status" INTEGER,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "idempotency_key" TEXT,
    "request_hash" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMP(3),
    "finished_at" TIMESTAMP(3),
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "operations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "guests_userid_key" ON "guests"("userid");

-- CreateIndex
CREATE UNIQUE INDEX "operations_idempotency_key_key" ON "operations"("idempotency_key");

-- CreateIndex
CREATE INDEX "operations_target_created_at_idx" ON "operations"("target", "created_at");

-- CreateIndex
CREATE INDEX "operations_status_idx" ON "operations"("status");

-- CreateIndex
CREATE INDEX "operations_kind_idx" ON "operations"("kind");

-- CreateIndex
CREATE INDEX "operations_created_at_idx" ON "operations"("created_at");

