package io.tandem.space.api;

import io.swagger.v3.oas.annotations.media.Schema;
import io.tandem.space.domain.IgnoreRule;
import io.tandem.space.domain.IgnoreRules;
import java.util.List;

/** An ignore rule as requests and responses carry it. */
@Schema(name = "IgnoreRule", description = "Fields of live objects that are never drift, never captured and never"
    + " reverted: in the objects the selector picks (null or * for any; * inside a value for any characters; group \"\""
    + " is the core group), the fields at or below one of paths, or owned by one of managers")
public record IgnoreRuleBody(
    @Schema(example = "apps") String group,
    @Schema(example = "Deployment") String kind,
    @Schema(example = "*") String namespace,
    @Schema(example = "payment*") String name,
    @Schema(description = "Dotted paths, * for any list item: spec.replicas, spec.template.spec.containers.*.image")
    List<String> paths,
    @Schema(description = "Field managers whose fields are ignored: kubectl-edit, kube-controller-manager")
    List<String> managers) {

  public static final String DESCRIPTION = "Fields of live objects that are never drift, captured or reverted (PATCH"
      + " replaces the list; null clears it)";

  public static List<IgnoreRuleBody> from(IgnoreRules rules) {
    return rules.rules().stream().map(IgnoreRuleBody::from).toList();
  }

  static IgnoreRuleBody from(IgnoreRule rule) {
    return new IgnoreRuleBody(rule.group(), rule.kind(), rule.namespace(), rule.name(), rule.paths(), rule.managers());
  }
}
