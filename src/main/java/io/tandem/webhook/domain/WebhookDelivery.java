package io.tandem.webhook.domain;

import java.time.Instant;
import java.util.UUID;

/** One event sent (or being sent) to one webhook. */
public record WebhookDelivery(
    UUID id,
    long eventId,
    String eventType,
    String status,
    int attempts,
    Integer lastStatusCode,
    String lastError,
    Instant nextAttemptAt,
    Instant deliveredAt,
    Instant createdAt) {}
