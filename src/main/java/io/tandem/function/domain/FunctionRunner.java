package io.tandem.function.domain;

import io.tandem.common.error.TandemException;
import io.tandem.common.yaml.KubernetesResource;
import io.tandem.common.yaml.KubernetesYaml;
import io.tandem.common.yaml.ParsedContent;
import io.tandem.common.yaml.SecretMasker;
import io.tandem.common.yaml.StructuralDiff;
import io.tandem.common.yaml.TextPatcher;
import io.tandem.common.yaml.Trees;
import io.tandem.function.domain.FunctionRegistry.BoundCall;
import io.tandem.unit.domain.Mutation;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Runs the functions of one call on one unit's data, in order, on editable copies of its resources. The outcome is
 * the edited text (written back by {@link TextPatcher}, so untouched lines stay as they were), a mutation for every
 * changed path naming the function and arguments that changed it, and the outputs and findings.
 */
public final class FunctionRunner {

  private FunctionRunner() {}

  /**
   * What the functions did to the data: its edited text, the mutations, outputs and findings.
   *
   * @param data {@code null} when nothing changed
   */
  public record Outcome(
      String data, List<Mutation> mutations, List<FunctionContext.Output> outputs, List<FunctionContext.Finding> findings) {

    public boolean mutated() {
      return data != null;
    }
  }

  public static Outcome run(String space, String unit, String data, List<BoundCall> calls) {
    return run(space, unit, data, false, calls);
  }

  /**
   * With {@code maskSecrets}, the functions see the data with Secret values masked ({@link SecretMasker}); a masked
   * value they leave as it is keeps the data's value in the edited text.
   */
  public static Outcome run(String space, String unit, String data, boolean maskSecrets, List<BoundCall> calls) {
    String seen = maskSecrets ? SecretMasker.mask(data) : data;
    List<KubernetesResource> original = ParsedContent.parse(seen);
    List<Map<String, Object>> resources = new ArrayList<>();
    original.forEach(resource -> resources.add(deepCopy(resource.content())));
    FunctionContext context = new FunctionContext(space, unit, resources);
    List<Mutation> mutations = new ArrayList<>();
    List<KubernetesResource> before = original;
    for (BoundCall call : calls) {
      context.startFunction(call.name());
      call.function().apply(context, call.arguments());
      List<KubernetesResource> after = resourcesOf(resources, call.name());
      String by = call.arguments().display();
      StructuralDiff.between(before, after).forEach(change -> mutations.add(Mutation.of(change, by)));
      before = resourcesOf(deepCopyAll(resources), call.name());
    }
    List<KubernetesResource> result = resourcesOf(resources, null);
    List<KubernetesResource> wanted = maskSecrets ? SecretMasker.keepStored(result, ParsedContent.parse(data)) : result;
    String edited = StructuralDiff.between(original, result).isEmpty() ? null : TextPatcher.patch(data, wanted);
    return new Outcome(edited, List.copyOf(mutations), context.outputs(), context.findings());
  }

  private static List<KubernetesResource> resourcesOf(List<Map<String, Object>> contents, String function) {
    List<KubernetesResource> resources = new ArrayList<>();
    Set<String> ids = new HashSet<>();
    for (int i = 0; i < contents.size(); i++) {
      KubernetesResource resource;
      try {
        resource = KubernetesYaml.resource(contents.get(i), i + 1);
      } catch (TandemException e) {
        throw TandemException.validation("Function '" + function + "' left an invalid object: " + e.getMessage());
      }
      if (!ids.add(resource.id())) {
        throw TandemException.validation("Function '" + function + "' left two objects " + resource.id() + ".");
      }
      resources.add(resource);
    }
    return resources;
  }

  private static List<Map<String, Object>> deepCopyAll(List<Map<String, Object>> contents) {
    return contents.stream().map(FunctionRunner::deepCopy).toList();
  }

  /** A copy that functions may change without touching the (shared, cached) parse it came from. */
  public static <T> T deepCopy(T value) {
    return Trees.deepCopy(value);
  }

}
