package io.tandem.live.domain;

import io.tandem.common.yaml.KubernetesResource;
import io.tandem.common.yaml.KubernetesYaml;
import io.tandem.common.yaml.StructuralDiff;
import io.tandem.common.yaml.TextPatcher;
import io.tandem.unit.domain.DataEdit;
import io.tandem.unit.domain.Mutation;
import io.tandem.unit.domain.RevisionSource;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** A capture as an edit of the head: only the live delta patched onto its text, each path named by its managers. */
final class RefreshCapture {

  private RefreshCapture() {}

  /** The Refresh revision that {@code changes} make of {@code head}, every other line of it as it was. */
  static DataEdit edit(String head, List<LiveDelta.Change> changes) {
    List<KubernetesResource> resources = KubernetesYaml.parse(head);
    List<Map<String, Object>> patched = LiveDelta.applyTo(resources, changes);
    List<KubernetesResource> wanted = new ArrayList<>();
    for (int i = 0; i < patched.size(); i++) {
      wanted.add(KubernetesYaml.resource(patched.get(i), i + 1));
    }
    List<Mutation> mutations = new ArrayList<>();
    StructuralDiff.between(resources, wanted).forEach(change -> mutations.add(Mutation.of(change, by(changes, change.path()))));
    return new DataEdit(TextPatcher.patch(head, wanted), RevisionSource.Refresh,
        "Captured from the cluster: " + DriftPolicy.describe(changes, List.of()), mutations);
  }

  /** {@code refresh: kubectl-edit}: the managers of the live changes at {@code path}, or plain {@code refresh}. */
  private static String by(List<LiveDelta.Change> changes, String path) {
    Set<String> managers = new LinkedHashSet<>();
    changes.stream().filter(change -> change.change().path().equals(path)).forEach(change -> managers.addAll(change.managers()));
    return managers.isEmpty() ? "refresh" : "refresh: " + String.join(", ", managers);
  }
}
