-- Issue #26: who asked for each operation, from where, and the ids that tie it to its logs and trace.
-- AlterTable
ALTER TABLE "operations" ADD COLUMN "requested_by" TEXT;
ALTER TABLE "operations" ADD COLUMN "client_address" TEXT;
ALTER TABLE "operations" ADD COLUMN "user_agent" TEXT;
ALTER TABLE "operations" ADD COLUMN "request_id" TEXT;
ALTER TABLE "operations" ADD COLUMN "trace_id" TEXT;

-- CreateIndex
CREATE INDEX "operations_requested_by_created_at_idx" ON "operations"("requested_by", "created_at");
