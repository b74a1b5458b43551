// The sync core inside XS, for the XS tests:
//   "hmac\n<key hex>\n<message hex>" → the HMAC-SHA256 in hex (over the test-only SHA-256: xsnap has no Digest)
//   "match\n<trace>"                 → the transcript of tools/xs/sync-scenario.ts
//   "assign\n<trace>"                → the transcript of tools/xs/assign-scenario.ts (the server signs
//                                      with the core's HMAC over the test-only SHA-256)
import { commands } from './command.ts';
import { fromHex, hmacSha256, toHex } from '../../src/sync/hmac.ts';
import { parseTrace } from '../../src/sensing/trace.ts';
import { syncTranscript } from './sync-scenario.ts';
import { XS_ASSIGN_SETTINGS, assignTranscript } from './assign-scenario.ts';
import { signatureOf } from '../../src/sync/assignment.ts';
import { encodeUtf8 } from '../../src/store/utf8.ts';
import { TestOnlySha256 } from './test-sha256.ts';

function run(op: string, body: string): string {
  switch (op) {
    case 'hmac': {
      const [key, message] = body.split('\n').map(fromHex);
      if (!key || !message) return 'error\nnot hex';
      return toHex(hmacSha256(() => new TestOnlySha256(), key, message));
    }
    case 'match': {
      const trace = parseTrace(body);
      if (!trace.ok) return `error\n${trace.error.line}: ${trace.error.reason}`;
      return syncTranscript(trace.value);
    }
    case 'assign': {
      const trace = parseTrace(body);
      if (!trace.ok) return `error\n${trace.error.line}: ${trace.error.reason}`;
      return assignTranscript(trace.value, (text) => signatureOf(encodeUtf8(text), XS_ASSIGN_SETTINGS.secret, () => new TestOnlySha256()));
    }
  }
  return `error\nunknown command ${op}`;
}

commands(run);
