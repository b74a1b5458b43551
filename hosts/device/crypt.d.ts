// Declarations for the SDK's `crypt` module (modules/crypt/digest/crypt.js), which @moddable/typings
// does not type. Only what the table uses: Digest. write() takes a string (as bytes up to its first NUL)
// or anything with readable bytes (ArrayBuffer, a typed array or DataView, honouring its offset).
declare module 'crypt' {
  export type DigestType = 'MD5' | 'SHA1' | 'SHA224' | 'SHA256' | 'SHA384' | 'SHA512';
  export class Digest {
    constructor(type: DigestType);
    write(data: ArrayBuffer | ArrayBufferView | string): void;
    /** The digest (32 bytes for SHA256); with `more`, the state is kept and writing may go on. */
    close(more?: boolean): ArrayBuffer;
    reset(): void;
    readonly blockSize: number;
    readonly outputSize: number;
    /** reset(), write() each argument, close(). */
    process(...data: (ArrayBuffer | ArrayBufferView | string)[]): ArrayBuffer;
  }
  const crypt: { Digest: typeof Digest };
  export default crypt;
}
