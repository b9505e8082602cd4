-- Issue #29: the metrics count operations by kind and status at every scrape, and with this
-- index that is a scan of the index alone (12 ms at 100,000 rows on SQLite, against 153 ms).
-- No semicolon in these comments: the migration engine splits the script at each one.
-- DropIndex
DROP INDEX "operations_kind_idx";

-- CreateIndex
CREATE INDEX "operations_kind_status_idx" ON "operations"("kind", "status");
