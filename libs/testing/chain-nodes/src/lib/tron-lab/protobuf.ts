/**
 * Just enough protobuf to read java-tron's messages and write them byte for byte as protobuf-java
 * does for proto3: fields in number order, default values left out.
 */
export interface Field {
  no: number;
  wire: number;
  /** Varints as bigint; length-delimited fields as bytes. */
  value: bigint | Uint8Array;
}

const VARINT = 0;
const FIXED64 = 1;
const LENGTH_DELIMITED = 2;
const FIXED32 = 5;

export function readFields(bytes: Uint8Array): Field[] {
  const fields: Field[] = [];
  let pos = 0;
  const varint = (): bigint => {
    let result = 0n;
    for (let shift = 0n; ; shift += 7n) {
      if (pos >= bytes.length || shift > 63n) throw new Error('malformed protobuf varint');
      const byte = bytes[pos++];
      result |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return result;
    }
  };
  const take = (length: number): Uint8Array => {
    if (pos + length > bytes.length) throw new Error('truncated protobuf field');
    const chunk = bytes.slice(pos, pos + length);
    pos += length;
    return chunk;
  };
  while (pos < bytes.length) {
    const key = Number(varint());
    const no = key >>> 3;
    const wire = key & 7;
    if (no === 0) throw new Error('protobuf field number 0');
    if (wire === VARINT) fields.push({ no, wire, value: varint() });
    else if (wire === LENGTH_DELIMITED) fields.push({ no, wire, value: take(Number(varint())) });
    else if (wire === FIXED64) fields.push({ no, wire, value: take(8) });
    else if (wire === FIXED32) fields.push({ no, wire, value: take(4) });
    else throw new Error(`unsupported protobuf wire type ${wire}`);
  }
  return fields;
}

/** Typed access to a decoded message; the last occurrence of a scalar wins, as in protobuf. */
export class Message {
  constructor(readonly fields: Field[]) {}

  static parse(bytes: Uint8Array): Message {
    return new Message(readFields(bytes));
  }

  private last(no: number): Field | undefined {
    for (let i = this.fields.length - 1; i >= 0; i--) if (this.fields[i].no === no) return this.fields[i];
    return undefined;
  }

  int64(no: number): bigint {
    const field = this.last(no);
    return field && typeof field.value === 'bigint' ? BigInt.asIntN(64, field.value) : 0n;
  }

  int(no: number): number {
    return Number(this.int64(no));
  }

  bool(no: number): boolean {
    return this.int64(no) !== 0n;
  }

  bytes(no: number): Uint8Array {
    const field = this.last(no);
    return field && field.value instanceof Uint8Array ? field.value : new Uint8Array();
  }

  string(no: number): string {
    return new TextDecoder().decode(this.bytes(no));
  }

  repeatedBytes(no: number): Uint8Array[] {
    return this.fields
      .filter((f) => f.no === no && f.value instanceof Uint8Array)
      .map((f) => f.value as Uint8Array);
  }
}

export class Writer {
  private readonly chunks: number[] = [];

  private varint(value: bigint): void {
    let v = BigInt.asUintN(64, value);
    while (v >= 0x80n) {
      this.chunks.push(Number((v & 0x7fn) | 0x80n));
      v >>= 7n;
    }
    this.chunks.push(Number(v));
  }

  private key(no: number, wire: number): void {
    this.varint(BigInt((no << 3) | wire));
  }

  /** int64, int32, enum or bool; zero is the default and is not written. */
  int(no: number, value: bigint | number | boolean): this {
    const v = typeof value === 'boolean' ? BigInt(value ? 1 : 0) : BigInt(value);
    if (v === 0n) return this;
    this.key(no, VARINT);
    this.varint(v);
    return this;
  }

  /** bytes or string; empty is the default and is not written. */
  bytes(no: number, value: Uint8Array | string): this {
    const bytes = typeof value === 'string' ? new TextEncoder().encode(value) : value;
    if (bytes.length === 0) return this;
    return this.message(no, bytes);
  }

  /** An embedded message or a repeated bytes element: written even when empty. */
  message(no: number, bytes: Uint8Array): this {
    this.key(no, LENGTH_DELIMITED);
    this.varint(BigInt(bytes.length));
    for (const b of bytes) this.chunks.push(b);
    return this;
  }

  finish(): Uint8Array {
    return Uint8Array.from(this.chunks);
  }
}
