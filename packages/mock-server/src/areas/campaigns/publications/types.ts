import type { Resource } from '../../../core/resource.js';
import type { CustomerReference } from '../../customers/customers/profile.js';

/**
 * What a publication request asks for, from the body of `POST /v1/publications` or the query of
 * `GET /v1/publications/create`.
 */
export interface PublicationRequest {
  /** Code of the voucher to publish; when given, `campaign` is ignored. */
  readonly voucher?: string | undefined;
  /** The campaign to publish from, by name or id, or as `{ name, count }`. */
  readonly campaign?:
    | string
    | { readonly name?: string | null | undefined; readonly count?: number | null | undefined }
    | null
    | undefined;
  /** The receiving customer, by id, `source_id` or inline profile. */
  readonly customer: CustomerReference;
  /** Your own id of the publication: at most one code, and a retry answers the first publication. */
  readonly source_id?: string | null | undefined;
  /** Distribution channel to record; default `API`. */
  readonly channel?: string | null | undefined;
  /** Your own attributes of the publication. */
  readonly metadata?: Readonly<Record<string, unknown>> | null | undefined;
}

/**
 * An entry of the publication list: a successful publication of one or several codes, or a
 * failed attempt with `failure_code` and `failure_message`.
 */
export type PublicationListItem = Resource<'PublicationList'>['publications'][number];

/**
 * The answer of a publication request: with the whole voucher for one code, with the codes for
 * several.
 */
export type PublicationAnswer = Resource<'PublicationCreateResponse'>;

/**
 * A holder record: a voucher a customer holds, as `GET /v1/customers/{customerId}/redeemables`
 * lists it.
 */
export type CustomerRedeemable = Resource<'CustomerRedeemable'>;
