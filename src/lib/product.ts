// The product's one name, for every place the service names itself (the OpenAPI document's title, GraphiQL's
// page). The README's title and the dashboard (web/src/vocabulary.ts) say the same; test/unit/dashboard-
// vocabulary.test.ts holds them together.
export const PRODUCT_NAME = 'Credential service';
