package io.tandem.common.error;

import java.util.Map;

/** A failure that the API reports as a problem+json response with a stable {@link ProblemCode}. */
public class TandemException extends RuntimeException {

  private final ProblemCode code;
  private final transient Map<String, Object> properties;

  public TandemException(ProblemCode code, String detail) {
    this(code, detail, Map.of());
  }

  /** {@code properties} become extra members of the problem document (for example {@code currentVersion}). */
  public TandemException(ProblemCode code, String detail, Map<String, Object> properties) {
    super(detail);
    this.code = code;
    this.properties = Map.copyOf(properties);
  }

  public ProblemCode code() {
    return code;
  }

  public Map<String, Object> properties() {
    return properties;
  }

  public static TandemException notFound(String detail) {
    return new TandemException(ProblemCode.NOT_FOUND, detail);
  }

  public static TandemException validation(String detail) {
    return new TandemException(ProblemCode.VALIDATION_FAILED, detail);
  }

  public static TandemException invalidArgument(String detail) {
    return new TandemException(ProblemCode.INVALID_ARGUMENT, detail);
  }

  public static TandemException forbidden(String detail) {
    return new TandemException(ProblemCode.FORBIDDEN, detail);
  }

  public static TandemException conflict(String detail) {
    return new TandemException(ProblemCode.CONFLICT, detail);
  }
}
