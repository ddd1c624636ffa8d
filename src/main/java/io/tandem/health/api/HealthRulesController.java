package io.tandem.health.api;

import io.tandem.common.paging.ListResponse;
import io.tandem.common.web.Authors;
import io.tandem.health.domain.HealthRule;
import io.tandem.health.domain.HealthRuleService;
import java.security.Principal;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RestController;

@RestController
class HealthRulesController implements HealthRulesApi {

  private final HealthRuleService rules;

  HealthRulesController(HealthRuleService rules) {
    this.rules = rules;
  }

  @Override
  public ListResponse<HealthRuleResponse> listHealthRules() {
    return list(null);
  }

  @Override
  public HealthRuleResponse putHealthRule(String kind, HealthRuleRequest request, Principal principal) {
    return put(null, kind, request, principal);
  }

  @Override
  public ResponseEntity<Void> deleteHealthRule(String kind) {
    rules.delete(null, kind);
    return ResponseEntity.noContent().build();
  }

  @Override
  public ListResponse<HealthRuleResponse> listSpaceHealthRules(String space) {
    return list(space);
  }

  @Override
  public HealthRuleResponse putSpaceHealthRule(String space, String kind, HealthRuleRequest request, Principal principal) {
    return put(space, kind, request, principal);
  }

  @Override
  public ResponseEntity<Void> deleteSpaceHealthRule(String space, String kind) {
    rules.delete(space, kind);
    return ResponseEntity.noContent().build();
  }

  private HealthRuleResponse put(String space, String kind, HealthRuleRequest request, Principal principal) {
    if (request == null) {
      throw io.tandem.common.error.TandemException.validation("A body is required: {\"healthy\": \"<CEL>\"}.");
    }
    return response(rules.put(space, kind, request.healthy(), request.degraded(), request.reason(), Authors.of(principal)));
  }

  private ListResponse<HealthRuleResponse> list(String space) {
    return new ListResponse<>(rules.list(space).stream().map(HealthRulesController::response).toList(), null);
  }

  private static HealthRuleResponse response(HealthRule rule) {
    return new HealthRuleResponse(rule.kindName(), rule.group(), rule.healthy(), rule.degraded(), rule.reason(),
        rule.scope(), rule.space(), rule.updatedAt(), rule.updatedBy());
  }
}
