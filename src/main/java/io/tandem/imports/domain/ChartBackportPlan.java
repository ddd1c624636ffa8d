package io.tandem.imports.domain;

import io.tandem.common.error.TandemException;
import io.tandem.common.yaml.KubernetesYaml;
import io.tandem.common.yaml.ParsedContent;
import io.tandem.common.yaml.ResourceChange;
import io.tandem.common.yaml.StructuralDiff;
import io.tandem.common.yaml.TextPatcher;
import io.tandem.common.yaml.Trees;
import io.tandem.common.yaml.UnifiedDiff;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.springframework.stereotype.Component;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * A revision's change carried back to the values file of the chart folder its unit is rendered from: for each changed
 * path, the value of the chart that feeds it, found by rendering (each value that holds the old value is set to the
 * new one in turn, and the one whose rendering moves exactly that path is it), then all of them together, rendered
 * once more and compared with the change. The values file is edited in place, its comments kept.
 */
@Component
class ChartBackportPlan {

  private static final String VALUES = "values.yaml";
  /** The most values tried for one changed path; each try is a rendering. */
  private static final int MAX_CANDIDATES = 8;
  /** The values file, read as one object by the text patcher under this heading, which is taken off again. */
  private static final String HEADING = "apiVersion: tandem.io/v1\nkind: ChartValues\nmetadata:\n  name: values\n";

  private final ChartRenderer renderer;
  private final RenderHolders holders;

  ChartBackportPlan(ChartRenderer renderer, RenderHolders holders) {
    this.holders = holders;
    this.renderer = renderer;
  }

  BackportPlan.Result of(ChartUnit chart, String folder, Map<String, byte[]> files, List<ResourceChange> changes) {
    byte[] bytes = files.get(VALUES);
    if (bytes == null) {
      return refused("The chart at '" + folder + "' has no " + VALUES + " to carry the change to.");
    }
    String text = new String(bytes, StandardCharsets.UTF_8);
    Map<String, Object> values = parse(text);
    if (values == null || text.startsWith("---") || values.containsKey("apiVersion") || values.containsKey("kind")
        || values.containsKey("metadata")) {
      return refused("The chart's " + VALUES + " is not one plain mapping that can be edited in place.");
    }
    String base = render(chart, files, text);
    Map<String, Object> edited = Trees.deepCopy(values);
    for (ResourceChange change : changes) {
      List<String> fed = feeding(chart, files, values, base, change);
      if (fed == null) {
        return refused("No value of the chart feeds " + change.resource() + " " + change.path()
            + "; only changes that a value makes are carried back to a chart.");
      }
      set(edited, fed, change.to());
    }
    String after = edit(text, edited);
    String path = folder.isEmpty() ? VALUES : folder + "/" + VALUES;
    List<Backports.FileEdit> edits = List.of(new Backports.FileEdit(path, text, after,
        UnifiedDiff.of("a/" + path, text, "b/" + path, after)));
    List<ResourceChange> moved = StructuralDiff.between(ParsedContent.parse(base),
        ParsedContent.parse(render(chart, files, after)));
    return BackportPlan.same(moved, changes) ? new BackportPlan.Result(edits, true, null)
        : new BackportPlan.Result(edits, false, "Rendered with the edited values, the chart does not change exactly"
            + " the revision's paths.");
  }

  /** The path of the value whose change alone moves exactly {@code change}; null when none does. */
  private List<String> feeding(ChartUnit chart, Map<String, byte[]> files, Map<String, Object> values, String base,
      ResourceChange change) {
    if (change.op() != ResourceChange.Op.replace || change.from() instanceof Map || change.from() instanceof List) {
      return null;
    }
    List<List<String>> candidates = new ArrayList<>();
    leaves(values, new ArrayList<>(), Objects.toString(change.from()), candidates);
    String text = new String(files.get(VALUES), StandardCharsets.UTF_8);
    for (List<String> candidate : candidates.subList(0, Math.min(MAX_CANDIDATES, candidates.size()))) {
      Map<String, Object> tried = Trees.deepCopy(values);
      set(tried, candidate, change.to());
      List<ResourceChange> moved = StructuralDiff.between(ParsedContent.parse(base),
          ParsedContent.parse(render(chart, files, edit(text, tried))));
      if (BackportPlan.same(moved, List.of(change))) {
        return candidate;
      }
    }
    return null;
  }

  private String render(ChartUnit chart, Map<String, byte[]> files, String values) {
    Map<String, byte[]> with = new LinkedHashMap<>(files);
    with.put(VALUES, values.getBytes(StandardCharsets.UTF_8));
    ChartRenderer.PackagedChart packed = renderer.renderFolder(with, HelmImports.forHelm(chart.release()));
    return ChartManifests.data(holders.partOf(chart.unitId(),
        ChartManifests.documents(packed.rendered(), chart.release().namespace())));
  }

  /** The values text edited to hold {@code values}, in place. */
  private static String edit(String text, Map<String, Object> values) {
    Map<String, Object> wanted = new LinkedHashMap<>(parse(HEADING));
    wanted.putAll(values);
    String patched = TextPatcher.patch(HEADING + text, List.of(KubernetesYaml.resource(wanted, 1)));
    if (!patched.startsWith(HEADING)) {
      throw TandemException.validation("The chart's values file cannot be edited in place.");
    }
    return patched.substring(HEADING.length());
  }

  /** The paths of the scalar values equal to {@code value}, in the file's order. */
  @SuppressWarnings("unchecked")
  private static void leaves(Map<String, Object> values, List<String> at, String value, List<List<String>> found) {
    values.forEach((key, child) -> {
      List<String> path = new ArrayList<>(at);
      path.add(key);
      if (child instanceof Map<?, ?> map) {
        leaves((Map<String, Object>) map, path, value, found);
      } else if (child != null && !(child instanceof List) && Objects.toString(child).equals(value)) {
        found.add(path);
      }
    });
  }

  @SuppressWarnings("unchecked")
  private static void set(Map<String, Object> values, List<String> path, Object value) {
    Map<String, Object> at = values;
    for (String key : path.subList(0, path.size() - 1)) {
      at = (Map<String, Object>) at.get(key);
    }
    at.put(path.get(path.size() - 1), value);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> parse(String text) {
    try {
      Object loaded = new Yaml(new SafeConstructor(new LoaderOptions())).load(text);
      return loaded instanceof Map<?, ?> map ? new LinkedHashMap<>((Map<String, Object>) map) : null;
    } catch (RuntimeException e) {
      return null;
    }
  }

  private static BackportPlan.Result refused(String problem) {
    return new BackportPlan.Result(List.of(), false, problem);
  }
}
