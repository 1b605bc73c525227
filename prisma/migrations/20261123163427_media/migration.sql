-- CreateTable
CREATE TABLE "MediaFolder" (
    "id" UUID NOT NULL,
    "domainId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "createdByUserId" UUID,
    "createdByApplicationId" UUID,
    "createdWith" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "hasAcl" BOOLEAN NOT NULL DEFAULT false,
    "readUsers" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "writeUsers" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "readApps" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "writeApps" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "ownerUserId" UUID,

    CONSTRAINT "MediaFolder_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MediaFile" (
    "id" UUID NOT NULL,
    "folderId" UUID NOT NULL,
    "domainId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "createdByUserId" UUID,
    "createdByApplicationId" UUID,
    "createdWith" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "hasAcl" BOOLEAN NOT NULL DEFAULT false,
    "readUsers" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "writeUsers" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "readApps" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "writeApps" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "blobKey" TEXT,
    "size" INTEGER NOT NULL DEFAULT 0,
    "sha256" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "dest" TEXT,
    "startTime" TIMESTAMP(3),

    CONSTRAINT "MediaFile_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "MediaFolder_domainId_name_key" ON "MediaFolder"("domainId", "name");

-- CreateIndex
CREATE INDEX "MediaFile_domainId_idx" ON "MediaFile"("domainId");

-- CreateIndex
CREATE UNIQUE INDEX "MediaFile_folderId_name_key" ON "MediaFile"("folderId", "name");

-- AddForeignKey
ALTER TABLE "MediaFile" ADD CONSTRAINT "MediaFile_folderId_fkey" FOREIGN KEY ("folderId") REFERENCES "MediaFolder"("id") ON DELETE CASCADE ON UPDATE CASCADE;

