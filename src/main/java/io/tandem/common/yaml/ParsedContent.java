package io.tandem.common.yaml;

import io.tandem.common.hash.ContentHash;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parsed unit data by content hash. Stored content never changes under its hash, so the head's parse, made when the
 * head was written, can be reused by the next change instead of parsing the same text again (a parse is a seventh of
 * an update's CPU and half of what it allocates). Least recently used entries leave first. Callers must not modify
 * the returned trees.
 *
 * <p>An entry takes about twelve times its text's size in heap (12 KB for the 1 KiB fixture), and every write adds
 * one. The cache is therefore bounded by entries as well as characters: what it must keep is the head of each unit
 * being written often, and an entry that lived for seconds was copied by every young collection until it was
 * promoted, which set the length of the pauses: with 4,000 entries for the benchmark's eight units, young pauses took
 * 25-46 ms under updates and 15-25 ms under the reads after them; with {@value #MAX_ENTRIES}, 5-15 and 2-8 ms. A unit
 * outside the last few hundred written has its head parsed again, one parse more per write, which matters only at
 * rates where the hot units fit.
 */
public final class ParsedContent {

  private static final int MAX_ENTRIES = 256;
  private static final long MAX_CACHED_CHARS = 4L * 1024 * 1024;
  private static final int MAX_ENTRY_CHARS = 512 * 1024;

  private static final Map<String, Entry> CACHE = new LinkedHashMap<>(256, 0.75f, true);
  private static long cachedChars;

  /**
   * {@code expandedChars}: what the text expands to, so any limit at least that large accepts it (a write checks the
   * unit data limit, lower than the default other parses use, on a text a function's edit has just parsed).
   */
  private record Entry(List<KubernetesResource> resources, int chars, long expandedChars) {}

  private ParsedContent() {}

  /** As {@link KubernetesYaml#parse(String)}, served from the cache when the same text was parsed before. */
  public static List<KubernetesResource> parse(String text) {
    return parse(text, KubernetesYaml.DEFAULT_MAX_EXPANDED_CHARS);
  }

  /**
   * As {@link KubernetesYaml#parse(String, long)}, served from the cache when the same text was parsed before and
   * expands to no more than {@code maxExpandedChars}.
   */
  public static List<KubernetesResource> parse(String text, long maxExpandedChars) {
    if (text.length() > MAX_ENTRY_CHARS) {
      return KubernetesYaml.parse(text, maxExpandedChars);
    }
    String key = ContentHash.sha256Hex(text);
    synchronized (CACHE) {
      Entry hit = CACHE.get(key);
      if (hit != null && hit.expandedChars() <= maxExpandedChars) {
        return hit.resources();
      }
    }
    KubernetesYaml.Counted parsed = KubernetesYaml.parseCounted(text, maxExpandedChars);
    List<KubernetesResource> resources = parsed.resources();
    synchronized (CACHE) {
      Entry previous = CACHE.put(key, new Entry(resources, text.length(), parsed.expandedChars()));
      if (previous == null) {
        cachedChars += text.length();
      }
      var eldest = CACHE.entrySet().iterator();
      while ((cachedChars > MAX_CACHED_CHARS || CACHE.size() > MAX_ENTRIES) && eldest.hasNext()) {
        cachedChars -= eldest.next().getValue().chars();
        eldest.remove();
      }
    }
    return resources;
  }
}
