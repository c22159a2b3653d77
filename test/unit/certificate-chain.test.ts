// The chain rules of src/lib/x509/certificate-chain.ts on certificates openssl makes (test/support/test-ca.ts): the
// path length of a CA, a critical extension nobody here understands, a chain ending in a trust anchor or one signed
// by it, and the root left out of x5c. The common refusals are in test/integration/issuer-certificates.test.ts.
import { describe, expect, it } from 'vitest';
import { checkCertificateChain, withoutTrustAnchor } from '../../src/lib/x509/certificate-chain.js';
import { decodeCertificates } from '../../src/lib/x509/x509.library.js';
import { CA_EXTENSIONS, foreignCsr, LEAF_EXTENSIONS, makeTestCa } from '../support/test-ca.js';

const ca = makeTestCa('Unit Root CA');
const now = new Date();
const certs = (...pems: string[]) => decodeCertificates(pems);

describe('checkCertificateChain', () => {
  it('refuses a CA below one whose pathLenConstraint is 0', async () => {
    const first = ca.authority('Path Zero CA', ca.root, [
      'basicConstraints=critical,CA:TRUE,pathlen:0',
      'keyUsage=critical,keyCertSign',
    ]);
    const second = ca.authority('Below CA', first, CA_EXTENSIONS);
    const leaf = ca.sign(foreignCsr(ca, 'Leaf'), second);
    await expect(checkCertificateChain(certs(leaf, second.pem, first.pem), { now })).rejects.toMatchObject({
      check: 'ca',
      detail: 'certificate 3 (CN=Path Zero CA) allows 0 CA certificate(s) below it, the chain has 1',
    });
  });

  it('refuses a critical extension it does not understand', async () => {
    const leaf = ca.sign(foreignCsr(ca, 'Odd Leaf'), ca.root, {
      extensions: [...LEAF_EXTENSIONS, '1.3.6.1.4.1.99999.1=critical,ASN1:UTF8String:odd'],
    });
    await expect(checkCertificateChain(certs(leaf), { now })).rejects.toMatchObject({
      check: 'critical_extension',
      detail: 'certificate 1 (CN=Odd Leaf) has a critical extension 1.3.6.1.4.1.99999.1 not supported here',
    });
  });

  it('finds the anchor a chain ends in, included or not, and refuses one it does not reach', async () => {
    const leaf = ca.sign(foreignCsr(ca, 'Anchored Leaf'), ca.root);
    const [root] = certs(ca.root.pem);
    expect((await checkCertificateChain(certs(leaf), { now, anchors: [root!] })).anchor?.subject).toBe(
      'CN=Unit Root CA',
    );
    expect((await checkCertificateChain(certs(leaf, ca.root.pem), { now, anchors: [root!] })).anchor).toBe(root);
    const other = certs(makeTestCa('Other Root').root.pem);
    await expect(checkCertificateChain(certs(leaf), { now, anchors: other })).rejects.toMatchObject({
      check: 'trust_anchor',
    });
    // Valid today, expired by then: validity is judged at the time given.
    await expect(
      checkCertificateChain(certs(leaf), { now: new Date(Date.now() + 10 * 86_400_000) }),
    ).rejects.toMatchObject({
      check: 'validity',
    });
  });
});

describe('withoutTrustAnchor', () => {
  it('drops a self-signed root at the end (HAIP 1.0 §6.1.1), and nothing else', async () => {
    const intermediate = ca.authority('Kept CA', ca.root);
    const leaf = ca.sign(foreignCsr(ca, 'Kept Leaf'), intermediate);
    const subjects = async (...pems: string[]) => (await withoutTrustAnchor(certs(...pems))).map((c) => c.subject);
    expect(await subjects(leaf, intermediate.pem, ca.root.pem)).toEqual(['CN=Kept Leaf', 'CN=Kept CA']);
    expect(await subjects(leaf, intermediate.pem)).toEqual(['CN=Kept Leaf', 'CN=Kept CA']);
    expect(await subjects(ca.root.pem)).toEqual(['CN=Unit Root CA']);
  });
});
