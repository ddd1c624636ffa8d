package io.tandem.function.builtin;

import io.tandem.common.error.TandemException;
import io.tandem.function.domain.Arguments;
import io.tandem.function.domain.ConfigFunction;
import io.tandem.function.domain.FunctionContext;
import io.tandem.function.domain.FunctionDefinition;
import io.tandem.function.domain.FunctionKind;
import io.tandem.function.domain.Parameter;
import io.tandem.function.domain.ParameterType;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;

@Component
class SearchReplace implements ConfigFunction {

  @Override
  public FunctionDefinition definition() {
    return FunctionDefinition.of(
        "search-replace",
        FunctionKind.Mutating,
        "Replaces a substring in every string value (not in keys, nor in apiVersion, kind and metadata.name).",
        Parameter.required("search", ParameterType.STRING, "The text to find", "staging.example.com"),
        Parameter.required("replace", ParameterType.STRING, "Its replacement", "prod.example.com"));
  }

  @Override
  public void apply(FunctionContext context, Arguments arguments) {
    String search = arguments.string("search");
    if (search.isEmpty()) {
      throw TandemException.invalidArgument("Parameter 'search' of 'search-replace' must not be empty.");
    }
    for (Map<String, Object> resource : context.resources()) {
      for (Map.Entry<String, Object> entry : resource.entrySet()) {
        if (!entry.getKey().equals("apiVersion") && !entry.getKey().equals("kind")) {
          entry.setValue(replace(entry.getValue(), search, arguments.string("replace"), entry.getKey().equals("metadata")));
        }
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static Object replace(Object node, String search, String replacement, boolean isMetadata) {
    if (node instanceof Map<?, ?> map) {
      for (Map.Entry<String, Object> entry : ((Map<String, Object>) map).entrySet()) {
        if (!(isMetadata && entry.getKey().equals("name"))) {
          entry.setValue(replace(entry.getValue(), search, replacement, false));
        }
      }
      return map;
    }
    if (node instanceof List<?> list) {
      List<Object> items = (List<Object>) list;
      items.replaceAll(item -> replace(item, search, replacement, false));
      return items;
    }
    return node instanceof String text ? text.replace(search, replacement) : node;
  }
}
