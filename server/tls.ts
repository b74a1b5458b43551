// The certificate and key of `carrom serve --tls-cert FILE --tls-key FILE` (docs/server.md §10): read,
// checked (each file is what it should be, and the key is the certificate's), and described for the
// log. Read at start, and again at SIGHUP: a pair that does not pass is refused with the reason, and
// the server keeps the pair it has.
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createSecureContext } from 'node:tls';

export interface TlsFiles {
  cert: string;
  key: string;
}

export interface TlsPair {
  cert: Buffer;
  key: Buffer;
  /** For the log: whom the certificate names, until when, and a warning when it has expired. */
  about: string;
}

/** A certificate or key that cannot be served, with the reason (the file's name and what is wrong). */
export class TlsError extends Error {}

/** Reads and checks the pair; a TlsError says what is wrong with which file. */
export async function loadTls(files: TlsFiles, now: Date = new Date()): Promise<TlsPair> {
  const cert = await read('--tls-cert', files.cert);
  const key = await read('--tls-key', files.key);
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(cert);
  } catch (e) {
    throw new TlsError(`--tls-cert ${files.cert} is not a certificate (PEM, "-----BEGIN CERTIFICATE-----"): ${(e as Error).message}`);
  }
  let privateKey;
  try {
    privateKey = createPrivateKey(key);
  } catch (e) {
    const reason = /passphrase/i.test((e as Error).message) ? 'it is encrypted (give the key without a passphrase, readable by the server\'s user only)' : (e as Error).message;
    throw new TlsError(`--tls-key ${files.key} is not a private key (PEM, "-----BEGIN PRIVATE KEY-----"): ${reason}`);
  }
  if (!x509.checkPrivateKey(privateKey)) throw new TlsError(`--tls-key ${files.key} is not the key of the certificate in --tls-cert ${files.cert} (they do not match)`);
  try {
    createSecureContext({ cert, key });
  } catch (e) {
    throw new TlsError(`--tls-cert ${files.cert} and --tls-key ${files.key} cannot be served: ${(e as Error).message}`);
  }
  const names = x509.subjectAltName ?? x509.subject.replace(/\n/g, ', ');
  const until = new Date(x509.validTo);
  const expired = until.getTime() < now.getTime() ? ' (EXPIRED: browsers refuse it; renew it and send SIGHUP)' : '';
  return { cert, key, about: `certificate for ${names}, issued by ${x509.issuer.replace(/\n/g, ', ')}, valid until ${until.toISOString()}${expired}` };
}

async function read(option: string, file: string): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'not allowed to read it (the server\'s user must be able to)' : code === 'EISDIR' ? 'it is a folder' : (e as Error).message;
    throw new TlsError(`cannot read ${option} ${file}: ${why}`);
  }
}
