package io.tandem.webhook.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tandem.common.access.Access;
import io.tandem.common.access.Role;
import io.tandem.common.paging.ListResponse;
import io.tandem.common.web.NoContent;
import io.tandem.webhook.domain.Webhook;
import io.tandem.webhook.domain.WebhookDelivery;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

@Tag(name = "webhooks", description = "A space's events POSTed to a URL, signed, retried, with every delivery recorded")
@RequestMapping(path = "/api/v1/spaces/{space}/webhooks", produces = MediaType.APPLICATION_JSON_VALUE)
public interface WebhooksApi {

  @Operation(operationId = "createWebhook", summary = "Add a webhook; the answer shows its signing secret, once")
  @ApiResponse(responseCode = "201", description = "Created")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.admin)
  @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
  ResponseEntity<CreatedWebhook> createWebhook(@PathVariable("space") String space, @RequestBody CreateWebhookRequest request);

  @Operation(operationId = "listWebhooks", summary = "The space's webhooks (never their secrets)")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.viewer)
  @GetMapping
  ListResponse<WebhookResponse> listWebhooks(@PathVariable("space") String space);

  @Operation(operationId = "getWebhook", summary = "A webhook")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.viewer)
  @GetMapping("/{id}")
  WebhookResponse getWebhook(@PathVariable("space") String space, @PathVariable("id") UUID id);

  @Operation(operationId = "deleteWebhook", summary = "Remove a webhook and its deliveries")
  @ApiResponse(responseCode = "204", description = "Deleted")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.admin)
  @DeleteMapping(path = "/{id}", produces = NoContent.PRODUCES)
  ResponseEntity<Void> deleteWebhook(@PathVariable("space") String space, @PathVariable("id") UUID id);

  @Operation(operationId = "listWebhookDeliveries", summary = "A webhook's deliveries, newest event first, with their outcome")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.viewer)
  @GetMapping("/{id}/deliveries")
  ListResponse<WebhookDelivery> listWebhookDeliveries(@PathVariable("space") String space, @PathVariable("id") UUID id,
      @RequestParam(defaultValue = "100") int limit);

  @Schema(name = "CreateWebhookRequest")
  record CreateWebhookRequest(
      @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "https://portal.internal/hooks/tandem") String url,
      @Schema(description = "Event types to send; empty or absent: all") List<String> eventTypes,
      @Schema(description = "Write-only signing secret (16 characters or more); absent: one is generated") String secret) {}

  @Schema(name = "Webhook")
  record WebhookResponse(UUID id, String space, String url, List<String> eventTypes, Instant createdAt) {

    static WebhookResponse from(Webhook webhook) {
      return new WebhookResponse(webhook.id(), webhook.space(), webhook.url(), webhook.eventTypes(), webhook.createdAt());
    }
  }

  @Schema(name = "CreatedWebhook")
  record CreatedWebhook(
      WebhookResponse webhook,
      @Schema(description = "The signing secret, shown only now: X-Tandem-Signature is sha256=<hex HMAC-SHA256 of the body>") String secret) {}
}
