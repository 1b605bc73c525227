-- AlterTable
ALTER TABLE "Application" ADD COLUMN     "eventNames" TEXT NOT NULL DEFAULT 'current';


-- Written by hand (Prisma does not model CHECK constraints): only the two namings the code knows.
ALTER TABLE "Application" ADD CONSTRAINT "Application_eventNames_known" CHECK ("eventNames" IN ('current', 'original'));
