package io.tandem.agent;

import io.tandem.targets.cluster.LocalClusters;
import io.tandem.targets.domain.TargetCredentials;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;

/**
 * {@code tandem worker run}: a worker beside its cluster. Settings come from options or the environment:
 * {@code --server} ({@code TANDEM_SERVER}), {@code --name} ({@code TANDEM_WORKER_NAME}), the credential from
 * {@code TANDEM_WORKER_CREDENTIAL} or {@code --credential-file}, the cluster from {@code --kubeconfig} (with
 * {@code --context}) or else the pod's ServiceAccount, {@code --threads} calls at once (4), {@code --resync-seconds}
 * between asking the server what to watch (10).
 */
public final class WorkerMain {

  static final Path SERVICE_ACCOUNT = Path.of("/var/run/secrets/kubernetes.io/serviceaccount");

  private WorkerMain() {}

  public static void main(String[] args) throws IOException {
    // before the first logger: the worker's jar carries no Spring Boot to configure logback
    if (System.getProperty("logback.configurationFile") == null) {
      System.setProperty("logback.configurationFile", "tandem-worker-logback.xml");
    }
    Map<String, String> options = options(args);
    Map<String, String> env = System.getenv();
    String server = required(options.getOrDefault("server", env.get("TANDEM_SERVER")), "--server or TANDEM_SERVER");
    String name = required(options.getOrDefault("name", env.get("TANDEM_WORKER_NAME")), "--name or TANDEM_WORKER_NAME");
    String credential = options.containsKey("credential-file")
        ? Files.readString(Path.of(options.get("credential-file"))).strip() : env.get("TANDEM_WORKER_CREDENTIAL");
    required(credential, "TANDEM_WORKER_CREDENTIAL or --credential-file");
    TargetCredentials cluster = options.containsKey("kubeconfig")
        ? new TargetCredentials(Files.readString(Path.of(options.get("kubeconfig"))), options.get("context"), null, null,
            null, false)
        : inCluster(env);
    String version = WorkerMain.class.getPackage().getImplementationVersion();
    try (WorkerAgent agent = new WorkerAgent(URI.create(server), name, credential, version == null ? "dev" : version,
        LocalClusters.client(), cluster, Integer.parseInt(options.getOrDefault("threads", "4")),
        Duration.ofSeconds(Long.parseLong(options.getOrDefault("resync-seconds", "10"))))) {
      Runtime.getRuntime().addShutdownHook(new Thread(agent::close));
      agent.run();
    }
    System.exit(1); // run() returns only when the server refuses the worker
  }

  /** The pod's own ServiceAccount: its token and CA, and the API server's in-cluster address. */
  static TargetCredentials inCluster(Map<String, String> env) throws IOException {
    String host = required(env.get("KUBERNETES_SERVICE_HOST"), "--kubeconfig, or a pod's KUBERNETES_SERVICE_HOST");
    String port = env.getOrDefault("KUBERNETES_SERVICE_PORT", "443");
    String token = Files.readString(SERVICE_ACCOUNT.resolve("token")).strip();
    String ca = Base64.getEncoder().encodeToString(Files.readString(SERVICE_ACCOUNT.resolve("ca.crt"))
        .getBytes(StandardCharsets.US_ASCII));
    String server = "https://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    return new TargetCredentials(null, null, server, token, ca, false);
  }

  static Map<String, String> options(String[] args) {
    Map<String, String> options = new HashMap<>();
    for (int i = 0; i < args.length; i++) {
      if (!args[i].startsWith("--") || i + 1 >= args.length) {
        throw new IllegalArgumentException("Expected --option value, got '" + args[i] + "'");
      }
      options.put(args[i].substring(2), args[++i]);
    }
    return options;
  }

  private static String required(String value, String what) {
    if (value == null || value.isBlank()) {
      System.err.println("tandem worker: give " + what);
      System.exit(2);
    }
    return value;
  }
}
