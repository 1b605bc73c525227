-- Prefix filters (filterOp=startsWith, and "value*" in filterOp=all) on users' text properties: a
-- b-tree range scan on the lower-cased value, which the users list's SQL queries as
-- lower(column) LIKE lower('prefix%'). The trigram indexes still serve contains and endsWith; for a
-- prefix that every row shares (bulk-0...), they read a posting list of the whole domain.
-- Prisma's schema cannot declare expression indexes, so they live here only (docs/performance.md).
CREATE INDEX "User_login_lower_prefix_idx" ON "User" (lower("login") text_pattern_ops);
CREATE INDEX "User_firstName_lower_prefix_idx" ON "User" (lower("firstName") text_pattern_ops);
CREATE INDEX "User_lastName_lower_prefix_idx" ON "User" (lower("lastName") text_pattern_ops);
