package io.tandem.workers.protocol;

import io.tandem.common.yaml.ObjectKey;
import java.util.List;
import java.util.Map;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * What the server and a worker say to each other about one call: the operation, its request, and a response that is
 * either the operation's result or a failure. Shared by both sides, so neither can read the other differently.
 */
public final class WorkerProtocol {

  /** The protocol's version: a server refuses a worker that speaks another. */
  public static final int VERSION = 1;

  /** What a session asks of the cluster: one per method of {@code ClusterSession}. */
  public enum Operation { APPLY, DRY_RUN, DESTROY, READ, LIST }

  public record ApplyRequest(String data, String previousData, List<ObjectKey> spare) {}

  public record DestroyRequest(String data, List<ObjectKey> spare) {}

  public record ReadRequest(String data) {}

  /**
   * A call that failed in the worker, in words of the worker's own (never the cluster's text).
   *
   * @param code the problem code the failure stands for ({@code target-unreachable}, {@code validation-failed} …)
   * @param notConnected whether the worker could not connect to its cluster at all
   */
  public record Failure(String code, String message, boolean notConnected) {}

  /** A failure the response carried. */
  public static final class CallFailed extends RuntimeException {
    private final Failure failure;

    CallFailed(Failure failure) {
      super(failure.message());
      this.failure = failure;
    }

    public Failure failure() {
      return failure;
    }
  }

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final TypeReference<List<Map<String, Object>>> OBJECTS = new TypeReference<>() {};

  private WorkerProtocol() {}

  public static String write(Object request) {
    return JSON.writeValueAsString(request);
  }

  public static <T> T read(String request, Class<T> type) {
    return JSON.readValue(request, type);
  }

  /** A response carrying a result. */
  public static String result(Object result) {
    ObjectNode envelope = JSON.createObjectNode();
    envelope.set("result", JSON.valueToTree(result));
    return JSON.writeValueAsString(envelope);
  }

  /** A response carrying a failure. */
  public static String failure(Failure failure) {
    ObjectNode envelope = JSON.createObjectNode();
    envelope.set("failure", JSON.valueToTree(failure));
    return JSON.writeValueAsString(envelope);
  }

  /**
   * The result a response carries.
   *
   * @throws CallFailed when it carries a failure
   */
  public static <T> T result(String response, Class<T> type) {
    return JSON.treeToValue(resultNode(response), type);
  }

  /** The objects a {@code READ} response carries, as {@link #result(String, Class)}. */
  public static List<Map<String, Object>> objects(String response) {
    return JSON.convertValue(resultNode(response), OBJECTS);
  }

  /** Whether {@code response} is one: a JSON object with a result or a failure. */
  public static boolean isResponse(String response) {
    try {
      JsonNode envelope = JSON.readTree(response);
      return envelope.isObject() && (envelope.has("result") || envelope.hasNonNull("failure"));
    } catch (RuntimeException e) {
      return false;
    }
  }

  private static JsonNode resultNode(String response) {
    JsonNode envelope = JSON.readTree(response);
    if (envelope.hasNonNull("failure")) {
      throw new CallFailed(JSON.treeToValue(envelope.get("failure"), Failure.class));
    }
    return envelope.get("result");
  }
}
