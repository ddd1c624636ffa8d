package io.tandem.live.domain;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.apply.domain.ObjectOwner;
import io.tandem.common.yaml.KubernetesResource;
import io.tandem.common.yaml.ObjectKey;
import io.tandem.space.domain.DriftMode;
import io.tandem.space.domain.IgnoreRules;
import io.tandem.space.domain.Suspension;
import io.tandem.unit.domain.Drift;
import io.tandem.unit.domain.UnitSuspension;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The drift policy on a Deployment as a real API server returns it (src/test/resources/live): applied, then edited
 * with kubectl edit (a person: {@code kubectl-edit} changed the memory limit), or scaled by an autoscaler (a
 * controller: {@code kube-controller-manager} changed the replicas).
 */
class DriftPolicyTest {

  static final List<KubernetesResource> DEPLOYMENT = LiveDeltaTest.UNIT.subList(0, 1);
  static final ObjectKey KEY = ObjectKey.of("apps/v1", "Deployment", "apptique-prod", "paymentservice");
  static final List<Map<String, Object>> BASELINE = List.of(LiveDeltaTest.cleaned("deployment-after-apply"));
  static final Duration HOLD = Duration.ofHours(1);
  static final Instant NOW = Instant.parse("2026-05-01T10:00:00Z");
  static final int LIVE_REVISION = 3;
  static final Optional<UnitSuspension> SUSPENDED = Optional.of(new UnitSuspension(UnitSuspension.Scope.Unit,
      new Suspension("alice", "incident 42", NOW.minusSeconds(60))));

  final DriftPolicy policy = new DriftPolicy(Set.of("kube-controller-manager"), HOLD);
  /** Without the autoscaler's manager among the ignored ones: its change counts as a controller's drift. */
  final DriftPolicy controllersCount = new DriftPolicy(Set.of(), HOLD);

  @Test
  void theFirstObservationBecomesTheBaselineWithoutDrift() {
    DriftVerdict verdict = policy.decide(policy.delta(DEPLOYMENT, null, seen("deployment-after-kubectl-edit"),
        IgnoreRules.NONE), refresh(true, DriftMode.Capture, true, false, Optional.empty(), null));

    assertThat(verdict).isEqualTo(DriftVerdict.baseline(false, "First observation recorded as the baseline."));
    assertThat(verdict.moveBaseline()).isTrue();
  }

  @Test
  void anObjectMissingAtTheFirstObservationIsDrift() {
    DriftVerdict verdict = policy.decide(policy.delta(DEPLOYMENT, null, seen(null), IgnoreRules.NONE),
        refresh(true, DriftMode.Capture, true, false, Optional.empty(), null));

    assertThat(verdict.drifted()).isTrue();
    assertThat(verdict.drift()).isEqualTo(Drift.Drifted);
    assertThat(verdict.moveBaseline()).isTrue();
  }

  @Test
  void liveObjectsMatchingTheBaselineAreNoDriftAndEndAHold() {
    DriftVerdict verdict = background(policy, "deployment-after-apply", IgnoreRules.NONE, DriftMode.Revert);

    assertThat(verdict.drifted()).isFalse();
    assertThat(verdict.drift()).isEqualTo(Drift.None);
    assertThat(verdict.releaseHold()).isTrue();
    assertThat(verdict.capture()).isEmpty();
    assertThat(verdict.revert()).isFalse();
    assertThat(verdict.message()).isEqualTo("The live objects match the live revision 3.");
  }

  @Test
  void aControllersChangeUnderAnIgnoredManagerIsNoDrift() {
    assertThat(background(policy, "deployment-after-hpa-scale", IgnoreRules.NONE, DriftMode.Capture).drifted())
        .isFalse();
  }

  @Test
  void aChangeAnIgnoreRulesPathCoversIsNoDrift() {
    IgnoreRules memory = IgnoreRules.parse("ignoreRules", List.of(Map.of("kind", "Deployment",
        "paths", List.of("spec.template.spec.containers.*.resources.limits.memory"))));

    assertThat(background(policy, "deployment-after-kubectl-edit", memory, DriftMode.Capture).drifted()).isFalse();
  }

  @Test
  void aChangeByAManagerAnIgnoreRuleNamesIsNoDriftButOneOnAnotherKindIs() {
    IgnoreRules kubectlEdit = IgnoreRules.parse("ignoreRules", List.of(Map.of("managers", List.of("kubectl-edit"))));
    IgnoreRules services =
        IgnoreRules.parse("ignoreRules", List.of(Map.of("kind", "Service", "managers", List.of("kubectl-edit"))));

    assertThat(background(policy, "deployment-after-kubectl-edit", kubectlEdit, DriftMode.Capture).drifted()).isFalse();
    assertThat(background(policy, "deployment-after-kubectl-edit", services, DriftMode.Capture).drifted()).isTrue();
  }

  @Test
  void inReportModeDriftIsRecordedAndTheBaselineStays() {
    DriftVerdict verdict = background(policy, "deployment-after-kubectl-edit", IgnoreRules.NONE, DriftMode.Report);

    assertThat(verdict.drifted()).isTrue();
    assertThat(verdict.drift()).isEqualTo(Drift.Drifted);
    assertThat(verdict.moveBaseline()).isFalse();
    assertThat(verdict.capture()).isEmpty();
    assertThat(verdict.revert()).isFalse();
    assertThat(verdict.message())
        .isEqualTo("Drift: apps/v1/Deployment//paymentservice spec.template.spec.containers.0.resources.limits.memory"
            + " (by kubectl-edit).");
  }

  @Test
  void inCaptureModeTheChangeIsCapturedWithItsManagerAndTheBaselineMoves() {
    DriftVerdict verdict = background(policy, "deployment-after-kubectl-edit", IgnoreRules.NONE, DriftMode.Capture);

    assertThat(verdict.capture()).singleElement().satisfies(change -> {
      assertThat(change.change().path()).isEqualTo("spec.template.spec.containers.0.resources.limits.memory");
      assertThat(change.managers()).containsExactly("kubectl-edit");
    });
    assertThat(verdict.moveBaseline()).isTrue();
    assertThat(verdict.drift()).isEqualTo(Drift.None);
    assertThat(verdict.drifted()).isTrue();
  }

  @Test
  void anExplicitRefreshCapturesWhateverTheUnitsModeAndSuspension() {
    DriftVerdict verdict = policy.decide(delta(policy, "deployment-after-kubectl-edit", IgnoreRules.NONE),
        refresh(false, DriftMode.Report, false, false, SUSPENDED, null));

    assertThat(verdict.capture()).hasSize(1);
  }

  @Test
  void aDryRunOnlyReports() {
    DriftVerdict verdict = policy.decide(delta(policy, "deployment-after-kubectl-edit", IgnoreRules.NONE),
        refresh(false, DriftMode.Capture, false, true, Optional.empty(), null));

    assertThat(verdict.capture()).isEmpty();
    assertThat(verdict.drift()).isEqualTo(Drift.Drifted);
    assertThat(verdict.moveBaseline()).isFalse();
  }

  @Test
  void anObjectDeletedOutOfBandIsReportedNeverCaptured() {
    DriftVerdict verdict = policy.decide(policy.delta(DEPLOYMENT, BASELINE, seen(null), IgnoreRules.NONE),
        refresh(false, DriftMode.Capture, true, false, Optional.empty(), null));

    assertThat(verdict.capture()).isEmpty();
    assertThat(verdict.drift()).isEqualTo(Drift.Drifted);
    assertThat(verdict.message()).isEqualTo("Drift: apps/v1/Deployment//paymentservice is missing from the cluster.");
  }

  @Test
  void aSuspendedUnitsBackgroundCaptureIsOnlyReported() {
    DriftVerdict verdict = policy.decide(delta(policy, "deployment-after-kubectl-edit", IgnoreRules.NONE),
        refresh(false, DriftMode.Capture, true, false, SUSPENDED, null));

    assertThat(verdict.capture()).isEmpty();
    assertThat(verdict.moveBaseline()).isFalse();
    assertThat(verdict.message()).endsWith(
        " Not captured: the unit is suspended (by alice: \"incident 42\"); the drift is only reported.");
  }

  @Test
  void anObjectAnotherUnitTookOverIsNoDriftAndIsNamed() {
    ObjectOwner other = new ObjectOwner(UUID.randomUUID(), "team-b", "payments");
    LiveObservation seen = LiveObservation.of(DEPLOYMENT, List.of(KEY), objects(null), Map.of(KEY, other));

    DriftVerdict verdict = policy.decide(policy.delta(DEPLOYMENT, BASELINE, seen, IgnoreRules.NONE),
        refresh(false, DriftMode.Capture, true, false, Optional.empty(), null, seen.takenOverNote()));

    assertThat(verdict.drifted()).isFalse();
    assertThat(verdict.message()).isEqualTo("The live objects match the live revision 3."
        + " apps/v1/Deployment//paymentservice is now applied by unit 'team-b/payments'.");
  }

  @Test
  void inRevertModeAControllersChangeIsRevertedAtOnce() {
    DriftVerdict verdict =
        background(controllersCount, "deployment-after-hpa-scale", IgnoreRules.NONE, DriftMode.Revert);

    assertThat(verdict.revert()).isTrue();
    assertThat(verdict.startHold()).isNull();
    assertThat(verdict.moveBaseline()).isFalse();
    assertThat(verdict.drift()).isEqualTo(Drift.Drifted);
    assertThat(verdict.message()).endsWith(" Reverting: revision 3 is applied again.");
  }

  @Test
  void inRevertModeAPersonsChangeStartsAHoldInsteadOfARevert() {
    DriftVerdict verdict = background(policy, "deployment-after-kubectl-edit", IgnoreRules.NONE, DriftMode.Revert);

    assertThat(verdict.revert()).isFalse();
    assertThat(verdict.startHold()).isEqualTo(new LiveStore.BreakGlassHold(List.of("kubectl-edit"), NOW, NOW.plus(HOLD)));
    assertThat(verdict.message())
        .endsWith(" Held, not reverted, until 2026-05-01T11:00:00Z: a break-glass change by [kubectl-edit].");
  }

  @Test
  void aRunningHoldIsKeptAndNamesWhoseChangeItHolds() {
    LiveStore.BreakGlassHold running = new LiveStore.BreakGlassHold(List.of("kubectl-patch"), NOW.minusSeconds(600),
        NOW.plusSeconds(600));

    DriftVerdict verdict = policy.decide(delta(policy, "deployment-after-kubectl-edit", IgnoreRules.NONE),
        refresh(false, DriftMode.Revert, true, false, Optional.empty(), running));

    assertThat(verdict.revert()).isFalse();
    assertThat(verdict.startHold()).isNull();
    assertThat(verdict.message()).endsWith(" a break-glass change by [kubectl-patch].");
  }

  @Test
  void aPersonsChangeIsRevertedOnceItsHoldEnded() {
    LiveStore.BreakGlassHold ended =
        new LiveStore.BreakGlassHold(List.of("kubectl-edit"), NOW.minus(HOLD), NOW.minusSeconds(1));

    DriftVerdict verdict = policy.decide(delta(policy, "deployment-after-kubectl-edit", IgnoreRules.NONE),
        refresh(false, DriftMode.Revert, true, false, Optional.empty(), ended));

    assertThat(verdict.revert()).isTrue();
    assertThat(verdict.message()).contains(" The break-glass hold ended at 2026-05-01T09:59:59Z.")
        .endsWith(" Reverting: revision 3 is applied again.");
  }

  @Test
  void aSuspendedUnitIsNotReverted() {
    DriftVerdict verdict = controllersCount.decide(delta(controllersCount, "deployment-after-hpa-scale",
        IgnoreRules.NONE), refresh(false, DriftMode.Revert, true, false, SUSPENDED, null));

    assertThat(verdict.revert()).isFalse();
    assertThat(verdict.drift()).isEqualTo(Drift.Drifted);
    assertThat(verdict.message()).endsWith(" Not reverted: the unit is suspended (by alice: \"incident 42\").");
  }

  private DriftVerdict background(DriftPolicy policy, String live, IgnoreRules rules, DriftMode mode) {
    return policy.decide(delta(policy, live, rules), refresh(false, mode, true, false, Optional.empty(), null));
  }

  private static DriftPolicy.Delta delta(DriftPolicy policy, String live, IgnoreRules rules) {
    return policy.delta(DEPLOYMENT, BASELINE, seen(live), rules);
  }

  private static DriftPolicy.Refresh refresh(boolean first, DriftMode mode, boolean background, boolean dryRun,
      Optional<UnitSuspension> suspension, LiveStore.BreakGlassHold hold) {
    return refresh(first, mode, background, dryRun, suspension, hold, "");
  }

  private static DriftPolicy.Refresh refresh(boolean first, DriftMode mode, boolean background, boolean dryRun,
      Optional<UnitSuspension> suspension, LiveStore.BreakGlassHold hold, String takenOverNote) {
    return new DriftPolicy.Refresh(first, takenOverNote, mode, background, dryRun, suspension, hold, LIVE_REVISION, NOW);
  }

  /** The Deployment as read from the cluster: one of the recorded objects, or {@code null} for none. */
  private static LiveObservation seen(String live) {
    return LiveObservation.of(DEPLOYMENT, List.of(KEY), objects(live == null ? null : LiveDeltaTest.live(live)), Map.of());
  }

  private static List<Map<String, Object>> objects(Map<String, Object> object) {
    List<Map<String, Object>> objects = new ArrayList<>();
    objects.add(object);
    return objects;
  }
}
