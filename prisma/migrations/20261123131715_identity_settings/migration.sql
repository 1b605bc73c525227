-- AlterTable
ALTER TABLE "Developer" ADD COLUMN     "sessionVersion" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Domain" ADD COLUMN     "createdByApplicationId" UUID;

-- AlterTable
ALTER TABLE "Application" ADD COLUMN     "displayName" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "requireSignedBodies" BOOLEAN NOT NULL DEFAULT false;

