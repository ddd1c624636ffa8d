package io.tandem.live.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.tandem.space.domain.IgnoreRules;
import io.tandem.support.Fixtures;
import io.tandem.unit.domain.DataEdit;
import io.tandem.unit.domain.Mutation;
import io.tandem.unit.domain.RevisionSource;
import java.util.List;
import org.junit.jupiter.api.Test;

class RefreshCaptureTest {

  @Test
  void aCaptureChangesOnlyTheDeltasLinesAndNamesItsFieldManager() {
    List<LiveDelta.Change> changes = LiveDelta.between(LiveDeltaTest.UNIT.subList(0, 1),
        List.of(LiveDeltaTest.cleaned("deployment-after-apply")), List.of(LiveDeltaTest.live("deployment-after-kubectl-edit")),
        LiveDeltaTest.IGNORED, IgnoreRules.NONE);

    DataEdit edit = RefreshCapture.edit(Fixtures.paymentService(), changes);

    assertThat(edit.data()).isEqualTo(Fixtures.paymentService().replace("memory: 128Mi", "memory: 512Mi"));
    assertThat(edit.source()).isEqualTo(RevisionSource.Refresh);
    assertThat(edit.mutations()).extracting(Mutation::path, Mutation::by).containsExactly(
        tuple("spec.template.spec.containers.0.resources.limits.memory", "refresh: kubectl-edit"));
    assertThat(edit.description()).startsWith("Captured from the cluster: Drift: apps/v1/Deployment//paymentservice");
  }
}
