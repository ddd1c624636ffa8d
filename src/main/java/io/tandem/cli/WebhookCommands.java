package io.tandem.cli;

import io.tandem.client.ApiException;
import io.tandem.client.api.WebhooksApi;
import io.tandem.client.model.CreateWebhookRequest;
import io.tandem.client.model.CreatedWebhook;
import io.tandem.client.model.ListResponseWebhook;
import io.tandem.client.model.ListResponseWebhookDelivery;
import io.tandem.client.model.Webhook;
import io.tandem.client.model.WebhookDelivery;
import java.util.List;
import java.util.UUID;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ScopeType;

@Command(name = "webhook", mixinStandardHelpOptions = true,
    description = "Webhooks (the space's events, posted to a URL): create, list, get, deliveries, delete")
class WebhookCommands extends TandemCli.Group {

  @Option(names = {"-s", "--space"}, descriptionKey = SpaceDefault.KEY, scope = ScopeType.INHERIT,
      description = "The space (default the context's)")
  String space;

  private WebhooksApi webhooks() {
    return new WebhooksApi(root.client());
  }

  @Command(name = "create", description = "Post the space's events to a URL; the signing secret is shown once")
  int create(@Parameters(paramLabel = "URL") String url,
      @Option(names = "--event", description = "An event type (repeatable; default all)") List<String> events) throws ApiException {
    CreatedWebhook created = webhooks().createWebhook(space, new CreateWebhookRequest().url(url).eventTypes(events));
    show(created, List.of(created.getWebhook()));
    if (root.format == Output.Format.table) {
      root.output().text("Signing secret (shown once): " + created.getSecret());
    }
    return 0;
  }

  @Command(name = "list", description = "The space's webhooks")
  int list() throws ApiException {
    ListResponseWebhook page = webhooks().listWebhooks(space);
    show(page, page.getItems());
    return 0;
  }

  @Command(name = "get", description = "A webhook")
  int get(@Parameters(paramLabel = "ID") UUID id) throws ApiException {
    Webhook webhook = webhooks().getWebhook(space, id);
    show(webhook, List.of(webhook));
    return 0;
  }

  @Command(name = "deliveries", description = "A webhook's recent deliveries")
  int deliveries(@Parameters(paramLabel = "ID") UUID id) throws ApiException {
    ListResponseWebhookDelivery page = webhooks().listWebhookDeliveries(space, id, 100);
    root.output().print(page, page.getItems(),
        new Output.Column<WebhookDelivery>("EVENT", WebhookDelivery::getEventId),
        new Output.Column<WebhookDelivery>("TYPE", WebhookDelivery::getEventType),
        new Output.Column<WebhookDelivery>("STATUS", WebhookDelivery::getStatus),
        new Output.Column<WebhookDelivery>("ATTEMPTS", WebhookDelivery::getAttempts),
        new Output.Column<WebhookDelivery>("LAST ERROR", WebhookDelivery::getLastError));
    return 0;
  }

  @Command(name = "delete", description = "Delete a webhook")
  int delete(@Parameters(paramLabel = "ID") UUID id) throws ApiException {
    webhooks().deleteWebhook(space, id);
    root.output().text("Deleted webhook " + id);
    return 0;
  }

  private void show(Object whole, List<Webhook> webhooks) {
    root.output().print(whole, webhooks,
        new Output.Column<Webhook>("ID", Webhook::getId),
        new Output.Column<Webhook>("URL", Webhook::getUrl),
        new Output.Column<Webhook>("EVENTS", Webhook::getEventTypes),
        new Output.Column<Webhook>("CREATED", Webhook::getCreatedAt));
  }
}
