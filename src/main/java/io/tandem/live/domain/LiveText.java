package io.tandem.live.domain;

import io.tandem.common.yaml.KubernetesResource;
import io.tandem.common.yaml.ObjectKey;
import io.tandem.common.yaml.ParsedContent;
import io.tandem.common.yaml.ResourceChange;
import io.tandem.common.yaml.ResourcePatch;
import io.tandem.common.yaml.StructuralDiff;
import io.tandem.common.yaml.TextPatcher;
import io.tandem.function.domain.FunctionRunner;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A unit's live state written as the unit's own text: the revision the target runs, with what changed on the cluster
 * since configuration and cluster last agreed (the baseline) patched in, and without the objects the cluster lacks.
 * Fields the API server defaults are in the baseline and the observation alike, so they never show; neither do key
 * order or fields no one changed. Objects of the revision that were not observed are left as the revision has them.
 */
final class LiveText {

  private LiveText() {}

  static String of(String applied, LiveStore.Snapshot snapshot) {
    List<KubernetesResource> resources = ParsedContent.parse(applied);
    List<KubernetesResource> live = new ArrayList<>();
    for (KubernetesResource resource : resources) {
      if (snapshot.missing().contains(resource.id())) {
        continue;
      }
      int seen = observedAt(resource, snapshot);
      if (seen < 0) {
        live.add(resource);
        continue;
      }
      Map<String, Object> content = FunctionRunner.deepCopy(resource.content());
      for (ResourceChange change : StructuralDiff.between(List.of(as(resource, snapshot.baseline().get(seen))),
          List.of(as(resource, snapshot.observed().get(seen))))) {
        ResourcePatch.apply(content, change);
      }
      live.add(as(resource, content));
    }
    return TextPatcher.patch(applied, live);
  }

  /** Where the snapshot holds the object, its baseline and observation both; -1 when it does not. */
  private static int observedAt(KubernetesResource resource, LiveStore.Snapshot snapshot) {
    ObjectKey wanted = ObjectKey.of(resource.apiVersion(), resource.kind(), resource.namespace(), resource.name());
    int pairs = Math.min(snapshot.baseline().size(), snapshot.observed().size());
    for (int i = 0; i < pairs; i++) {
      Map<String, Object> observed = snapshot.observed().get(i);
      if (observed == null || snapshot.baseline().get(i) == null
          || !(observed.get("metadata") instanceof Map<?, ?> metadata)) {
        continue;
      }
      ObjectKey key = ObjectKey.of(String.valueOf(observed.get("apiVersion")), String.valueOf(observed.get("kind")),
          resource.namespace() == null ? null : (String) metadata.get("namespace"), (String) metadata.get("name"));
      if (Objects.equals(key, wanted)) {
        return i;
      }
    }
    return -1;
  }

  private static KubernetesResource as(KubernetesResource identity, Map<String, Object> content) {
    return new KubernetesResource(identity.apiVersion(), identity.kind(), identity.namespace(), identity.name(), content,
        identity.document(), identity.line());
  }
}
