// BENCH_ONLY=openid: the OpenID4VCI and OpenID4VP rows (bench/oid4vci.ts, bench/oid4vp.ts), each beside the path it
// goes through, measured in the same run and judged by its ratio to it (OPENID_TARGETS in targets.ts).
// BENCH_ROWS=oid4vci or oid4vp: one protocol's rows. BENCH_OPENID_REQUESTS: the single-use requests made beforehand for
// each prepared row (default 600: 8-16 s of the credential or response endpoint on these machines, 2026-11-29).
import { benchOid4vci } from './oid4vci.js';
import { benchOid4vp } from './oid4vp.js';
import { ISSUING_TENANTS } from './issue.js';
import { OPENID_TARGETS, printRatioRows } from './targets.js';

const REQUESTS = Number(process.env.BENCH_OPENID_REQUESTS ?? 600);

export async function benchOpenid(url: string, options: { connections: number; seconds: number; pid?: number }) {
  const only = process.env.BENCH_ROWS;
  const run = { ...options, requests: REQUESTS };
  console.log(
    "CPU ms: the service process's CPU time per answer (or flow) over the row, which other processes on the host " +
      "do not inflate as they do the rates (on PostgreSQL the database's own CPU is not in it)",
  );
  const common = `${ISSUING_TENANTS} Enterprise tenants in turn, ${options.connections} requests in flight (node:http)`;
  if (!only || only === 'oid4vci') {
    const vci = await benchOid4vci(url, run);
    const [before, after] = vci.issue;
    const issueRate = (before.perSecond + after.perSecond) / 2;
    console.log(
      `OpenID4VCI, dc+sd-jwt with ES256 holder and DPoP keys (${common}); ratios to the issue rows' mean; ` +
        `${vci.prepared.count} credential requests made in ${vci.prepared.seconds.toFixed(1)} s beforehand:`,
    );
    printRatioRows([
      { name: 'POST /v1/credentials/issue dc+sd-jwt (cnf), before', result: before, base: issueRate },
      { name: 'POST /v1/credentials/issue dc+sd-jwt (cnf), after', result: after, base: issueRate },
      {
        name: 'POST /oid4vci/{slug}/credential (DPoP, one proof)',
        result: vci.credentialEndpoint,
        base: issueRate,
        target: OPENID_TARGETS.credentialEndpoint,
      },
      { name: 'offer → token (DPoP) → nonce → credential, flows', result: vci.flow, base: issueRate },
    ]);
  }
  if (!only || only === 'oid4vp') {
    const rows = await benchOid4vp(url, run);
    console.log(
      `OpenID4VP, direct_post.jwt (${common}); each answer beside verify of the same credential; ` +
        `${REQUESTS} answers made beforehand:`,
    );
    printRatioRows(
      rows.flatMap(({ format, verify, response }) => [
        { name: `POST /v1/credentials/verify ${format}`, result: verify, base: verify.perSecond },
        {
          name: `POST /oid4vp/responses/{handle} ${format}`,
          result: response,
          base: verify.perSecond,
          target: OPENID_TARGETS.presentationResponse,
        },
      ]),
    );
  }
}
