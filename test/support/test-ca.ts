// A certificate authority of the test's own, run with the openssl CLI (`openssl req`, `openssl ca`): an
// implementation independent of the service's (@peculiar/x509 on WebCrypto) signs what the service asks for and
// checks what it sends. A root, authorities under it, and certificates with any extensions and dates (`openssl ca`
// takes explicit start and end dates, so an expired certificate is one call).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type Authority = { name: string; pem: string; keyFile: string; certFile: string };

export type CertificateOptions = {
  /** openssl extension lines, e.g. ['basicConstraints=critical,CA:FALSE', 'keyUsage=critical,digitalSignature']. */
  extensions: string[];
  /** openssl ca dates (YYYYMMDDHHMMSSZ); default: from an hour ago for a day. */
  startDate?: string;
  endDate?: string;
};

export const LEAF_EXTENSIONS = ['basicConstraints=critical,CA:FALSE', 'keyUsage=critical,digitalSignature'];
export const CA_EXTENSIONS = ['basicConstraints=critical,CA:TRUE', 'keyUsage=critical,keyCertSign,cRLSign'];

const stamp = (date: Date) => date.toISOString().replace(/[-:T]/g, '').slice(0, 14) + 'Z';

export type TestCa = {
  root: Authority;
  dir: string;
  /** Signs a PKCS#10 request (PEM) as `by`, copying its subject and requested extensions (its SAN). */
  sign(csrPem: string, by: Authority, options?: Partial<CertificateOptions>): string;
  /** A new key and certificate named `name`, issued by `by` (itself when null: self-signed). */
  authority(name: string, by: Authority | null, extensions?: string[]): Authority;
  /** `openssl verify` of `leafPem` with `untrusted` intermediates against this root: true when it says OK. */
  verifies(leafPem: string, untrusted: string[]): boolean;
};

export function makeTestCa(rootName = 'Test Root CA'): TestCa {
  const dir = mkdtempSync(path.join(tmpdir(), 'test-ca-'));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) =>
    execFileSync('openssl', args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString('utf8');
  writeFileSync(file('index.txt'), '');
  let count = 0;
  const p256 = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];

  function issue(csrFile: string, by: Authority, options: CertificateOptions): string {
    const id = ++count;
    const config = file(`ca-${id}.cnf`);
    writeFileSync(
      config,
      [
        '[ca]',
        'default_ca = test',
        '[test]',
        `database = ${file('index.txt')}`,
        `new_certs_dir = ${dir}`,
        'rand_serial = yes',
        'default_md = sha256',
        'policy = any',
        'unique_subject = no',
        'preserve = yes',
        'copy_extensions = copy',
        '[any]',
        'countryName = optional',
        'organizationName = optional',
        'commonName = supplied',
        '[extensions]',
        ...options.extensions,
      ].join('\n'),
    );
    const out = file(`cert-${id}.pem`);
    const now = Date.now();
    openssl(
      'ca',
      '-batch',
      '-notext',
      '-config',
      config,
      '-cert',
      by.certFile,
      '-keyfile',
      by.keyFile,
      '-in',
      csrFile,
      '-out',
      out,
      '-extensions',
      'extensions',
      '-startdate',
      options.startDate ?? stamp(new Date(now - 3_600_000)),
      '-enddate',
      options.endDate ?? stamp(new Date(now + 86_400_000)),
    );
    return readFileSync(out, 'utf8');
  }

  function authority(name: string, by: Authority | null, extensions = CA_EXTENSIONS): Authority {
    const id = ++count;
    const keyFile = file(`key-${id}.pem`);
    const certFile = file(`authority-${id}.pem`);
    if (by === null) {
      openssl(
        'req',
        '-x509',
        ...p256,
        '-keyout',
        keyFile,
        '-out',
        certFile,
        '-days',
        '2',
        '-subj',
        `/CN=${name}`,
        ...extensions.flatMap((line) => ['-addext', line]),
      );
    } else {
      const csrFile = file(`authority-${id}.csr`);
      openssl('req', ...p256, '-keyout', keyFile, '-out', csrFile, '-subj', `/CN=${name}`);
      writeFileSync(certFile, issue(csrFile, by, { extensions }));
    }
    return { name, pem: readFileSync(certFile, 'utf8'), keyFile, certFile };
  }

  const root = authority(rootName, null);
  return {
    root,
    dir,
    sign(csrPem, by, options = {}) {
      const csrFile = file(`request-${++count}.csr`);
      writeFileSync(csrFile, csrPem);
      return issue(csrFile, by, { extensions: options.extensions ?? LEAF_EXTENSIONS, ...options });
    },
    authority,
    verifies(leafPem, untrusted) {
      const leafFile = file(`check-${++count}.pem`);
      const chainFile = file(`untrusted-${count}.pem`);
      writeFileSync(leafFile, leafPem);
      writeFileSync(chainFile, untrusted.join('\n'));
      try {
        const args = [
          'verify',
          '-CAfile',
          root.certFile,
          ...(untrusted.length ? ['-untrusted', chainFile] : []),
          leafFile,
        ];
        return openssl(...args)
          .trim()
          .endsWith(': OK');
      } catch {
        return false;
      }
    },
  };
}

/** A PKCS#10 request for a fresh P-256 key made by openssl (a key that is not the DID's). */
export function foreignCsr(ca: TestCa, commonName: string): string {
  const keyFile = path.join(ca.dir, `foreign-${commonName.replace(/\W/g, '')}.key`);
  return execFileSync(
    'openssl',
    [
      'req',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      keyFile,
      '-subj',
      `/CN=${commonName}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  ).toString('utf8');
}
