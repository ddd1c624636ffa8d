package io.tandem.apply.domain;

import io.tandem.common.error.TandemException;
import io.tandem.common.yaml.Hooks;
import io.tandem.common.yaml.KubernetesResource;
import io.tandem.common.yaml.KubernetesYaml;
import io.tandem.common.yaml.ParsedContent;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The steps of one apply, as Argo CD orders a sync: the PreSync hooks, then the configuration and the Sync hooks wave
 * by wave, then the PostSync hooks; the SyncFail hooks only when one of those fails. Within a phase, objects of a
 * lower wave ({@code tandem.io/apply-wave}, else {@code argocd.argoproj.io/sync-wave}; Helm hooks'
 * {@code helm.sh/hook-weight}) come first, and each step is healthy (a hook Job complete) before the next starts.
 * Helm hooks run as {@code helm install} and {@code helm upgrade} run them: {@code pre-install} and
 * {@code post-install} on the unit's first apply to its target, {@code pre-upgrade} and {@code post-upgrade} on the
 * later ones; hooks of other events (delete, rollback, test) are kept and not run.
 *
 * @param deployables the configuration without its hooks, as the unit's objects on the cluster are
 */
public record ApplyPlan(List<Step> steps, List<Step> onFailure, String deployables) {

  public static final String TANDEM_WAVE = "tandem.io/apply-wave";
  public static final String ARGO_WAVE = "argocd.argoproj.io/sync-wave";
  static final String ARGO_DELETE_POLICY = "argocd.argoproj.io/hook-delete-policy";
  static final String HELM_WEIGHT = "helm.sh/hook-weight";
  static final String HELM_DELETE_POLICY = "helm.sh/hook-delete-policy";
  /** The characters Kubernetes draws a generated name's suffix from (no vowels, no look-alikes). */
  private static final String NAME_SUFFIX = "bcdfghjklmnpqrstvwxz2456789";

  public enum Phase { PreSync, Sync, PostSync, SyncFail }

  public enum DeletePolicy { BeforeHookCreation, HookSucceeded, HookFailed }

  /** A hook object and when it goes. */
  public record Hook(KubernetesResource resource, Set<DeletePolicy> deletePolicies) {

    /** {@code Job/db-migrate}. */
    public String describe() {
      return resource.kind() + "/" + resource.name();
    }
  }

  /** Objects applied together, then waited for: a wave of the configuration with its Sync hooks, or a wave of hooks. */
  public record Step(Phase phase, int wave, List<KubernetesResource> objects, List<Hook> hooks) {

    /** The step's objects and hooks as one text to apply. */
    public String text() {
      List<Map<String, Object>> all = new ArrayList<>();
      objects.forEach(object -> all.add(object.content()));
      hooks.forEach(hook -> all.add(hook.resource().content()));
      return KubernetesYaml.render(all);
    }
  }

  /** Whether the apply is one step without hooks, as an apply has always been: nothing to wait for between steps. */
  public boolean single() {
    return onFailure.isEmpty() && steps.size() <= 1 && steps.stream().allMatch(step -> step.hooks().isEmpty());
  }

  /**
   * The plan of an apply of {@code data}: its steps in order, and the SyncFail hooks.
   *
   * @param install whether this is the unit's first apply to its target (Helm's {@code -install} hooks run, not its
   *     {@code -upgrade} ones)
   * @throws TandemException {@code validation-failed} for a wave, weight, hook or delete policy that is not one
   */
  public static ApplyPlan of(String data, boolean install) {
    if (!Hooks.mayHaveHooks(data) && !data.contains(TANDEM_WAVE) && !data.contains(ARGO_WAVE)) {
      // the common case: no hooks, no waves; the data as it is, in one step
      return new ApplyPlan(List.of(new Step(Phase.Sync, 0, ParsedContent.parse(data), List.of())), List.of(), data);
    }
    Map<Phase, TreeMap<Integer, Step>> phases = new java.util.EnumMap<>(Phase.class);
    for (KubernetesResource resource : ParsedContent.parse(data)) {
      if (!Hooks.isHook(resource)) {
        step(phases, Phase.Sync, wave(resource, false)).objects().add(resource);
        continue;
      }
      Hook hook = new Hook(named(resource), deletePolicies(resource));
      for (Phase phase : phases(resource, install)) {
        step(phases, phase, wave(resource, true)).hooks().add(hook);
      }
    }
    List<Step> steps = new ArrayList<>();
    for (Phase phase : List.of(Phase.PreSync, Phase.Sync, Phase.PostSync)) {
      steps.addAll(phases.getOrDefault(phase, new TreeMap<>()).values());
    }
    if (steps.stream().noneMatch(step -> step.phase() == Phase.Sync)) {
      steps.add(new Step(Phase.Sync, 0, List.of(), List.of())); // the prune happens there
    }
    steps.sort(Comparator.comparing(Step::phase)); // the Sync step added last goes before PostSync; waves keep their order
    return new ApplyPlan(List.copyOf(steps), List.copyOf(phases.getOrDefault(Phase.SyncFail, new TreeMap<>()).values()),
        Hooks.withoutHooks(data));
  }

  /**
   * A hook with {@code metadata.generateName} and no name, named as the API server would name it (the prefix and five
   * random characters): a new object at each apply, which the apply can then read, wait for and delete by its name.
   */
  static KubernetesResource named(KubernetesResource hook) {
    if (!(hook.content().get("metadata") instanceof Map<?, ?> metadata) || metadata.get("name") != null) {
      return hook;
    }
    StringBuilder name = new StringBuilder(hook.name().length() > 58 ? hook.name().substring(0, 58) : hook.name());
    ThreadLocalRandom random = ThreadLocalRandom.current();
    for (int i = 0; i < 5; i++) {
      name.append(NAME_SUFFIX.charAt(random.nextInt(NAME_SUFFIX.length())));
    }
    Map<String, Object> content = new LinkedHashMap<>(hook.content());
    Map<String, Object> named = new LinkedHashMap<>();
    metadata.forEach((key, value) -> named.put(String.valueOf(key), value));
    named.remove("generateName");
    named.put("name", name.toString());
    content.put("metadata", named);
    return new KubernetesResource(hook.apiVersion(), hook.kind(), hook.namespace(), name.toString(), content,
        hook.document(), hook.line());
  }

  private static Step step(Map<Phase, TreeMap<Integer, Step>> phases, Phase phase, int wave) {
    return phases.computeIfAbsent(phase, p -> new TreeMap<>())
        .computeIfAbsent(wave, w -> new Step(phase, w, new ArrayList<>(), new ArrayList<>()));
  }

  /** The phases a hook runs in at this apply: none for Argo CD's {@code Skip}, or a Helm event other than this one. */
  static Set<Phase> phases(KubernetesResource resource, boolean install) {
    Map<String, String> annotations = Hooks.annotations(resource.content());
    Set<Phase> phases = EnumSet.noneOf(Phase.class);
    String argo = annotations.get(Hooks.ARGO_HOOK);
    if (argo != null) {
      for (String name : names(argo)) {
        switch (name) {
          case "PreSync" -> phases.add(Phase.PreSync);
          case "Sync" -> phases.add(Phase.Sync);
          case "PostSync" -> phases.add(Phase.PostSync);
          case "SyncFail" -> phases.add(Phase.SyncFail);
          case "Skip", "PostDelete" -> { }
          default -> throw invalid(resource, Hooks.ARGO_HOOK, name, "PreSync, Sync, PostSync, SyncFail or Skip");
        }
      }
      return phases;
    }
    for (String name : names(annotations.get(Hooks.HELM_HOOK))) {
      switch (name) {
        case "pre-install" -> addIf(phases, install, Phase.PreSync);
        case "post-install" -> addIf(phases, install, Phase.PostSync);
        case "pre-upgrade" -> addIf(phases, !install, Phase.PreSync);
        case "post-upgrade" -> addIf(phases, !install, Phase.PostSync);
        case "pre-delete", "post-delete", "pre-rollback", "post-rollback", "test", "test-success" -> { }
        default -> throw invalid(resource, Hooks.HELM_HOOK, name, "pre-install, post-install, pre-upgrade, post-upgrade,"
            + " pre-delete, post-delete, pre-rollback, post-rollback or test");
      }
    }
    return phases;
  }

  private static void addIf(Set<Phase> phases, boolean when, Phase phase) {
    if (when) {
      phases.add(phase);
    }
  }

  /** A Tandem wave wins over Argo CD's; a Helm hook's weight is its wave. */
  static int wave(KubernetesResource resource, boolean hook) {
    Map<String, String> annotations = Hooks.annotations(resource.content());
    for (String name : hook && !annotations.containsKey(Hooks.ARGO_HOOK) ? List.of(TANDEM_WAVE, HELM_WEIGHT)
        : List.of(TANDEM_WAVE, ARGO_WAVE)) {
      String value = annotations.get(name);
      if (value != null) {
        try {
          return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
          throw invalid(resource, name, value, "a whole number");
        }
      }
    }
    return 0;
  }

  /** Argo CD's or Helm's policies; neither given is BeforeHookCreation, as both default to. */
  static Set<DeletePolicy> deletePolicies(KubernetesResource resource) {
    Map<String, String> annotations = Hooks.annotations(resource.content());
    Set<DeletePolicy> policies = EnumSet.noneOf(DeletePolicy.class);
    String argo = annotations.get(ARGO_DELETE_POLICY);
    String helm = annotations.get(HELM_DELETE_POLICY);
    for (String name : names(argo != null ? argo : helm)) {
      switch (name.toLowerCase(Locale.ROOT).replace("-", "")) {
        case "beforehookcreation" -> policies.add(DeletePolicy.BeforeHookCreation);
        case "hooksucceeded" -> policies.add(DeletePolicy.HookSucceeded);
        case "hookfailed" -> policies.add(DeletePolicy.HookFailed);
        default -> throw invalid(resource, argo != null ? ARGO_DELETE_POLICY : HELM_DELETE_POLICY, name,
            "BeforeHookCreation, HookSucceeded or HookFailed (before-hook-creation, hook-succeeded, hook-failed)");
      }
    }
    return policies.isEmpty() ? EnumSet.of(DeletePolicy.BeforeHookCreation) : policies;
  }

  private static List<String> names(String list) {
    return list == null ? List.of()
        : java.util.Arrays.stream(list.split(",")).map(String::trim).filter(name -> !name.isEmpty()).toList();
  }

  private static TandemException invalid(KubernetesResource resource, String annotation, String value, String expected) {
    return TandemException.validation("Annotation " + annotation + " of " + resource.kind() + "/" + resource.name()
        + " is '" + value + "'; it must be " + expected + ".");
  }
}
