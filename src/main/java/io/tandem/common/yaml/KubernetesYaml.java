package io.tandem.common.yaml;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.common.text.Texts;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.composer.Composer;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.representer.Representer;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * Reads a unit's data: a multi-document YAML text in which every non-empty document is a Kubernetes object. Errors
 * name the document and, for syntax errors, the line and column, so a user can find them in a long text.
 */
public final class KubernetesYaml {

  private static final int MAX_ALIASES = 50;
  private static final int MAX_NESTING = 100;
  /**
   * Shared by every parse: after its construction, a resolver's table of implicit tags is only read, and the tags this
   * one remembers hold for every thread.
   */
  private static final Resolver RESOLVER = new RememberedTags();
  /**
   * One per thread, as building one costs a tenth of a parse: a constructor keeps state only while it constructs a
   * document, and clears it when done, also on failure. Of the options, it reads none that differ between parses.
   */
  private static final ThreadLocal<ScalarsAsKubernetesReadsThem> CONSTRUCTORS =
      ThreadLocal.withInitial(() -> new ScalarsAsKubernetesReadsThem(options(3 * 1024 * 1024)));

  private KubernetesYaml() {}

  /**
   * The most characters a text parsed outside a write may expand to through its aliases. Stored data passed the
   * configured unit data limit when it was written; this bounds what is parsed from elsewhere (a function's argument).
   */
  static final long DEFAULT_MAX_EXPANDED_CHARS = 16L * 1024 * 1024;

  /** As {@link #parse(String, long)}, with {@link #DEFAULT_MAX_EXPANDED_CHARS}. */
  public static List<KubernetesResource> parse(String text) {
    return parse(text, DEFAULT_MAX_EXPANDED_CHARS);
  }

  /**
   * Parses and validates {@code text}.
   *
   * @param maxExpandedChars the most characters of text (strings, keys, and one for each node) the documents may
   *     hold once every alias is expanded
   * @throws TandemException {@code invalid-yaml} for text that is not YAML or expands beyond {@code
   *     maxExpandedChars}, {@code validation-failed} for a document that is not a Kubernetes object, an object that
   *     appears twice, or a text holding a NUL or an unpaired surrogate
   */
  public static List<KubernetesResource> parse(String text, long maxExpandedChars) {
    return parseCounted(text, maxExpandedChars).resources();
  }

  /** The resources of a text, and how many characters they expand to (what the limit of a parse bounds). */
  record Counted(List<KubernetesResource> resources, long expandedChars) {}

  /** As {@link #parse(String, long)}, with the characters counted against the limit. */
  static Counted parseCounted(String text, long maxExpandedChars) {
    String flaw = Texts.flaw(text);
    if (flaw != null) {
      throw TandemException.validation("The data " + flaw + ".");
    }
    LoaderOptions options = options(Math.max(text.length() + 1, 3 * 1024 * 1024));
    ScalarsAsKubernetesReadsThem constructor = CONSTRUCTORS.get();
    Composer composer =
        new Composer(new ParserImpl(new WholeTextReader(text), options), RESOLVER, options);

    List<KubernetesResource> resources = new ArrayList<>();
    Set<String> ids = new HashSet<>();
    ExpandedSize expanded = new ExpandedSize(maxExpandedChars);
    int document = 1; // the document being read, for error messages
    try {
      for (; composer.checkNode(); document++) {
        Node node = composer.getNode();
        int line = node.getStartMark().getLine() + 1;
        if (Tag.NULL.equals(node.getTag()) && node instanceof ScalarNode scalar && scalar.getValue().isEmpty()) {
          continue; // an empty document, e.g. after a trailing '---'
        }
        if (!(node instanceof MappingNode)) {
          throw invalidDocument(document, line, "is not a mapping; a Kubernetes object was expected");
        }
        Object tree = constructor.construct(node);
        expanded.add(tree, document, line);
        KubernetesResource resource = toResource(tree, document, line);
        if (!ids.add(resource.id())) {
          throw invalidDocument(document, line, "repeats the object " + resource.id() + " of an earlier document");
        }
        resources.add(resource);
      }
    } catch (MarkedYAMLException e) {
      throw syntaxError(e, document);
    } catch (YAMLException e) {
      throw new TandemException(ProblemCode.INVALID_YAML, "The data is not valid YAML: " + e.getMessage());
    }
    return new Counted(List.copyOf(resources), expanded.chars());
  }

  private static LoaderOptions options(int codePointLimit) {
    LoaderOptions options = new LoaderOptions();
    options.setAllowDuplicateKeys(false);
    options.setMaxAliasesForCollections(MAX_ALIASES);
    options.setNestingDepthLimit(MAX_NESTING);
    options.setCodePointLimit(codePointLimit);
    return options;
  }

  /** Objects (plain trees) as a multi-document YAML text in block style, {@code null} ones left out. */
  public static String render(List<Map<String, Object>> objects) {
    DumperOptions options = new DumperOptions();
    options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
    return new Yaml(options).dumpAll(objects.stream().filter(java.util.Objects::nonNull).iterator());
  }

  /**
   * As {@link #render}, for people to read and edit: a text of several lines (a ConfigMap's file) as a literal block
   * ({@code |}) where YAML allows one, instead of one quoted line with {@code \n}s.
   */
  public static String renderForPeople(List<Map<String, Object>> objects) {
    DumperOptions options = new DumperOptions();
    options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
    Representer representer = new Representer(options) {
      {
        this.representers.put(String.class, data -> representScalar(Tag.STR, (String) data,
            ((String) data).contains("\n") ? DumperOptions.ScalarStyle.LITERAL : defaultScalarStyle));
      }
    };
    return new Yaml(representer, options).dumpAll(objects.stream().filter(java.util.Objects::nonNull).iterator());
  }

  /**
   * A resource for content built or edited in memory (by a function, say), validated as a parsed document is.
   *
   * @throws TandemException {@code validation-failed} when the content is not a Kubernetes object
   */
  public static KubernetesResource resource(Map<String, Object> content, int document) {
    return toResource(content, document, 0);
  }

  @SuppressWarnings("unchecked")
  private static KubernetesResource toResource(Object value, int document, int line) {
    Map<String, Object> content = (Map<String, Object>) value;
    String apiVersion = requiredString(content, "apiVersion", document, line);
    String kind = requiredString(content, "kind", document, line);
    if (!(content.get("metadata") instanceof Map<?, ?> metadata)) {
      throw invalidDocument(document, line, "has no 'metadata' mapping");
    }
    String name = name((Map<String, Object>) metadata, content, document, line);
    Object namespace = metadata.get("namespace");
    if (namespace != null && !(namespace instanceof String)) {
      throw invalidDocument(document, line, "has a 'metadata.namespace' that is not a string");
    }
    return new KubernetesResource(apiVersion, kind, (String) namespace, name, content, document, line);
  }

  /**
   * The object's name; for a hook with {@code metadata.generateName} and no name (Argo CD's way of running a new Job at
   * each sync), its {@code generateName}, which stands for every object the hook makes: an apply names each one.
   */
  private static String name(Map<String, Object> metadata, Map<String, Object> content, int document, int line) {
    if (metadata.get("name") == null && metadata.get("generateName") instanceof String prefix && !prefix.isBlank()) {
      if (!Hooks.annotations(content).containsKey(Hooks.ARGO_HOOK)
          && !Hooks.annotations(content).containsKey(Hooks.HELM_HOOK)) {
        throw invalidDocument(document, line, "has a 'metadata.generateName' and no 'metadata.name': only a hook"
            + " (annotated " + Hooks.ARGO_HOOK + " or " + Hooks.HELM_HOOK + ") may leave its name to each apply");
      }
      return prefix;
    }
    return requiredString(metadata, "name", document, line, "metadata.name");
  }

  private static String requiredString(Map<String, Object> map, String key, int document, int line) {
    return requiredString(map, key, document, line, key);
  }

  private static String requiredString(Map<String, Object> map, String key, int document, int line, String path) {
    Object value = map.get(key);
    if (!(value instanceof String text) || text.isBlank()) {
      throw invalidDocument(document, line, value == null ? "has no '" + path + "'" : "has a '" + path + "' that is not a non-empty string");
    }
    return text;
  }

  private static TandemException invalidDocument(int document, int line, String problem) {
    return TandemException.validation("Document " + document + " (line " + line + ") " + problem + ".");
  }

  private static TandemException syntaxError(MarkedYAMLException e, int document) {
    Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
    String problem = e.getProblem() != null ? e.getProblem() : e.getMessage();
    String where = mark == null ? "" : " at line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1);
    String context = e.getContext() != null ? " (" + e.getContext() + ")" : "";
    return new TandemException(
        ProblemCode.INVALID_YAML, "Document " + document + " is not valid YAML" + where + ": " + problem + context + ".");
  }

  /**
   * Kubernetes reads YAML into JSON, where a timestamp-looking scalar stays a string; everything else follows the
   * YAML core schema.
   */
  private static final class ScalarsAsKubernetesReadsThem extends SafeConstructor {
    ScalarsAsKubernetesReadsThem(LoaderOptions options) {
      super(options);
      // The Yaml facade copies this from the options; a constructor used on its own must be told.
      setAllowDuplicateKeys(options.isAllowDuplicateKeys());
      this.yamlConstructors.put(Tag.TIMESTAMP, new ConstructYamlStr());
    }

    Object construct(Node node) {
      return constructDocument(node);
    }
  }
}
