package io.tandem.trigger.api;

import io.tandem.common.paging.ListResponse;
import io.tandem.common.web.MergePatches;
import io.tandem.trigger.domain.TriggerService;
import java.net.URI;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

@RestController
class TriggerController implements TriggersApi {

  private final TriggerService triggers;

  TriggerController(TriggerService triggers) {
    this.triggers = triggers;
  }

  @Override
  public ResponseEntity<TriggerResponse> createTrigger(String space, CreateTriggerRequest request) {
    TriggerResponse created = TriggerResponse.from(triggers.create(space,
        new TriggerService.NewTrigger(request.slug(), request.function(), request.args(), request.description(), request.disabled())));
    return ResponseEntity.created(URI.create("/api/v1/spaces/" + space + "/triggers/" + created.slug())).body(created);
  }

  @Override
  public ListResponse<TriggerResponse> listTriggers(String space) {
    return new ListResponse<>(triggers.list(space).stream().map(TriggerResponse::from).toList(), null);
  }

  @Override
  public TriggerResponse getTrigger(String space, String trigger) {
    return TriggerResponse.from(triggers.get(space, trigger));
  }

  @Override
  public TriggerResponse patchTrigger(String space, String trigger, JsonNode patch) {
    return TriggerResponse.from(triggers.patch(space, trigger, MergePatches.read(patch, TriggerService.PATCHABLE)));
  }

  @Override
  public ResponseEntity<Void> deleteTrigger(String space, String trigger) {
    triggers.delete(space, trigger);
    return ResponseEntity.noContent().build();
  }
}
