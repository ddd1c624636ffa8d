package io.tandem.targets.cluster;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Version;
import io.tandem.function.domain.KindSchemas;
import io.tandem.function.domain.SchemaType;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * The Kubernetes schema as the fabric8 object model describes it: for each known {@code apiVersion/kind} the class of
 * the object, and for each class its fields (by their JSON names) and types.
 */
@Component
public final class Fabric8KindSchemas implements KindSchemas {

  private static final String MODEL_INDEX = "META-INF/services/io.fabric8.kubernetes.api.model.KubernetesResource";
  private static final Map<Class<?>, ModelType> MODELS = new ConcurrentHashMap<>();

  /** apiVersion/kind → model class, read at the first use. */
  private static final class Kinds {
    static final Map<String, Class<?>> BY_TYPE = loadKinds();
  }

  @Override
  public Optional<SchemaType.Fields> of(String type) {
    Class<?> model = Kinds.BY_TYPE.get(type);
    return model == null ? Optional.empty() : Optional.of(model(model));
  }

  /** A model class as an object type; its fields are read when first asked for, and kept. */
  private static final class ModelType implements SchemaType.Fields {

    private final Class<?> type;
    private volatile Map<String, SchemaType> fields;

    ModelType(Class<?> type) {
      this.type = type;
    }

    @Override
    public Map<String, SchemaType> fields() {
      Map<String, SchemaType> known = fields;
      if (known == null) {
        known = fieldsOf(type);
        fields = known;
      }
      return known;
    }
  }

  private static ModelType model(Class<?> type) {
    return MODELS.computeIfAbsent(type, ModelType::new);
  }

  private static SchemaType typeOf(Type type) {
    Class<?> raw = raw(type);
    if (type instanceof ParameterizedType parameterized && List.class.isAssignableFrom(raw)) {
      return new SchemaType.ListOf(typeOf(parameterized.getActualTypeArguments()[0]));
    }
    if (type instanceof ParameterizedType parameterized && Map.class.isAssignableFrom(raw)) {
      return new SchemaType.MapOf(typeOf(parameterized.getActualTypeArguments()[1]));
    }
    if (raw == String.class) {
      return SchemaType.Scalar.STRING;
    }
    if (raw == Integer.class || raw == Long.class || raw == int.class || raw == long.class) {
      return SchemaType.Scalar.INTEGER;
    }
    if (raw == Double.class || raw == Float.class) {
      return SchemaType.Scalar.NUMBER;
    }
    if (raw == Boolean.class || raw == boolean.class) {
      return SchemaType.Scalar.BOOLEAN;
    }
    if (raw == IntOrString.class) {
      return SchemaType.Scalar.INT_OR_STRING;
    }
    if (raw == Quantity.class) {
      return SchemaType.Scalar.QUANTITY;
    }
    return isModel(raw) ? model(raw) : SchemaType.Scalar.FREE;
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
  private static Map<String, SchemaType> fieldsOf(Class<?> type) {
    Map<String, SchemaType> fields = new LinkedHashMap<>();
    for (Class<?> current = type; current != null && current != Object.class; current = current.getSuperclass()) {
      for (Field field : current.getDeclaredFields()) {
        if (Modifier.isStatic(field.getModifiers()) || field.isAnnotationPresent(JsonIgnore.class)
            || field.getName().equals("additionalProperties")) {
          continue;
        }
        JsonProperty property = field.getAnnotation(JsonProperty.class);
        String name = property != null && !property.value().isEmpty() ? property.value() : field.getName();
        if (!fields.containsKey(name)) {
          fields.put(name, typeOf(field.getGenericType()));
        }
      }
    }
    return Collections.unmodifiableMap(fields);
  }

  /** apiVersion/kind → model class, from the service index that every fabric8 model jar ships. */
  private static Map<String, Class<?>> loadKinds() {
    Map<String, Class<?>> kinds = new HashMap<>();
    ClassLoader loader = Fabric8KindSchemas.class.getClassLoader();
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
