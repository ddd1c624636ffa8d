package io.tandem.webhook.domain;

import io.tandem.common.crypto.CredentialCipher;
import io.tandem.common.error.TandemException;
import io.tandem.common.net.OutboundPolicy;
import io.tandem.portal.domain.Event;
import io.tandem.space.domain.Space;
import io.tandem.space.domain.SpaceService;
import java.net.URI;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Service;

/** A space's webhooks: their URLs and event types, their signing secrets sealed at rest, and their deliveries. */
@Service
public class WebhookService {

  private static final SecureRandom RANDOM = new SecureRandom();

  private final WebhookStore store;
  private final SpaceService spaces;
  private final CredentialCipher cipher;
  private final Clock clock;
  private final OutboundPolicy outbound;

  WebhookService(WebhookStore store, SpaceService spaces, CredentialCipher cipher, Clock clock, OutboundPolicy outbound) {
    this.store = store;
    this.spaces = spaces;
    this.cipher = cipher;
    this.clock = clock;
    this.outbound = outbound;
  }

  /** A new webhook, with its secret: shown this once, never again. */
  public record Created(Webhook webhook, String secret) {}

  public Created create(String spaceSlug, String url, List<String> eventTypes, String secret) {
    Space space = spaces.get(spaceSlug);
    if (eventTypes != null && eventTypes.contains(null)) {
      throw TandemException.validation("Field 'eventTypes' must not hold null; name event types, or leave it out for all.");
    }
    List<String> types = eventTypes == null ? List.of() : List.copyOf(eventTypes);
    for (String type : types) {
      if (!Event.TYPES.contains(type)) {
        throw TandemException.validation("Event type '" + type + "' does not exist; the types are " + String.join(", ", Event.TYPES) + ".");
      }
    }
    String signingSecret = secret == null || secret.isBlank() ? newSecret() : secret;
    if (signingSecret.length() < 16) {
      throw TandemException.validation("Field 'secret' must have at least 16 characters; leave it out to get a generated one.");
    }
    Webhook webhook = new Webhook(UUID.randomUUID(), space.slug(), url(url), types, clock.instant().truncatedTo(ChronoUnit.MICROS));
    store.insert(space.id(), webhook, cipher.encrypt(signingSecret, webhook.id().toString()));
    return new Created(webhook, signingSecret);
  }

  public List<Webhook> list(String space) {
    spaces.get(space);
    return store.list(space);
  }

  public Webhook get(String space, UUID id) {
    spaces.get(space);
    return store.find(space, id).orElseThrow(() -> TandemException.notFound("Webhook " + id + " does not exist in space '" + space + "'."));
  }

  public void delete(String space, UUID id) {
    store.delete(get(space, id).id());
  }

  /** The newest deliveries first. */
  public List<WebhookDelivery> deliveries(String space, UUID id, int limit) {
    return store.deliveries(get(space, id).id(), limit);
  }

  String secret(WebhookStore.Due due) {
    return cipher.decrypt(due.secret(), due.webhookId().toString());
  }

  private String url(String url) {
    if (url == null || url.isBlank()) {
      throw TandemException.validation("Field 'url' is required.");
    }
    URI uri;
    try {
      uri = URI.create(url.strip());
    } catch (IllegalArgumentException e) {
      throw TandemException.validation("Field 'url' is not a URL: " + e.getMessage());
    }
    if (!("https".equals(uri.getScheme()) || "http".equals(uri.getScheme()))) {
      throw TandemException.validation("Field 'url' must be an http or https URL, not '" + url + "'.");
    }
    outbound.requireAllowed("url", uri);
    return uri.toString();
  }

  private static String newSecret() {
    byte[] bytes = new byte[32];
    RANDOM.nextBytes(bytes);
    return HexFormat.of().formatHex(bytes);
  }
}
