-- Issue #59: an operation retried (POST /operations/{id}/retry) is linked both ways with its
-- retry, and each operator's resolve of a needs_attention operation is kept on it.
-- No semicolon in these comments: the migration engine splits the script at each one.
-- AlterTable
ALTER TABLE "operations" ADD COLUMN "retry_of" TEXT;
ALTER TABLE "operations" ADD COLUMN "retried_by" TEXT;
ALTER TABLE "operations" ADD COLUMN "resolutions" TEXT NOT NULL DEFAULT '[]';

-- CreateIndex
CREATE INDEX "operations_request_id_idx" ON "operations"("request_id");
