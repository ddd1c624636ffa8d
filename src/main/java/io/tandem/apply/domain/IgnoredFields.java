package io.tandem.apply.domain;

import io.tandem.common.yaml.KubernetesResource;
import io.tandem.common.yaml.KubernetesYaml;
import io.tandem.common.yaml.LiveCleaner;
import io.tandem.common.yaml.ResourceChange;
import io.tandem.common.yaml.ResourcePatch;
import io.tandem.common.yaml.StructuralDiff;
import io.tandem.common.yaml.TextPatcher;
import io.tandem.common.yaml.Trees;
import io.tandem.space.domain.IgnoreRules;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What an apply sends for the fields that ignore rules cover (by path): the value on the cluster, so that no apply (a
 * person's, a Continuous one, a revert) changes them back. A field the configuration does not set stays unset, so the
 * apply does not take it from whoever owns it.
 */
final class IgnoredFields {

  private IgnoredFields() {}

  /**
   * The data to apply, with the cluster's values of the fields that ignore rules cover.
   *
   * @param live the objects as read now, one per resource of {@code data}; {@code null} where one is missing
   * @return {@code data} with the values of ignored fields that live objects have; {@code data} itself when none differ
   */
  static String keepLive(String data, List<Map<String, Object>> live, IgnoreRules rules) {
    List<KubernetesResource> resources = KubernetesYaml.parse(data);
    List<KubernetesResource> wanted = new ArrayList<>();
    boolean changed = false;
    for (int i = 0; i < resources.size(); i++) {
      KubernetesResource resource = resources.get(i);
      Map<String, Object> content = Trees.deepCopy(resource.content());
      Map<String, Object> now = i < live.size() && live.get(i) != null ? LiveCleaner.clean(Trees.deepCopy(live.get(i))) : null;
      if (now != null) {
        KubernetesResource onCluster = new KubernetesResource(resource.apiVersion(), resource.kind(), resource.namespace(),
            resource.name(), now, resource.document(), resource.line());
        for (ResourceChange change : StructuralDiff.between(List.of(resource), List.of(onCluster))) {
          if (change.op() != ResourceChange.Op.add && !change.path().isEmpty() && rules.ignores(resource.apiVersion(),
              resource.kind(), resource.namespace(), resource.name(), change.path(), Set.of())) {
            ResourcePatch.apply(content, change);
            changed = true;
          }
        }
      }
      wanted.add(KubernetesYaml.resource(content, i + 1));
    }
    return changed ? TextPatcher.patch(data, wanted) : data;
  }
}
