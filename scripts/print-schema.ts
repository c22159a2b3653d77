// Writes the GraphQL schema as SDL to src/graphql/schema.graphql (read by codegen.yml; a test keeps it in
// sync with the code).
import { writeFile } from 'node:fs/promises';
import { printedSchema } from '../src/graphql/schema.js';

const target = new URL('../src/graphql/schema.graphql', import.meta.url);
await writeFile(target, printedSchema());
console.log(`wrote ${target.pathname}`);
