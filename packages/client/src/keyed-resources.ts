import type { AuthOptions } from './credentials.js';
import type { ResourceAccess, Resources } from './generated/resources.js';

/**
 * A method the client's credentials cannot call: any call is a type error whose message says what
 * the operation needs and what the client holds. It is still assignable to the method, so a client
 * typed by its keys passes where a `VoucherkitClient` of any keys is expected.
 *
 * @typeParam Why - The message.
 * @example
 * ```ts
 * const browser = createClient({ auth: { type: 'client', clientAppId, clientToken } });
 * const refused: NotWithTheseKeys<'client.vouchers.get needs server-side keys, or an OAuth token with scope api or vouchers; this client holds client-side keys'> =
 *   browser.vouchers.get;
 * ```
 */
export interface NotWithTheseKeys<Why extends string> {
  (this: Why, ...args: never): never;
}

/**
 * The resource API as credentials of kind `A` may call it: the operations those credentials
 * cannot call (a server operation with client-side keys, a management one with server keys, one
 * outside an OAuth token's scopes) are type errors that say why. With credentials whose kind or
 * scopes are not known at compile time, every operation is callable.
 *
 * @typeParam A - The credentials, as `createClient` was given them.
 * @typeParam Group - A group of the resource API; the whole API unless given (the type applies
 * itself to each group).
 * @typeParam Prefix - The dotted name of `Group`, followed by a dot; empty for the whole API.
 * @example
 * ```ts
 * const browser: KeyedResources<ClientKeyAuth> = createClient({ auth: { type: 'client', clientAppId, clientToken } });
 * await browser.clientSide.validateStackable({ redeemables: [{ object: 'voucher', id: 'SUMMER10' }] });
 * ```
 */
export type KeyedResources<A extends AuthOptions, Group = Resources, Prefix extends string = ''> = {
  readonly [K in keyof Group]: Group[K] extends (...args: never) => unknown
    ? `${Prefix}${K & string}` extends infer Name extends keyof ResourceAccess
      ? // Kept when some credentials of A may call it: keys of a kind the operation takes, or an
        // OAuth token with one of its scopes (any scope, when they are not known at compile time).
        true extends (
          A extends { readonly type: 'oauth'; readonly scopes: readonly (infer Scope extends string)[] }
            ? 'oauth' extends ResourceAccess[Name]['keys']
              ? string extends Scope
                ? true
                : [Extract<Scope, ResourceAccess[Name]['scopes']>] extends [never]
                  ? false
                  : true
              : false
            : A['type'] extends ResourceAccess[Name]['keys']
              ? true
              : false
        )
        ? Group[K]
        : NotWithTheseKeys<`client.${Name} needs ${ResourceAccess[Name]['needs']}; this client holds ${A['type'] extends 'server'
            ? 'server-side keys'
            : A['type'] extends 'client'
              ? 'client-side keys'
              : A['type'] extends 'management'
                ? 'management keys'
                : 'an OAuth token with other scopes'}`>
      : Group[K]
    : KeyedResources<A, Group[K], `${Prefix}${K & string}.`>;
};
