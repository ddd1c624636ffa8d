package io.tandem.cli;

import io.tandem.client.ApiClient;
import io.tandem.client.ApiException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.JsonNode;

/**
 * {@code tandem}: the verbs of the walk-through at a terminal, on top of the client generated from the OpenAPI
 * document. The server and token come from {@code --server}/{@code --token} or {@code TANDEM_SERVER}/{@code
 * TANDEM_TOKEN}.
 */
@Command(
    name = "tandem",
    mixinStandardHelpOptions = true,
    version = "tandem 0.1",
    description = "Tandem at the command line: spaces, units, functions, targets, imports.",
    subcommands = {SpaceCommands.class, UnitCommands.class, FunctionCommands.class, TargetCommands.class,
        ImportCommands.class})
public class TandemCli implements Callable<Integer> {

  @Option(names = "--server", description = "Tandem's URL (default $TANDEM_SERVER, else http://localhost:8080)")
  String server;

  @Option(names = "--token", description = "API token (default $TANDEM_TOKEN)")
  String token;

  @Option(names = {"-o", "--output"}, description = "table (default), json or yaml")
  Output.Format format = Output.Format.table;

  private Map<String, String> env = System.getenv();
  private PrintWriter out;

  public static void main(String[] args) {
    // the platform's charset, which a terminal expects
    Charset console = Charset.defaultCharset();
    System.exit(run(args, new PrintWriter(new OutputStreamWriter(System.out, console), true),
        new PrintWriter(new OutputStreamWriter(System.err, console), true), System.getenv()));
  }

  /** Runs one command line; its exit code (0 done, 1 the server refused, 2 a usage mistake). */
  public static int run(String[] args, PrintWriter out, PrintWriter err, Map<String, String> env) {
    TandemCli cli = new TandemCli();
    cli.env = env;
    cli.out = out;
    CommandLine commandLine = new CommandLine(cli);
    commandLine.setOut(out);
    commandLine.setErr(err);
    commandLine.setCaseInsensitiveEnumValuesAllowed(true);
    commandLine.setExecutionExceptionHandler((error, command, parsed) -> {
      if (error instanceof ApiException api && api.getCode() == 0) {
        err.println("Cannot reach the server: " + (api.getCause() == null ? api.getMessage() : api.getCause()));
        err.flush();
        return 1;
      }
      if (error instanceof ApiException api) {
        err.println("Error " + api.getCode() + ": " + problem(api));
        err.flush();
        return 1;
      }
      throw error;
    });
    return commandLine.execute(args);
  }

  @Override
  public Integer call() {
    new CommandLine(this).usage(out);
    return 2;
  }

  ApiClient client() {
    ApiClient client = new ApiClient();
    String url = server != null ? server : env.getOrDefault("TANDEM_SERVER", "http://localhost:8080");
    client.updateBaseUri(url.replaceAll("/+$", ""));
    String bearer = token != null ? token : env.get("TANDEM_TOKEN");
    if (bearer != null && !bearer.isBlank()) {
      client.setRequestInterceptor(request -> request.header("Authorization", "Bearer " + bearer));
    }
    return client;
  }

  Output output() {
    return new Output(out, format, client().getObjectMapper());
  }

  /** The problem's detail and code, or the body as it came. */
  private static String problem(ApiException error) {
    try {
      JsonNode problem = ApiClient.createDefaultObjectMapper().readTree(error.getResponseBody());
      return problem.path("detail").asString() + " (" + problem.path("code").asString() + ")";
    } catch (RuntimeException notJson) {
      return error.getResponseBody() == null ? String.valueOf(error.getMessage()) : error.getResponseBody();
    }
  }

  /** Base of the command groups: reaches the shared options. */
  abstract static class Group {
    @ParentCommand TandemCli root;
  }
}
