package io.tandem.common.paging;

import io.tandem.common.error.TandemException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.function.Function;

/**
 * A validated {@code limit} and decoded {@code cursor} of a list request. A cursor is the sort key of the last item
 * of the previous page, so pages stay stable while items are added or removed elsewhere in the list.
 */
public record PageRequest(int limit, String after) {

  public static final int DEFAULT_LIMIT = 100;
  public static final int MAX_LIMIT = 1000;

  public static PageRequest of(Integer limit, String cursor) {
    int effective = limit == null ? DEFAULT_LIMIT : limit;
    if (effective < 1 || effective > MAX_LIMIT) {
      throw TandemException.invalidArgument(
          "Parameter 'limit' must be between 1 and " + MAX_LIMIT + ", not " + effective + ".");
    }
    return new PageRequest(effective, cursor == null || cursor.isEmpty() ? null : decode(cursor));
  }

  /** The {@code after} key as a number, for lists sorted by a number. */
  public Integer afterNumber() {
    if (after == null) {
      return null;
    }
    try {
      return Integer.parseInt(after);
    } catch (NumberFormatException e) {
      throw invalidCursor();
    }
  }

  /**
   * Cuts a result fetched with {@code limit + 1} rows into a page: the extra row only tells that another page exists.
   */
  public <T> ListResponse<T> page(List<T> fetched, Function<T, String> sortKey) {
    if (fetched.size() <= limit) {
      return new ListResponse<>(fetched, null);
    }
    List<T> items = fetched.subList(0, limit);
    return new ListResponse<>(List.copyOf(items), encode(sortKey.apply(items.get(items.size() - 1))));
  }

  static String encode(String key) {
    return Base64.getUrlEncoder().withoutPadding().encodeToString(("k:" + key).getBytes(StandardCharsets.UTF_8));
  }

  private static String decode(String cursor) {
    try {
      String decoded = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
      if (!decoded.startsWith("k:")) {
        throw invalidCursor();
      }
      return decoded.substring(2);
    } catch (IllegalArgumentException e) {
      throw invalidCursor();
    }
  }

  private static TandemException invalidCursor() {
    return TandemException.invalidArgument("Parameter 'cursor' is not a cursor this server returned.");
  }
}
