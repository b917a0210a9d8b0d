// A software authenticator for the passkey tests (issue 31): it makes real WebAuthn attestations
// ('none' format) and assertions, as a platform authenticator would, with a node:crypto P-256 key
// and the server library's own CBOR encoder. It only signs; every check is the server's library.
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto'
import { isoCBOR } from '@simplewebauthn/server/helpers'
import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/server'

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url')
const sha256 = (data: Uint8Array | Buffer | string) => createHash('sha256').update(data).digest()

/** Authenticator data flags (WebAuthn §6.1). */
const UP = 0x01
const UV = 0x04
const AT = 0x40

export interface Ceremony {
  /** The origin the browser would write into clientDataJSON. */
  origin?: string
  /** The RP ID whose hash the authenticator writes (default: the options'). */
  rpId?: string
  /** Whether the user was verified (PIN, biometrics). */
  userVerified?: boolean
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16)
  private readonly privateKey: KeyObject
  private readonly publicKey: KeyObject
  /** The signature counter the next assertion carries (then moves on by one). */
  counter = 0
  /** The user handle the options gave at registration, kept with the passkey (discoverable). */
  userHandle = ''

  constructor(private readonly defaultOrigin: string) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    this.privateKey = pair.privateKey
    this.publicKey = pair.publicKey
  }

  get id(): string {
    return b64url(this.credentialId)
  }

  private coseKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: 'jwk' })
    // kty EC2, alg ES256, crv P-256, x, y.
    return isoCBOR.encode(new Map<number, number | Uint8Array>([
      [1, 2], [3, -7], [-1, 1],
      [-2, Buffer.from(jwk.x as string, 'base64url')],
      [-3, Buffer.from(jwk.y as string, 'base64url')],
    ]))
  }

  private authData(rpId: string, flags: number, attested?: Uint8Array): Buffer {
    const count = Buffer.alloc(4)
    count.writeUInt32BE(this.counter)
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])])
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }))
  }

  /** navigator.credentials.create() answered. */
  create(options: PublicKeyCredentialCreationOptionsJSON, ceremony: Ceremony = {}): RegistrationResponseJSON {
    const rpId = ceremony.rpId ?? options.rp.id ?? ''
    this.userHandle = options.user.id
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(this.credentialId.length)
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.coseKey()])
    const flags = UP | AT | (ceremony.userVerified === false ? 0 : UV)
    const authData = this.authData(rpId, flags, attested)
    const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]) as never)
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, ceremony.origin ?? this.defaultOrigin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    }
  }

  /** navigator.credentials.get() answered: signs authenticatorData ‖ sha256(clientDataJSON). */
  get(options: PublicKeyCredentialRequestOptionsJSON, ceremony: Ceremony = {}): AuthenticationResponseJSON {
    const rpId = ceremony.rpId ?? options.rpId ?? ''
    const flags = UP | (ceremony.userVerified === false ? 0 : UV)
    const authData = this.authData(rpId, flags)
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, ceremony.origin ?? this.defaultOrigin)
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey)
    this.counter += 1
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    }
  }
}
