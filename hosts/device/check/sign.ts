// The sync core's signing, re-exported for the mcsim check.
export { hmacSha256, toHex as toHexOf } from '../../../src/sync/hmac.ts';
export { signedBody } from '../../../src/sync/record.ts';
