package io.tandem.unit;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.RealCluster;
import io.tandem.support.TandemIT;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * {@link ContinuousApplyScenarios} on a real API server, and failures only a real one makes: an object it refuses as
 * invalid, and an object in a namespace that does not exist yet.
 */
@TandemIT
@RealCluster
class ContinuousApplyOnKubeApiServerIT extends ContinuousApplyScenarios {

  @Test
  void anObjectInANamespaceThatIsNotThereYetIsRetriedUntilItIs() {
    String later = space + "-later";
    String unit = unit("payment", "sandbox", data("payment", later, "128Mi"));
    eventually(() -> get(unit).path("attempts").asInt() >= 2 && !get(unit).path("nextAttemptAt").isNull(),
        "two failed attempts");
    assertThat(applies(unit).get(applies(unit).size() - 1).path("message").asString()).contains(later);
    assertThat(get(unit).path("liveRevisionNum").asInt()).isZero();

    tool.namespace(later);

    eventually(() -> get(unit).path("liveRevisionNum").asInt() == 1, "applied once the namespace is there");
    assertThat(memoryOnTheCluster(later, "payment")).isEqualTo("128Mi");
    eventually(() -> get(unit).path("attempts").asInt() == 0, "attempts reset by the success");
  }

  @Test
  void anInvalidObjectIsRetriedAndANewRevisionThatFixesItStartsOverAndIsApplied() {
    String unit = unit("payment", "sandbox", data("payment", space, "128Mi").replace("replicas: 1", "replicas: -1"));
    eventually(() -> get(unit).path("attempts").asInt() >= 2 && !get(unit).path("nextAttemptAt").isNull(),
        "two failed attempts");
    JsonNode failed = applies(unit).get(applies(unit).size() - 1);
    assertThat(failed.path("result").asString()).isEqualTo("ApplyFailed");
    assertThat(failed.path("message").asString()).contains("422", "Invalid");

    newRevision(unit, data("payment", space, "256Mi"));

    eventually(() -> get(unit).path("liveRevisionNum").asInt() == 2, "the fixed revision applied");
    assertThat(memoryOnTheCluster(space, "payment")).isEqualTo("256Mi");
    assertThat(applies(unit).get(0).path("revisionNum").asInt()).isEqualTo(2);
    assertThat(applies(unit).stream().filter(apply -> apply.path("revisionNum").asInt() == 2)).hasSize(1);
    eventually(() -> get(unit).path("attempts").asInt() == 0 && get(unit).path("nextAttemptAt").isNull(), "reset");
  }
}
