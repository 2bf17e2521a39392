import type { AuthOptions } from './credentials.js';
import type { ResourceAccess, Resources } from './generated/resources.js';

/** The words for the credentials a client holds, in the type error of a call they cannot make. */
type Holding<A extends AuthOptions> = A extends { readonly type: 'server' }
  ? 'server-side keys'
  : A extends { readonly type: 'client' }
    ? 'client-side keys'
    : A extends { readonly type: 'management' }
      ? 'management keys'
      : A extends { readonly scopes: infer Scopes extends readonly string[] }
        ? Scopes extends readonly [string, ...string[]]
          ? `an OAuth token with scopes ${Joined<Scopes>}`
          : 'an OAuth token'
        : never;

/** A tuple of scopes as a message lists them: `vouchers, customers`. */
type Joined<Scopes extends readonly string[]> = Scopes extends readonly [
  infer First extends string,
  ...infer Rest extends readonly string[],
]
  ? Rest extends readonly []
    ? First
    : `${First}, ${Joined<Rest>}`
  : '';

/**
 * Whether credentials of kind `A` may call an operation that takes `Access`. OAuth credentials
 * may when they hold one of its scopes, or when their scopes are not known at compile time.
 */
type Allows<Access extends ResourceAccess[keyof ResourceAccess], A extends AuthOptions> = A extends {
  readonly type: 'oauth';
  readonly scopes: readonly (infer Scope extends string)[];
}
  ? 'oauth' extends Access['keys']
    ? string extends Scope
      ? true
      : [Extract<Scope, Access['scopes']>] extends [never]
        ? false
        : true
    : false
  : A['type'] extends Access['keys']
    ? true
    : false;

/**
 * A method the client's credentials cannot call: any call is a type error whose message says what
 * the operation needs and what the client holds. It is still assignable to the method, so a client
 * typed by its keys passes where a `VoucherkitClient` of any keys is expected.
 *
 * @typeParam Why - The message.
 */
export interface NotWithTheseKeys<Why extends string> {
  (this: Why, ...args: never): never;
}

/** One method, kept when `A` may call it, else refused with the reason. */
type Method<M, Name extends string, A extends AuthOptions> = Name extends keyof ResourceAccess
  ? true extends Allows<ResourceAccess[Name], A>
    ? M
    : NotWithTheseKeys<`client.${Name} needs ${ResourceAccess[Name]['needs']}; this client holds ${Holding<A>}`>
  : M;

/** The groups under `R`, their dotted names starting with `Prefix`, with each method typed for `A`. */
type Keyed<R, A extends AuthOptions, Prefix extends string> = {
  readonly [K in keyof R]: R[K] extends (...args: never) => unknown
    ? Method<R[K], `${Prefix}${K & string}`, A>
    : Keyed<R[K], A, `${Prefix}${K & string}.`>;
};

/**
 * The resource API as credentials of kind `A` may call it: the operations those credentials
 * cannot call (a server operation with client-side keys, a management one with server keys, one
 * outside an OAuth token's scopes) are type errors that say why. With credentials whose kind or
 * scopes are not known at compile time, every operation is callable.
 *
 * @typeParam A - The credentials, as `createClient` was given them.
 * @example
 * ```ts
 * const browser: KeyedResources<ClientKeyAuth> = createClient({ auth: { type: 'client', clientAppId, clientToken } });
 * await browser.clientSide.validateStackable({ redeemables: [{ object: 'voucher', id: 'SUMMER10' }] });
 * ```
 */
export type KeyedResources<A extends AuthOptions> = Keyed<Resources, A, ''>;
