-- AlterTable
ALTER TABLE "Application" ADD COLUMN     "allowJsonTunnel" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "callbackUrlPrefixes" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "legacyOAuth10" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "serviceProvider" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "RequestToken" ADD COLUMN     "legacy" BOOLEAN NOT NULL DEFAULT false;

