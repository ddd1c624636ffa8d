package io.tandem.webhook;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Webhook deliveries ({@code tandem.webhooks.*}).
 *
 * @param interval how often due deliveries are sent
 * @param maxAttempts how many times a delivery is tried before it is given up
 * @param retryInitial the wait before the first retry of a failed delivery; it doubles with each failure
 * @param retryMax the longest wait between retries of a failed delivery
 */
@ConfigurationProperties("tandem.webhooks")
public record WebhookProperties(
    @DefaultValue("500ms") Duration interval,
    @DefaultValue("10") int maxAttempts,
    @DefaultValue("1s") Duration retryInitial,
    @DefaultValue("10m") Duration retryMax) {}
