// RFC 4231's HMAC-SHA-256 test cases 1-7 (case 5's output truncated to 128 bits, as the RFC gives it).
export interface Vector {
  name: string;
  key: string;
  data: string;
  mac: string;
  truncate?: number;
}

const hex = (s: string) => Array.from(s, (c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('');

export const RFC4231: readonly Vector[] = [
  { name: 'case1', key: '0b'.repeat(20), data: hex('Hi There'), mac: 'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7' },
  { name: 'case2', key: hex('Jefe'), data: hex('what do ya want for nothing?'), mac: '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843' },
  { name: 'case3', key: 'aa'.repeat(20), data: 'dd'.repeat(50), mac: '773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe' },
  { name: 'case4', key: '0102030405060708090a0b0c0d0e0f10111213141516171819', data: 'cd'.repeat(50), mac: '82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b' },
  { name: 'case5', key: '0c'.repeat(20), data: hex('Test With Truncation'), mac: 'a3b6167473100ee06e0c796c2955552b', truncate: 16 },
  { name: 'case6', key: 'aa'.repeat(131), data: hex('Test Using Larger Than Block-Size Key - Hash Key First'), mac: '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54' },
  {
    name: 'case7',
    key: 'aa'.repeat(131),
    data: hex('This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.'),
    mac: '9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2',
  },
];
