// Prisma CLI configuration (generate, and migrate on machines that have Prisma's engines).
// The service itself never reads this file: src/config.ts is the only reader of the environment.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/unused' },
});
