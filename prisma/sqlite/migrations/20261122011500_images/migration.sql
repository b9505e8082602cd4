-- CreateTable
CREATE TABLE "images" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "imagename" TEXT NOT NULL,
    "imageosdistro" TEXT NOT NULL,
    "md5sum" TEXT NOT NULL,
    "disk_size_units" TEXT NOT NULL,
    "image_size_in_bytes" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "comments" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "images_imagename_key" ON "images"("imagename");
