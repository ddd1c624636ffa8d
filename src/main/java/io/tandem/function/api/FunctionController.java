package io.tandem.function.api;

import io.tandem.common.web.Authors;
import io.tandem.function.domain.FunctionRegistry;
import io.tandem.function.domain.FunctionService;
import io.tandem.security.domain.SecretAccess;
import io.tandem.unit.domain.UnitFilter;
import java.security.Principal;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RestController;

@RestController
class FunctionController implements FunctionsApi {

  private final FunctionRegistry registry;
  private final FunctionService functions;
  private final SecretAccess secrets;

  FunctionController(FunctionRegistry registry, FunctionService functions, SecretAccess secrets) {
    this.registry = registry;
    this.functions = functions;
    this.secrets = secrets;
  }

  @Override
  public List<FunctionResponses.FunctionInfo> listFunctions() {
    return registry.definitions().stream().map(FunctionResponses.FunctionInfo::from).toList();
  }

  @Override
  public ResponseEntity<FunctionResponses.InvokeResult> invokeFunctions(
      String space, InvokeRequest request, Principal principal) {
    List<FunctionService.UnitResult> results =
        functions.invoke(
            space,
            new FunctionService.Invocation(
                request.units(),
                new UnitFilter(request.where(), request.resourceType(), request.whereData()),
                request.functions() == null
                    ? null
                    : request.functions().stream()
                        .map(call -> call == null ? null : new FunctionService.Call(call.name(), call.args()))
                        .toList(),
                Boolean.TRUE.equals(request.dryRun()),
                request.changeDescription()),
            Authors.of(principal));
    boolean allSucceeded = results.stream().allMatch(result -> result.error() == null);
    return ResponseEntity.status(allSucceeded ? HttpStatus.OK : HttpStatus.MULTI_STATUS)
        .body(new FunctionResponses.InvokeResult(results.stream()
            .map(result -> FunctionResponses.UnitResult.from(result, !secrets.mayRead(principal, space)))
            .toList()));
  }
}
