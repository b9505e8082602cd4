// Helpers for tests and benches (`#persistence/testing`): never imported by the service itself.
export { tempSqlite, type TempSqlite } from './temp-sqlite.js';
export { tempPostgres } from './temp-postgres.js';
export { ageOperation } from './age-operation.js';
// For benches that measure Prisma's own model API beside the repositories.
export { PrismaService } from '../prisma.service.js';
export { databaseClosed } from './database-closed.js';
