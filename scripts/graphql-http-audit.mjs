// Runs the graphql-http package's GraphQL-over-HTTP server audits against a running Rout server and
// prints one JSON line: {"results":[{"name":...,"status":"ok"|"warn"|"error","reason":...}]}.
// Usage: node graphql-http-audit.mjs http://127.0.0.1:8080/graphql
// The package is resolved from NODE_PATH (the test installs it there).
import { createRequire } from 'node:module';

const require = createRequire(process.env.NODE_PATH.split(':')[0] + '/');
const { serverAudits } = require('graphql-http');

const url = process.argv[2];
const results = [];
for (const audit of serverAudits({ url, fetchFn: fetch })) {
  const r = await audit.fn();
  results.push({ name: audit.name, status: r.status, reason: r.reason ?? '' });
}
console.log(JSON.stringify({ results }));
