package io.tandem.security;

import java.util.ArrayList;
import java.util.List;

/** Other spellings of a path that a lax server would route to the same handler. */
final class NonCanonical {

  private NonCanonical() {}

  static List<String> spellings(String pathAndQuery) {
    int query = pathAndQuery.indexOf('?');
    String path = query < 0 ? pathAndQuery : pathAndQuery.substring(0, query);
    String rest = query < 0 ? "" : pathAndQuery.substring(query);
    List<String> spellings = new ArrayList<>();
    String[] segments = path.substring(1).split("/");
    for (int i = 2; i < segments.length; i++) { // past /api/v1
      String segment = segments[i];
      spellings.add(replaceSegment(segments, i, String.format("%%%02x", (int) segment.charAt(0)) + segment.substring(1)));
      spellings.add(replaceSegment(segments, i, String.format("%%%02X", (int) segment.charAt(0)) + segment.substring(1)));
      spellings.add(replaceSegment(segments, i, segment + ";p=1"));
    }
    spellings.add(path + "/");
    spellings.add(path.replaceFirst("/api/v1/", "/api/v1//"));
    spellings.add(path.replaceFirst("/api/v1/", "/api/v1/./"));
    spellings.add(path.replaceFirst("/api/v1/", "/api/v1/x/../"));
    spellings.add(path.replaceFirst("/api/v1/", "/api/v1%2F"));
    return spellings.stream().map(spelling -> spelling + rest).toList();
  }

  private static String replaceSegment(String[] segments, int index, String replacement) {
    String[] copy = segments.clone();
    copy[index] = replacement;
    return "/" + String.join("/", copy);
  }
}
