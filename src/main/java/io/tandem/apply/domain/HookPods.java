package io.tandem.apply.domain;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Why a Job's or a Pod's container failed, in a line, as Kubernetes keeps it on the pod: the container, its exit code
 * and reason, and its termination message (what it wrote to {@code /dev/termination-log}, or with
 * {@code terminationMessagePolicy: FallbackToLogsOnError} the end of its log); or the reason it is stuck waiting
 * ({@code ImagePullBackOff}). What a failed migration hook says without kubectl.
 */
final class HookPods {

  /** The label the Job controller puts on its pods. */
  static final String JOB_LABEL = "batch.kubernetes.io/job-name";
  private static final int MAX_MESSAGE = 200;

  private HookPods() {}

  /** The failure of the newest pod among {@code pods} that has one to tell, or empty. */
  static Optional<String> failure(List<Map<String, Object>> pods) {
    List<Map<String, Object>> newestFirst = new ArrayList<>(pods);
    newestFirst.sort(Comparator.comparing((Map<String, Object> pod) -> text(map(pod, "metadata"), "creationTimestamp"))
        .reversed());
    for (Map<String, Object> pod : newestFirst) {
      Optional<String> failure = containerFailure(pod);
      if (failure.isPresent()) {
        return Optional.of("pod " + text(map(pod, "metadata"), "name") + ": " + failure.get());
      }
    }
    return Optional.empty();
  }

  private static Optional<String> containerFailure(Map<String, Object> pod) {
    Map<String, Object> status = map(pod, "status");
    for (String list : List.of("initContainerStatuses", "containerStatuses")) {
      if (!(status.get(list) instanceof List<?> containers)) {
        continue;
      }
      for (Object each : containers) {
        if (!(each instanceof Map<?, ?> container)) {
          continue;
        }
        Map<String, Object> state = map(container, "state");
        Map<String, Object> terminated = map(state, "terminated");
        Map<String, Object> waiting = map(state, "waiting");
        String name = "container " + text(container, "name");
        if (terminated.get("exitCode") instanceof Number code && code.intValue() != 0) {
          return Optional.of(name + " exited " + code + said(terminated));
        }
        if (!text(waiting, "reason").isEmpty() && !text(waiting, "reason").equals("ContainerCreating")) {
          return Optional.of(name + " waiting" + said(waiting));
        }
      }
    }
    return Optional.empty();
  }

  /** {@code (reason): message}, the message cut to a few lines' worth. */
  private static String said(Map<String, Object> state) {
    String reason = text(state, "reason");
    String message = text(state, "message").strip().replaceAll("\\s*\\n\\s*", " / ");
    if (message.length() > MAX_MESSAGE) {
      message = "\u2026" + message.substring(message.length() - MAX_MESSAGE + 1); // a log's end says most
    }
    return (reason.isEmpty() ? "" : " (" + reason + ")") + (message.isEmpty() ? "" : ": " + message);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Map<?, ?> parent, String key) {
    return parent != null && parent.get(key) instanceof Map<?, ?> child ? (Map<String, Object>) child : Map.of();
  }

  private static String text(Map<?, ?> parent, String key) {
    return parent.get(key) == null ? "" : String.valueOf(parent.get(key));
  }
}
