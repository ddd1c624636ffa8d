package io.tandem.webhook.domain;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** Where a space's events are POSTed. {@code eventTypes} empty: every type. */
public record Webhook(UUID id, String space, String url, List<String> eventTypes, Instant createdAt) {}
