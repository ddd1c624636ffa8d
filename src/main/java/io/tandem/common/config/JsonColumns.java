package io.tandem.common.config;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** Reads and writes the JSON of {@code jsonb} columns; the one mapper persistence uses for them. */
public final class JsonColumns {

  private static final JsonMapper MAPPER = JsonMapper.builder().build();

  private JsonColumns() {}

  public static String write(Object value) {
    return MAPPER.writeValueAsString(value);
  }

  public static <T> T read(String json, Class<T> type) {
    return MAPPER.readValue(json, type);
  }

  public static Map<String, String> readStringMap(String json) {
    if (json == null || json.isBlank()) {
      return Map.of();
    }
    return MAPPER.readValue(json, new TypeReference<LinkedHashMap<String, String>>() {});
  }

  /** A JSON object as an ordered map of plain values. */
  public static Map<String, Object> readMap(String json) {
    return MAPPER.readValue(json, new TypeReference<LinkedHashMap<String, Object>>() {});
  }

  public static <T> List<T> readList(String json, Class<T> type) {
    if (json == null || json.isBlank()) {
      return List.of();
    }
    return MAPPER.readValue(json, MAPPER.getTypeFactory().constructCollectionType(List.class, type));
  }
}
