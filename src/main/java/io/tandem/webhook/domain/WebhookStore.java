package io.tandem.webhook.domain;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Webhooks and their deliveries; a delivery is made for each event of the webhook's space. */
public interface WebhookStore {

  /** A due delivery with what sending it needs. */
  @SuppressWarnings("ArrayRecordComponent") // the sealed secret passed through to the cipher, never compared
  record Due(UUID id, UUID webhookId, String url, byte[] secret, int attempts, long eventId) {}

  void insert(UUID spaceId, Webhook webhook, byte[] sealedSecret);

  Optional<Webhook> find(String space, UUID id);

  List<Webhook> list(String space);

  boolean delete(UUID id);

  /** The webhook's latest deliveries, newest first. */
  List<WebhookDelivery> deliveries(UUID webhookId, int limit);

  /** Leases due deliveries, oldest event first; a lease that runs out (a crashed server) makes them due again. */
  List<Due> claim(int limit, Instant now, Instant leaseUntil);

  void delivered(UUID id, int statusCode, int attempts, Instant at);

  /** A failed attempt; with {@code giveUp} the delivery is not tried again, else it is due at {@code next}. */
  void failed(UUID id, Integer statusCode, String error, int attempts, boolean giveUp, Instant next);
}
