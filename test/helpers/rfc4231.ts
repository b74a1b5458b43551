// RFC 4231 §4: HMAC-SHA256 test vectors.
const bytes = (s: string) => new Uint8Array(Buffer.from(s, 'utf8'));
const fill = (n: number, b: number) => new Uint8Array(n).fill(b);

/** RFC 4231 §4: the cases whose output is the whole 256 bits (case 5 is truncated to 128). */
export const RFC4231: readonly { name: string; key: Uint8Array; data: Uint8Array; mac: string }[] = [
  { name: '1', key: fill(20, 0x0b), data: bytes('Hi There'), mac: 'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7' },
  { name: '2', key: bytes('Jefe'), data: bytes('what do ya want for nothing?'), mac: '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843' },
  { name: '3', key: fill(20, 0xaa), data: fill(50, 0xdd), mac: '773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe' },
  { name: '4', key: Uint8Array.from({ length: 25 }, (_, i) => i + 1), data: fill(50, 0xcd), mac: '82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b' },
  { name: '6', key: fill(131, 0xaa), data: bytes('Test Using Larger Than Block-Size Key - Hash Key First'), mac: '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54' },
  {
    name: '7',
    key: fill(131, 0xaa),
    data: bytes('This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.'),
    mac: '9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2',
  },
];

