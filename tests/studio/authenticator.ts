import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software passkey authenticator (ES256, node:crypto) for the studio's server tests: it answers
 * the options the studio hands out as a browser with a platform authenticator would (WebAuthn
 * Level 2 JSON, as @simplewebauthn/browser sends it), user present and verified, with "none"
 * attestation. Each instance holds its credentials by id, with their user handles and counters.
 */

// The few CBOR items a credential's public key and an attestation object need (RFC 8949).
type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const buffer = Buffer.alloc(3);
  buffer[0] = (major << 5) | 25;
  buffer.writeUInt16BE(length, 1);
  return buffer;
}

function cbor(item: Cbor): Buffer {
  if (typeof item === 'number') return item >= 0 ? head(0, item) : head(1, -1 - item);
  if (typeof item === 'string') return Buffer.concat([head(3, Buffer.byteLength(item)), Buffer.from(item)]);
  if (item instanceof Uint8Array) return Buffer.concat([head(2, item.length), item]);
  return Buffer.concat([head(5, item.size), ...[...item].flatMap(([key, value]) => [cbor(key), cbor(value)])]);
}

const sha256 = (data: Buffer | string): Buffer => createHash('sha256').update(data).digest();
const b64 = (data: Buffer): string => data.toString('base64url');
const counterBytes = (counter: number) => {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(counter);
  return buffer;
};

/** Flags of authenticator data: user present, user verified, attested credential data included. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

interface Credential {
  id: Buffer;
  key: KeyObject;
  publicJwk: { x: string; y: string };
  userHandle: string;
  counter: number;
}

export interface CreationOptions {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string };
}

export interface RequestOptions {
  challenge: string;
  rpId?: string;
}

export class SoftwareAuthenticator {
  readonly credentials: Credential[] = [];

  constructor(
    private readonly origin: string,
    private readonly options: { verified?: boolean } = {},
  ) {}

  private flags(extra = 0) {
    return UP | (this.options.verified === false ? 0 : UV) | extra;
  }

  private clientData(type: string, challenge: string): string {
    return b64(Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false })));
  }

  /** What navigator.credentials.create() answers to `options`: a new credential. */
  create(options: CreationOptions) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
    const credential: Credential = { id: randomBytes(16), key: privateKey, publicJwk: jwk, userHandle: options.user.id, counter: 0 };
    this.credentials.push(credential);
    const cose = new Map<number, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x, 'base64url')],
      [-3, Buffer.from(jwk.y, 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const authData = Buffer.concat([
      sha256(options.rp.id ?? new URL(this.origin).hostname),
      Buffer.from([this.flags(AT)]),
      counterBytes(0),
      Buffer.alloc(16),
      idLength,
      credential.id,
      cbor(cose),
    ]);
    const attestation = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: b64(credential.id),
      rawId: b64(credential.id),
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge),
        attestationObject: b64(attestation),
        transports: ['internal'],
      },
    };
  }

  /** What navigator.credentials.get() answers to `options` with the credential `which` (the first by default). */
  get(options: RequestOptions, which = 0) {
    const credential = this.credentials[which];
    credential.counter += 1;
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const authData = Buffer.concat([
      sha256(options.rpId ?? new URL(this.origin).hostname),
      Buffer.from([this.flags()]),
      counterBytes(credential.counter),
    ]);
    const signature = sign('sha256', Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]), credential.key);
    return {
      id: b64(credential.id),
      rawId: b64(credential.id),
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON,
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: credential.userHandle,
      },
    };
  }
}
