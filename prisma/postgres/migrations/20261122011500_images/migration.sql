-- CreateTable
CREATE TABLE "images" (
    "id" TEXT NOT NULL,
    "imagename" TEXT NOT NULL,
    "imageosdistro" TEXT NOT NULL,
    "md5sum" TEXT NOT NULL,
    "disk_size_units" TEXT NOT NULL,
    "image_size_in_bytes" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "comments" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "images_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "images_imagename_key" ON "images"("imagename");
