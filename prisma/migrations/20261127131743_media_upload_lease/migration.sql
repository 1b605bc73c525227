-- AlterTable
ALTER TABLE "MediaFile" ADD COLUMN     "uploadBlobKey" TEXT,
ADD COLUMN     "uploadLeaseUntil" TIMESTAMP(3),
ADD COLUMN     "uploadReserved" INTEGER NOT NULL DEFAULT 0;

