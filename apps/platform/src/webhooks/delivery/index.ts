/**
 * The webhooks delivery engine (issue 22): signed POSTs as pg-boss jobs, in order per destination URL,
 * paused with backoff on failure and discarded after 12 hours, at least once; the address rules for
 * destinations; signing secrets and their rotation; a hook's health; redelivery and test events.
 */
export {
  type AddressClass,
  addressRefusal,
  checkDestination,
  classifyAddress,
  type DestinationCheckOptions,
  METADATA_ADDRESSES,
} from './addresses';
export {
  backoffMs,
  DELIVER_QUEUE,
  type DeliverJob,
  DISCARD_AFTER_MS,
  type DrainOptions,
  type DrainResult,
  drainDestination,
  messageId,
  scheduleDeliveries,
  startDeliverySweeper,
  sweepDestinations,
  type WebhookJobDefinition,
  webhookDeliveryJobs,
} from './engine';
export {
  hookHealth,
  type Redelivery,
  redeliver,
  redeliverFailedSince,
  sendTestEvent,
  testEventBody,
} from './manage';
export { DELIVERY_TIMEOUT_MS, type PostOutcome, postWebhook, RESPONSE_BODY_CAP } from './post';
export {
  newSigningSecret,
  revealSigningSecret,
  rotateSigningSecret,
  type SigningSecretView,
} from './secrets';
