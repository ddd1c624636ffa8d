package io.tandem.common.yaml;

/**
 * Dotted paths into a resource ({@code spec.template.spec.containers.0.image}). Map keys that contain the
 * separator are escaped as in ConfigHub: {@code ~} is written {@code ~0} and {@code .} is written {@code ~1}, so
 * {@code metadata.labels.app~1kubernetes~1io/name} names the label {@code app.kubernetes.io/name}.
 */
public final class Paths {

  private Paths() {}

  public static String child(String parent, String key) {
    String segment = key.replace("~", "~0").replace(".", "~1");
    return parent.isEmpty() ? segment : parent + "." + segment;
  }

  public static String child(String parent, int index) {
    return parent.isEmpty() ? Integer.toString(index) : parent + "." + index;
  }
}
