// A certificate authority and a server certificate made at test time with openssl, so TLS tests
// run against a chain the client has to verify (never a disabled check).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Certificates {
  /** PEM of the CA that signed `cert`: what a client trusts (NODE_EXTRA_CA_CERTS, or `ca`). */
  ca: string;
  /** PEM of the server certificate, valid for the names given. */
  cert: string;
  key: string;
}

const openssl = (cwd: string, args: string[]) =>
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });

/** A fresh CA and a server certificate for `names` (DNS names or IP addresses), valid one day. */
export function makeCertificates(names: readonly string[]): Certificates {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dba-certs-'));
  try {
    const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
    openssl(dir, [
      'req',
      '-x509',
      ...ec,
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-days',
      '1',
      '-subj',
      '/CN=desktop-build-action test CA',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ]);
    openssl(dir, [
      'req',
      '-new',
      ...ec,
      '-keyout',
      'server.key',
      '-out',
      'server.csr',
      '-subj',
      `/CN=${names[0]}`,
    ]);
    const altNames = names.map((name) => (/^[\d.]+$|:/.test(name) ? `IP:${name}` : `DNS:${name}`));
    writeFileSync(
      path.join(dir, 'server.ext'),
      `subjectAltName=${altNames.join(',')}\nextendedKeyUsage=serverAuth\nbasicConstraints=CA:FALSE\n`,
    );
    openssl(dir, [
      'x509',
      '-req',
      '-in',
      'server.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'server.pem',
      '-days',
      '1',
      '-extfile',
      'server.ext',
    ]);
    const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');
    return { ca: read('ca.pem'), cert: read('server.pem'), key: read('server.key') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
