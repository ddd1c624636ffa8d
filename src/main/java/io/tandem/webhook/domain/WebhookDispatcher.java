package io.tandem.webhook.domain;

import io.tandem.common.config.JsonColumns;
import io.tandem.common.error.TandemException;
import io.tandem.common.net.OutboundPolicy;
import io.tandem.common.net.RemoteFailures;
import io.tandem.portal.domain.Event;
import io.tandem.portal.domain.EventStore;
import io.tandem.replica.domain.LeasedWork;
import io.tandem.replica.domain.Leases;
import io.tandem.webhook.WebhookProperties;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.FixedDelayTask;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;
import org.springframework.stereotype.Component;

/**
 * Sends due deliveries: a POST of the event as JSON, signed with the webhook's secret
 * ({@code X-Tandem-Signature: sha256=<hex HMAC-SHA256 of the body>}). A 2xx answer delivers it; anything else is
 * tried again with exponential backoff, up to {@code tandem.webhooks.max-attempts} times. One replica sends them: the
 * holder of the lease {@code job:webhooks}.
 */
@Component
class WebhookDispatcher implements SchedulingConfigurer, LeasedWork {

  private static final Logger log = LoggerFactory.getLogger(WebhookDispatcher.class);
  static final String SIGNATURE_HEADER = "X-Tandem-Signature";
  private static final String LEASE = LeasedWork.job("webhooks");

  private final WebhookStore store;
  private final WebhookService webhooks;
  private final EventStore events;
  private final Clock clock;
  private final Duration interval;
  private final int maxAttempts;
  private final Duration retryInitial;
  private final Duration retryMax;
  private final OutboundPolicy outbound;
  private final Leases leases;
  // Redirects are not followed (the default, kept explicit): a receiver must not send a delivery elsewhere.
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).followRedirects(HttpClient.Redirect.NEVER).build();

  WebhookDispatcher(WebhookStore store, WebhookService webhooks, EventStore events, Clock clock, OutboundPolicy outbound,
      Leases leases, WebhookProperties settings) {
    this.leases = leases;
    this.store = store;
    this.webhooks = webhooks;
    this.events = events;
    this.clock = clock;
    this.outbound = outbound;
    this.interval = settings.interval();
    this.maxAttempts = settings.maxAttempts();
    this.retryInitial = settings.retryInitial();
    this.retryMax = settings.retryMax();
  }

  @Override
  public void configureTasks(ScheduledTaskRegistrar registrar) {
    registrar.addFixedDelayTask(new FixedDelayTask(this::deliver, interval, Duration.ZERO));
  }

  @Override
  public Collection<String> leaseNames() {
    return List.of(LEASE);
  }

  void deliver() {
    if (!leases.holds(LEASE)) {
      return;
    }
    List<WebhookStore.Due> due = store.claim(50, clock.instant(), clock.instant().plus(Duration.ofMinutes(2)));
    due.forEach(this::send);
  }

  private void send(WebhookStore.Due delivery) {
    int attempts = delivery.attempts() + 1;
    Event event = events.get(delivery.eventId());
    if (event == null) {
      store.failed(delivery.id(), null, "The event is no longer kept.", attempts, true, clock.instant());
      return;
    }
    String body = JsonColumns.write(body(event));
    URI url = URI.create(delivery.url());
    try {
      outbound.resolveAllowed("url", url); // again at each delivery: the name may resolve elsewhere by now
      HttpRequest request = HttpRequest.newBuilder(url)
          .timeout(Duration.ofSeconds(10))
          .header("Content-Type", "application/json")
          .header("User-Agent", "Tandem-Webhook")
          .header("X-Tandem-Event", event.type())
          .header("X-Tandem-Event-Id", Long.toString(event.id()))
          .header("X-Tandem-Delivery", delivery.id().toString())
          .header(SIGNATURE_HEADER, "sha256=" + sign(webhooks.secret(delivery), body))
          .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8))
          .build();
      HttpResponse<Void> response = http.send(request, HttpResponse.BodyHandlers.discarding());
      if (response.statusCode() / 100 == 2) {
        store.delivered(delivery.id(), response.statusCode(), attempts, clock.instant());
      } else {
        retry(delivery, response.statusCode(), "HTTP " + response.statusCode() + " from the receiver.", attempts);
      }
    } catch (IOException | TandemException e) {
      retry(delivery, null, "Could not reach the receiver: " + RemoteFailures.reason(e, "the request failed") + ".", attempts);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      retry(delivery, null, "Interrupted.", attempts);
    }
  }

  private void retry(WebhookStore.Due delivery, Integer status, String error, int attempts) {
    boolean giveUp = attempts >= maxAttempts;
    Duration delay = retryInitial.multipliedBy(1L << Math.min(attempts - 1, 20));
    Instant next = clock.instant().plus(delay.compareTo(retryMax) > 0 ? retryMax : delay);
    log.debug("Webhook delivery {} failed (attempt {}): {}", delivery.id(), attempts, error);
    store.failed(delivery.id(), status, error, attempts, giveUp, next);
  }

  private static Map<String, Object> body(Event event) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("id", event.id());
    body.put("type", event.type());
    body.put("space", event.space());
    body.put("unit", event.unit());
    body.put("payload", event.payload());
    body.put("createdAt", event.createdAt().toString());
    return body;
  }

  /** Hex HMAC-SHA256 of the body with the secret: what a receiver recomputes to trust a delivery. */
  static String sign(String secret, String body) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
      return HexFormat.of().formatHex(mac.doFinal(body.getBytes(StandardCharsets.UTF_8)));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }
}
