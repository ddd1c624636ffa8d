package io.tandem.common.yaml;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * The YAML 1.1 resolver, remembering the implicit tag of each short plain scalar it resolved. A Kubernetes object's
 * keys and many of its values recur in every text (name, namespace, true, 8080), and resolving one from its text tries
 * up to four regular expressions: a fifth of a unit's parse. The tag depends on the text alone (no resolver is added
 * after construction), so what one thread remembers holds for every other; when full, it starts again.
 */
final class RememberedTags extends Resolver {

  static final int MAX_LENGTH = 40;
  static final int MAX_ENTRIES = 4096;

  private final Map<String, Tag> tags = new ConcurrentHashMap<>();

  @Override
  public Tag resolve(NodeId kind, String value, boolean implicit) {
    if (kind != NodeId.scalar || !implicit || value.length() > MAX_LENGTH) {
      return super.resolve(kind, value, implicit);
    }
    Tag tag = tags.get(value);
    if (tag == null) {
      tag = super.resolve(kind, value, true);
      if (tags.size() >= MAX_ENTRIES) {
        tags.clear();
      }
      tags.put(value, tag);
    }
    return tag;
  }

  int size() {
    return tags.size();
  }
}
