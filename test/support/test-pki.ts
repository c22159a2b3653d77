// A certificate authority of the test's own and a server certificate it signs, made with the openssl CLI:
// HTTPS servers on loopback that a service trusts only when told to (NODE_EXTRA_CA_CERTS=caFile), as a
// deployment trusts a private PKI. Valid for a day; nothing is reused between runs.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type TestPki = {
  /** PEM of the CA certificate, and the file holding it. */
  caPem: string;
  caFile: string;
  /** PEM key and certificate of a server named `names` (DNS names or IP addresses). */
  key: string;
  cert: string;
};

export function makeTestPki(names: string[]): TestPki {
  const dir = mkdtempSync(path.join(tmpdir(), 'test-pki-'));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const p256 = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  openssl(
    'req',
    '-x509',
    ...p256,
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.pem'),
    '-days',
    '1',
    '-subj',
    '/CN=credential-service test CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  );
  openssl('req', ...p256, '-keyout', file('server.key'), '-out', file('server.csr'), '-subj', `/CN=${names[0]}`);
  const san = names.map((name) => (/^[0-9.]+$|:/.test(name) ? `IP:${name}` : `DNS:${name}`)).join(',');
  writeFileSync(file('server.ext'), `subjectAltName=${san}\nextendedKeyUsage=serverAuth\n`);
  openssl(
    'x509',
    '-req',
    '-in',
    file('server.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-out',
    file('server.pem'),
    '-days',
    '1',
    '-extfile',
    file('server.ext'),
  );
  return {
    caPem: readFileSync(file('ca.pem'), 'utf8'),
    caFile: file('ca.pem'),
    key: readFileSync(file('server.key'), 'utf8'),
    cert: readFileSync(file('server.pem'), 'utf8'),
  };
}
