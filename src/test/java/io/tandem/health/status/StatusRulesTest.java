package io.tandem.health.status;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.health.domain.UnitHealth;
import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.json.JsonMapper;

/** The kstatus rules on objects as a real API server returned them (src/test/resources/health/, its README). */
class StatusRulesTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  @ParameterizedTest(name = "{0}: {1} ({2})")
  @CsvSource(delimiter = '|', textBlock = """
      deployment-available                   | Current     | Available: 1/1
      deployment-generation-not-observed     | InProgress  | Generation 2 not observed yet (observed 1)
      deployment-rolling-out                 | InProgress  | Pending termination: 1
      deployment-progress-deadline-exceeded  | Failed      | ProgressDeadlineExceeded
      deployment-terminating                 | Terminating | Terminating
      statefulset-ready                      | Current     | Ready: 3/3
      statefulset-scaling                    | InProgress  | Replicas: 2/3
      daemonset-ready                        | Current     | Ready: 2/2
      daemonset-not-ready                    | InProgress  | Updated: 1/2
      replicaset-available                   | Current     | Available: 1/1
      job-complete                           | Current     | Complete
      job-failed                             | Failed      | BackoffLimitExceeded
      job-running                            | InProgress  | Active: 1, succeeded: 0, failed: 0
      pvc-bound                              | Current     | Bound
      pvc-pending                            | InProgress  | Not bound: Pending
      pod-ready                              | Current     | Ready
      pod-image-pull-backoff                 | Failed      | ImagePullBackOff
      pod-crash-loop-backoff                 | Failed      | CrashLoopBackOff
      pod-unschedulable                      | InProgress  | Unschedulable
      service-cluster-ip                     | Current     | Exists
      service-load-balancer-pending          | InProgress  | Waiting for a load balancer address
      service-load-balancer-ready            | Current     | Load balancer address assigned
      custom-ready                           | Current     | Ready
      custom-not-ready                       | InProgress  | Not ready: DoesNotExist
      custom-reconciling                     | InProgress  | ProgressingWithRetry
      custom-stalled                         | Failed      | BuildFailed
      configmap                              | Current     | Exists
      """)
  void aRecordedObjectHasTheStatusKstatusGivesIt(String fixture, ObjectStatus status, String reason) {
    assertThat(StatusRules.of(fixture(fixture))).isEqualTo(new ObjectHealth(status, reason));
  }

  @Test
  void anObjectThatIsNotThereIsNotFound() {
    assertThat(StatusRules.of(null).status()).isEqualTo(ObjectStatus.NotFound);
  }

  @Test
  void aDeploymentWaitingForItsNewPodToBecomeAvailableIsInProgress() {
    Map<String, Object> deployment = fixture("deployment-rolling-out");
    status(deployment).putAll(Map.of("replicas", 1, "updatedReplicas", 1, "readyReplicas", 0, "availableReplicas", 0));
    assertThat(StatusRules.of(deployment)).isEqualTo(ObjectHealth.inProgress("Ready: 0/1"));
  }

  @Test
  void aDeploymentWhoseNewReplicaSetIsNotYetAvailableIsInProgress() {
    Map<String, Object> deployment = fixture("deployment-rolling-out");
    status(deployment).putAll(Map.of("replicas", 1, "updatedReplicas", 1, "readyReplicas", 1, "availableReplicas", 1));
    assertThat(StatusRules.of(deployment)).isEqualTo(ObjectHealth.inProgress("ReplicaSet not available"));
  }

  @Test
  void aConditionMessageOfKilobytesIsCutToTheLongestReasonKept() {
    Map<String, Object> deployment = fixture("deployment-progress-deadline-exceeded");
    String message = "quota exceeded: " + "x".repeat(5_000);
    status(deployment).put("conditions", List.of(Map.of("type", "Stalled", "status", "True", "message", message)));
    String reason = StatusRules.of(deployment).reason();
    assertThat(reason).hasSize(ObjectHealth.MAX_REASON).startsWith("quota exceeded: xxx").endsWith("x\u2026");
  }

  @Test
  void aStatusThatIsNotAnObjectIsUnknown() {
    Map<String, Object> object = fixture("configmap");
    object.put("status", "weird");
    assertThat(StatusRules.of(object).status()).isEqualTo(ObjectStatus.Unknown);
  }

  @Test
  void aUnitIsAsHealthyAsItsWorstObject() {
    UnitHealth health = UnitHealth.worstOf(List.of(
        observed("Service default/paymentservice", "service-cluster-ip"),
        observed("Deployment default/paymentservice", "deployment-progress-deadline-exceeded"),
        new UnitHealth.Observed("ConfigMap default/gone", ObjectHealth.notFound(), null)));
    assertThat(health.status()).isEqualTo(HealthStatus.Degraded);
    assertThat(health.object()).isEqualTo("Deployment default/paymentservice");
    assertThat(health.reason()).isEqualTo("Deployment default/paymentservice: ProgressDeadlineExceeded");
  }

  @Test
  void aUnitWithAnObjectDeletedOutOfBandIsMissing() {
    UnitHealth health = UnitHealth.worstOf(List.of(
        observed("Deployment default/paymentservice", "deployment-rolling-out"),
        new UnitHealth.Observed("Service default/paymentservice", ObjectHealth.notFound(), null)));
    assertThat(health.status()).isEqualTo(HealthStatus.Missing);
    assertThat(health.reason()).isEqualTo("Service default/paymentservice: NotFound");
  }

  @Test
  void aUnitWhoseObjectsAreAllCurrentIsHealthyAndNamesNoObject() {
    UnitHealth health = UnitHealth.worstOf(List.of(
        observed("Deployment default/paymentservice", "deployment-available"),
        observed("Service default/paymentservice", "service-cluster-ip")));
    assertThat(health).extracting(UnitHealth::status, UnitHealth::object, UnitHealth::reason)
        .containsExactly(HealthStatus.Healthy, null, "All 2 objects are current");
  }

  @Test
  void aUnitWithAnObjectNotObservedSinceItWasAppliedIsUnknownAndAUnitWithoutObjectsHasNoHealth() {
    UnitHealth health = UnitHealth.worstOf(List.of(
        observed("Deployment default/paymentservice", "deployment-rolling-out"),
        new UnitHealth.Observed("Service default/paymentservice", null, null)));
    assertThat(health.status()).isEqualTo(HealthStatus.Unknown);
    assertThat(UnitHealth.worstOf(List.of())).isNull();
  }

  private static UnitHealth.Observed observed(String object, String fixture) {
    return new UnitHealth.Observed(object, StatusRules.of(fixture(fixture)), null);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> status(Map<String, Object> object) {
    return (Map<String, Object>) object.get("status");
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> fixture(String name) {
    try (InputStream in = StatusRulesTest.class.getResourceAsStream("/health/" + name + ".json")) {
      assertThat(in).as("fixture " + name).isNotNull();
      Map<String, Object> object = JSON.readValue(in, LinkedHashMap.class);
      object.put("status", object.get("status") instanceof Map<?, ?> status ? new HashMap<>(status) : object.get("status"));
      return object;
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
