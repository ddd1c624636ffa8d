package io.tandem.function.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.Schema;
import io.tandem.common.error.TandemException;
import io.tandem.common.yaml.SecretMasker;
import io.tandem.function.domain.FunctionContext;
import io.tandem.function.domain.FunctionDefinition;
import io.tandem.function.domain.FunctionService;
import io.tandem.function.domain.Parameter;
import java.util.List;

/** Response bodies of the functions API. */
final class FunctionResponses {

  private FunctionResponses() {}

  @Schema(name = "Function")
  record FunctionInfo(
      String name,
      String description,
      @Schema(allowableValues = {"Mutating", "Readonly", "Validating"}) String kind,
      List<ParameterInfo> parameters) {

    static FunctionInfo from(FunctionDefinition definition) {
      return new FunctionInfo(
          definition.name(),
          definition.description(),
          definition.kind().name(),
          definition.parameters().stream().map(ParameterInfo::from).toList());
    }
  }

  @Schema(name = "FunctionParameter")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record ParameterInfo(
      String name,
      @Schema(allowableValues = {"string", "int", "bool", "enum", "quantity", "path", "cel"}) String type,
      boolean required,
      String description,
      @JsonProperty("enum") List<String> enumValues,
      String pattern,
      String example,
      @Schema(description = "Takes all remaining arguments") Boolean variadic) {

    static ParameterInfo from(Parameter parameter) {
      return new ParameterInfo(
          parameter.name(),
          parameter.type().wireName(),
          parameter.required(),
          parameter.description(),
          parameter.enumValues().isEmpty() ? null : parameter.enumValues(),
          parameter.pattern(),
          parameter.example(),
          parameter.variadic() ? Boolean.TRUE : null);
    }
  }

  @Schema(name = "InvokeResponse")
  record InvokeResult(List<UnitResult> results) {}

  @Schema(name = "InvokeUnitResult")
  record UnitResult(
      String unit,
      boolean mutated,
      @Schema(description = "The new revision, when the unit changed") Integer revisionNum,
      @Schema(description = "Values read by readonly functions; with dryRun, the would-be data (function dryRun)")
          List<FunctionContext.Output> outputs,
      Validation validation,
      @Schema(description = "Why this unit failed (it was left unchanged); null on success") InvokeError error) {

    /** With Secret values masked in the outputs when {@code maskSecrets}. */
    static UnitResult from(FunctionService.UnitResult result, boolean maskSecrets) {
      TandemException e = result.error();
      return new UnitResult(
          result.unit(),
          result.mutated(),
          result.revisionNum(),
          maskSecrets ? result.outputs().stream().map(FunctionResponses::masked).toList() : result.outputs(),
          new Validation(result.findings().isEmpty(), result.findings()),
          e == null ? null : new InvokeError(e.code().code(), e.getMessage()));
    }
  }

  /** An output as a caller who may not read Secret values sees it. */
  private static FunctionContext.Output masked(FunctionContext.Output output) {
    Object value = output.value();
    if (value instanceof String text && output.resource() == null) {
      value = SecretMasker.mask(text); // a dry run's would-be data
    } else {
      value = SecretMasker.maskAt(output.resource(), output.path(), value);
    }
    return new FunctionContext.Output(output.function(), output.resource(), output.path(), value);
  }

  @Schema(name = "InvokeValidation")
  record Validation(boolean passed, List<FunctionContext.Finding> details) {}

  @Schema(name = "InvokeError")
  record InvokeError(String code, String detail) {}
}
