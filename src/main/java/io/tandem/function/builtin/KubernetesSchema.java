package io.tandem.function.builtin;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Version;
import io.tandem.common.yaml.Paths;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.math.BigInteger;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;

/**
 * The Kubernetes schema, as the fabric8 object model describes it: for each known {@code apiVersion/kind} the class
 * of the object, and for each class its fields (by their JSON names) and types. Checks a resource tree against it,
 * reporting unknown fields and values of the wrong type with their paths.
 */
final class KubernetesSchema {

  private static final String MODEL_INDEX = "META-INF/services/io.fabric8.kubernetes.api.model.KubernetesResource";
  private static final Map<String, Class<?>> KINDS = loadKinds();
  private static final Map<Class<?>, Map<String, Type>> FIELDS = new ConcurrentHashMap<>();

  private KubernetesSchema() {}

  /** Whether the schema knows {@code apiVersion/kind}; unknown kinds (custom resources) are not checked. */
  static boolean knows(String type) {
    return KINDS.containsKey(type);
  }

  /** Calls {@code problem} with the path and description of every mismatch of {@code resource} with its schema. */
  static void check(Map<String, Object> resource, BiConsumer<String, String> problem) {
    Class<?> type = KINDS.get(resource.get("apiVersion") + "/" + resource.get("kind"));
    if (type != null) {
      checkValue(resource, type, "", problem);
    }
  }

  private static void checkValue(Object value, Type type, String path, BiConsumer<String, String> problem) {
    if (value == null) {
      return; // null clears a field; Kubernetes accepts it anywhere
    }
    Class<?> raw = raw(type);
    if (type instanceof ParameterizedType parameterized && List.class.isAssignableFrom(raw)) {
      if (!(value instanceof List<?> list)) {
        problem.accept(path, "expected a list, got " + describe(value));
        return;
      }
      for (int i = 0; i < list.size(); i++) {
        checkValue(list.get(i), parameterized.getActualTypeArguments()[0], Paths.child(path, i), problem);
      }
    } else if (type instanceof ParameterizedType parameterized && Map.class.isAssignableFrom(raw)) {
      if (!(value instanceof Map<?, ?> map)) {
        problem.accept(path, "expected a mapping, got " + describe(value));
        return;
      }
      map.forEach((key, item) -> checkValue(item, parameterized.getActualTypeArguments()[1], Paths.child(path, String.valueOf(key)), problem));
    } else if (raw == String.class) {
      expect(value instanceof String, "a string", value, path, problem);
    } else if (raw == Integer.class || raw == Long.class || raw == int.class || raw == long.class) {
      expect(isInteger(value), "an integer", value, path, problem);
    } else if (raw == Double.class || raw == Float.class) {
      expect(value instanceof Number, "a number", value, path, problem);
    } else if (raw == Boolean.class || raw == boolean.class) {
      expect(value instanceof Boolean, "true or false", value, path, problem);
    } else if (raw == IntOrString.class) {
      expect(value instanceof String || isInteger(value), "an integer or a string", value, path, problem);
    } else if (raw == Quantity.class) {
      expect(value instanceof String || value instanceof Number, "a quantity", value, path, problem);
    } else if (isModel(raw)) {
      if (!(value instanceof Map<?, ?> map)) {
        problem.accept(path, "expected a mapping, got " + describe(value));
        return;
      }
      Map<String, Type> fields = fields(raw);
      map.forEach((key, item) -> {
        Type fieldType = fields.get(String.valueOf(key));
        String child = Paths.child(path, String.valueOf(key));
        if (fieldType == null) {
          problem.accept(child, "unknown field '" + key + "'");
        } else {
          checkValue(item, fieldType, child, problem);
        }
      });
    }
    // anything else (free-form JSON, enums of strings …) is not checked
  }

  private static void expect(boolean ok, String expected, Object value, String path, BiConsumer<String, String> problem) {
    if (!ok) {
      problem.accept(path, "expected " + expected + ", got " + describe(value));
    }
  }

  private static boolean isInteger(Object value) {
    return value instanceof Integer || value instanceof Long || value instanceof BigInteger;
  }

  private static String describe(Object value) {
    if (value instanceof Map<?, ?>) {
      return "a mapping";
    }
    if (value instanceof List<?>) {
      return "a list";
    }
    if (value instanceof String text) {
      return "the string '" + (text.length() > 40 ? text.substring(0, 37) + "..." : text) + "'";
    }
    return (value instanceof Boolean ? "the boolean " : "the number ") + value;
  }

  private static boolean isModel(Class<?> type) {
    return type.getName().startsWith("io.fabric8.kubernetes.api.model.")
        && !type.isEnum() && !type.isInterface() && !Modifier.isAbstract(type.getModifiers());
  }

  private static Class<?> raw(Type type) {
    if (type instanceof Class<?> c) {
      return c;
    }
    if (type instanceof ParameterizedType parameterized) {
      return (Class<?>) parameterized.getRawType();
    }
    return Object.class;
  }

  /** The JSON properties of a model class: fields, named as their {@code @JsonProperty} says. */
  private static Map<String, Type> fields(Class<?> type) {
    return FIELDS.computeIfAbsent(type, c -> {
      Map<String, Type> fields = new LinkedHashMap<>();
      for (Class<?> current = c; current != null && current != Object.class; current = current.getSuperclass()) {
        for (Field field : current.getDeclaredFields()) {
          if (Modifier.isStatic(field.getModifiers()) || field.isAnnotationPresent(JsonIgnore.class)
              || field.getName().equals("additionalProperties")) {
            continue;
          }
          JsonProperty property = field.getAnnotation(JsonProperty.class);
          String name = property != null && !property.value().isEmpty() ? property.value() : field.getName();
          fields.putIfAbsent(name, field.getGenericType());
        }
      }
      return Collections.unmodifiableMap(fields);
    });
  }

  /** apiVersion/kind → model class, from the service index that every fabric8 model jar ships. */
  private static Map<String, Class<?>> loadKinds() {
    Map<String, Class<?>> kinds = new HashMap<>();
    ClassLoader loader = KubernetesSchema.class.getClassLoader();
    try {
      for (URL index : Collections.list(loader.getResources(MODEL_INDEX))) {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(index.openStream(), StandardCharsets.UTF_8))) {
          for (String line = reader.readLine(); line != null; line = reader.readLine()) {
            register(kinds, loader, line.trim());
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return Map.copyOf(kinds);
  }

  private static void register(Map<String, Class<?>> kinds, ClassLoader loader, String className) {
    if (className.isEmpty() || className.startsWith("#")) {
      return;
    }
    try {
      Class<?> type = Class.forName(className, false, loader);
      Version version = type.getAnnotation(Version.class);
      if (version == null) {
        return;
      }
      Group group = type.getAnnotation(Group.class);
      Kind kind = type.getAnnotation(Kind.class);
      String apiVersion = group == null || group.value().isEmpty() ? version.value() : group.value() + "/" + version.value();
      kinds.putIfAbsent(apiVersion + "/" + (kind != null ? kind.value() : type.getSimpleName()), type);
    } catch (ClassNotFoundException | LinkageError e) {
      // a model listed but not loadable is simply not known
    }
  }
}
