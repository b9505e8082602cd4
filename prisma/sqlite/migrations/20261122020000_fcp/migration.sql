-- CreateTable
CREATE TABLE "fcp" (
    "fcp_id" TEXT NOT NULL PRIMARY KEY,
    "assigner_id" TEXT NOT NULL DEFAULT '',
    "connections" INTEGER NOT NULL DEFAULT 0,
    "reserved" INTEGER NOT NULL DEFAULT 0,
    "wwpn_npiv" TEXT NOT NULL DEFAULT '',
    "wwpn_phy" TEXT NOT NULL DEFAULT '',
    "chpid" TEXT NOT NULL DEFAULT '',
    "pchid" TEXT NOT NULL DEFAULT '',
    "state" TEXT NOT NULL DEFAULT '',
    "owner" TEXT NOT NULL DEFAULT '',
    "tmpl_id" TEXT NOT NULL DEFAULT ''
);

-- CreateTable
CREATE TABLE "template" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "is_default" BOOLEAN NOT NULL DEFAULT false,
    "min_fcp_paths_count" INTEGER NOT NULL DEFAULT -1,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "template_fcp_mapping" (
    "fcp_id" TEXT NOT NULL,
    "tmpl_id" TEXT NOT NULL,
    "path" INTEGER NOT NULL,

    PRIMARY KEY ("fcp_id", "tmpl_id")
);

-- CreateTable
CREATE TABLE "template_sp_mapping" (
    "sp_name" TEXT NOT NULL PRIMARY KEY,
    "tmpl_id" TEXT NOT NULL
);

-- CreateIndex
CREATE INDEX "fcp_assigner_id_idx" ON "fcp"("assigner_id");

-- CreateIndex
CREATE INDEX "fcp_tmpl_id_idx" ON "fcp"("tmpl_id");

-- CreateIndex
CREATE INDEX "template_fcp_mapping_tmpl_id_idx" ON "template_fcp_mapping"("tmpl_id");

-- CreateIndex
CREATE INDEX "template_sp_mapping_tmpl_id_idx" ON "template_sp_mapping"("tmpl_id");

