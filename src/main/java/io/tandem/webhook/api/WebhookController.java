package io.tandem.webhook.api;

import io.tandem.common.error.TandemException;
import io.tandem.common.paging.ListResponse;
import io.tandem.webhook.domain.WebhookDelivery;
import io.tandem.webhook.domain.WebhookService;
import java.net.URI;
import java.util.UUID;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RestController;

@RestController
class WebhookController implements WebhooksApi {

  private final WebhookService webhooks;

  WebhookController(WebhookService webhooks) {
    this.webhooks = webhooks;
  }

  @Override
  public ResponseEntity<CreatedWebhook> createWebhook(String space, CreateWebhookRequest request) {
    WebhookService.Created created = webhooks.create(space, request.url(), request.eventTypes(), request.secret());
    return ResponseEntity.created(URI.create("/api/v1/spaces/" + space + "/webhooks/" + created.webhook().id()))
        .body(new CreatedWebhook(WebhookResponse.from(created.webhook()), created.secret()));
  }

  @Override
  public ListResponse<WebhookResponse> listWebhooks(String space) {
    return new ListResponse<>(webhooks.list(space).stream().map(WebhookResponse::from).toList(), null);
  }

  @Override
  public WebhookResponse getWebhook(String space, UUID id) {
    return WebhookResponse.from(webhooks.get(space, id));
  }

  @Override
  public ResponseEntity<Void> deleteWebhook(String space, UUID id) {
    webhooks.delete(space, id);
    return ResponseEntity.noContent().build();
  }

  @Override
  public ListResponse<WebhookDelivery> listWebhookDeliveries(String space, UUID id, int limit) {
    if (limit < 1 || limit > 1000) {
      throw TandemException.invalidArgument("Parameter 'limit' must be between 1 and 1000.");
    }
    return new ListResponse<>(webhooks.deliveries(space, id, limit), null);
  }
}
