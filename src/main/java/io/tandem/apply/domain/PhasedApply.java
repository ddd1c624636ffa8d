package io.tandem.apply.domain;

import io.tandem.apply.ApplyProperties;
import io.tandem.apply.domain.ApplyPlan.DeletePolicy;
import io.tandem.apply.domain.ApplyPlan.Hook;
import io.tandem.apply.domain.ApplyPlan.Phase;
import io.tandem.apply.domain.ApplyPlan.Step;
import io.tandem.common.yaml.KubernetesResource;
import io.tandem.common.yaml.KubernetesYaml;
import io.tandem.common.yaml.ObjectKey;
import io.tandem.common.yaml.ParsedContent;
import io.tandem.health.domain.HealthRules;
import io.tandem.health.status.ObjectHealth;
import io.tandem.health.status.ObjectStatus;
import io.tandem.targets.domain.ApplyReport;
import io.tandem.targets.domain.ClusterSession;
import io.tandem.targets.domain.ObjectSelection;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Carries out an {@link ApplyPlan} of several steps on a cluster session (a direct connection or a worker's, the same
 * calls): each step applied, then read until its objects are healthy and its hooks complete, before the next; the
 * prune after the last wave of the configuration; a failure stops it and runs the SyncFail hooks. A hook is deleted
 * before it is created again (BeforeHookCreation), and after it succeeded or failed as its policies say.
 */
@Component
class PhasedApply {

  private static final Logger log = LoggerFactory.getLogger(PhasedApply.class);

  private final HealthRules rules;
  private final ApplyProperties settings;
  private final Clock clock;

  PhasedApply(HealthRules rules, ApplyProperties settings, Clock clock) {
    this.rules = rules;
    this.settings = settings;
    this.clock = clock;
  }

  /** What the apply did, as one report, and what each hook and wave came to, in order. */
  record Result(ApplyReport report, List<String> steps) {}

  /**
   * A step's end: {@code null} when healthy, else why not; {@code notConnected} when the cluster could not be connected
   * to before the apply sent anything, which another server may still reach.
   */
  private record Failure(String failedOn, String reason, boolean notConnected) {

    Failure(String failedOn, String reason) {
      this(failedOn, reason, false);
    }
  }

  /**
   * @param dropped the objects the previously applied revision had and this one does not: deleted after the last wave
   * @param timeout how long each step may take ({@code null}: {@code tandem.apply.step-timeout})
   */
  Result run(ClusterSession session, String space, ApplyPlan plan, List<KubernetesResource> dropped,
      Set<ObjectKey> spare, Duration timeout) {
    Run run = new Run(session, space, timeout == null ? settings.stepTimeout() : timeout);
    int lastSync = 0;
    for (int i = 0; i < plan.steps().size(); i++) {
      lastSync = plan.steps().get(i).phase() == Phase.Sync ? i : lastSync;
    }
    for (int i = 0; i < plan.steps().size(); i++) {
      Step step = plan.steps().get(i);
      boolean last = i == plan.steps().size() - 1;
      Failure failure = run.step(step, !last || !step.hooks().isEmpty());
      if (failure == null && i == lastSync && !dropped.isEmpty()) {
        failure = run.prune(dropped, spare);
      }
      if (failure != null && failure.notConnected()) {
        return run.result(failure); // nothing was sent: no SyncFail hook to run either
      }
      if (failure != null) {
        plan.onFailure().forEach(failHook -> run.step(failHook, true));
        return run.result(failure);
      }
    }
    return run.result(null);
  }

  /** One apply's progress. */
  private final class Run {
    private final ClusterSession session;
    private final String space;
    private final Duration timeout;
    private final List<String> applied = new ArrayList<>();
    private final List<String> deleted = new ArrayList<>();
    private final List<String> takenOver = new ArrayList<>();
    private final List<ObjectKey> spared = new ArrayList<>();
    private final List<String> steps = new ArrayList<>();
    /** Whether anything reached the cluster yet. */
    private boolean sent;

    Run(ClusterSession session, String space, Duration timeout) {
      this.session = session;
      this.space = space;
      this.timeout = timeout;
    }

    Failure step(Step step, boolean wait) {
      List<Hook> recreated = step.hooks().stream()
          .filter(hook -> hook.deletePolicies().contains(DeletePolicy.BeforeHookCreation)).toList();
      Failure gone = recreated.isEmpty() ? null : delete(recreated, true);
      if (gone != null) {
        return gone;
      }
      ApplyReport report = session.apply(step.text(), "", Set.of());
      applied.addAll(report.applied());
      takenOver.addAll(report.takenOver());
      if (!report.succeeded()) {
        return failure(report, report.error());
      }
      sent = true;
      if (!wait) {
        return null;
      }
      Failure failure = awaitHealthy(step);
      step.hooks().forEach(hook -> afterHook(step, hook, failure));
      if (failure == null && step.hooks().isEmpty()) { // a hook's own line says how its step ended
        steps.add("wave " + step.wave() + " healthy");
      }
      return failure;
    }

    private void afterHook(Step step, Hook hook, Failure failure) {
      boolean failed = failure != null && failure.failedOn().equals(hook.describe());
      steps.add(step.phase() + " hook " + hook.describe() + (failed ? " failed: " + failure.reason() : failure == null
          ? " succeeded" : " not finished"));
      if ((failure == null && hook.deletePolicies().contains(DeletePolicy.HookSucceeded))
          || (failed && hook.deletePolicies().contains(DeletePolicy.HookFailed))) {
        delete(List.of(hook), false);
      }
    }

    /** Reads the step's objects until each is Current, or one Failed, or the time is up. */
    private Failure awaitHealthy(Step step) {
      List<KubernetesResource> resources = new ArrayList<>(step.objects());
      step.hooks().forEach(hook -> resources.add(hook.resource()));
      List<String> names = resources.stream().map(object -> object.kind() + "/" + object.name()).toList();
      Instant deadline = clock.instant().plus(timeout);
      String text = step.text();
      while (true) {
        List<Map<String, Object>> live = session.read(text);
        Failure pending = null;
        for (int i = 0; i < live.size(); i++) {
          ObjectHealth health = rules.of(space, live.get(i));
          if (health.status() == ObjectStatus.Failed) {
            return new Failure(names.get(i), health.reason() + podFailure(resources.get(i), live.get(i)));
          }
          if (health.status() != ObjectStatus.Current && pending == null) {
            pending = new Failure(names.get(i), health.status() + ", " + health.reason());
          }
        }
        if (pending == null) {
          return null;
        }
        if (!clock.instant().isBefore(deadline)) {
          return new Failure(pending.failedOn(), "not healthy after " + io.tandem.health.domain.ApplyWait.describe(timeout)
              + ": " + pending.reason());
        }
        if (!pause()) {
          return new Failure(pending.failedOn(), "interrupted while waiting: " + pending.reason());
        }
      }
    }

    /**
     * {@code ; pod …: container … exited 1 (Error): …} for a failed Job or Pod, as its pods say; nothing where they do
     * not say, or cannot be read (a worker's account may not list pods).
     */
    private String podFailure(KubernetesResource failed, Map<String, Object> live) {
      try {
        List<Map<String, Object>> pods = switch (failed.kind()) {
          case "Pod" -> List.of(live);
          case "Job" -> session.list(new ObjectSelection(List.of(failed.namespace() != null ? failed.namespace()
              : session.target().namespace()), List.of("core/Pod"), HookPods.JOB_LABEL + "=" + failed.name(), List.of()))
              .objects();
          default -> List.of();
        };
        return HookPods.failure(pods).map(why -> "; " + why).orElse("");
      } catch (RuntimeException e) {
        log.info("The pods of failed {}/{} could not be read: {}", failed.kind(), failed.name(), e.getMessage());
        return "";
      }
    }

    /** Deletes hooks (and, with {@code await}, waits until they are gone, as one of the same name comes next). */
    private Failure delete(List<Hook> hooks, boolean await) {
      String text = KubernetesYaml.render(hooks.stream().map(hook -> hook.resource().content()).toList());
      ApplyReport report = session.destroy(text, Set.of());
      if (!report.succeeded()) {
        return failure(report, "could not be deleted before it is created again: " + report.error());
      }
      sent = true;
      Instant deadline = clock.instant().plus(timeout);
      while (await && session.read(text).stream().anyMatch(java.util.Objects::nonNull)) {
        if (!clock.instant().isBefore(deadline) || !pause()) {
          return new Failure(hooks.get(0).describe(), "still there after its deletion");
        }
      }
      return null;
    }

    /** A failed call's failure: not connected only while nothing else reached the cluster before it. */
    private Failure failure(ApplyReport report, String reason) {
      return new Failure(report.failedOn(), reason, report.notConnected() && !sent && applied.isEmpty());
    }

    Failure prune(List<KubernetesResource> dropped, Set<ObjectKey> spare) {
      ApplyReport report = session.destroy(KubernetesYaml.render(dropped.stream().map(KubernetesResource::content).toList()),
          spare);
      deleted.addAll(report.deleted());
      spared.addAll(report.spared());
      return report.succeeded() ? null : new Failure(report.failedOn(), report.error());
    }

    private boolean pause() {
      try {
        Thread.sleep(settings.stepPoll().toMillis());
        return true;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }

    Result result(Failure failure) {
      return new Result(new ApplyReport(applied, deleted, takenOver, spared, failure == null ? null : failure.failedOn(),
          failure == null ? null : failure.reason(), failure != null && failure.notConnected()), steps);
    }
  }

  /** The objects of {@code previous} that {@code wanted} (keys of the new data) no longer has. */
  static List<KubernetesResource> dropped(String previous, List<ObjectKey> previousKeys, List<ObjectKey> wanted) {
    List<KubernetesResource> resources = ParsedContent.parse(previous);
    List<KubernetesResource> dropped = new ArrayList<>();
    for (int i = 0; i < resources.size(); i++) {
      if (!wanted.contains(previousKeys.get(i))) {
        dropped.add(resources.get(i));
      }
    }
    return dropped;
  }
}
