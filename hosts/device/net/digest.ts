// The sync core's DigestFactory over the SDK's native SHA-256 (crypt's Digest). The SDK's `hmac` module
// is not used: its sign() is broken; the core builds HMAC over this digest.
import { Digest } from 'crypt';
import type { DigestFactory } from '../../../src/sync/ports.ts';

export const sha256: DigestFactory = () => new Digest('SHA256');
