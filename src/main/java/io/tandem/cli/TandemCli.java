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
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * {@code tandem}: the verbs of the API at a terminal, on top of the client generated from the OpenAPI document. The
 * server, token and default space come from {@code --server}/{@code --token}/{@code --space}, else {@code
 * TANDEM_SERVER}/{@code TANDEM_TOKEN}, else the current context ({@code tandem context use}).
 */
@Command(
    name = "tandem",
    mixinStandardHelpOptions = true,
    version = "tandem 0.1",
    description = "Tandem at the command line. Exit codes: 0 done, 1 refused or failed, 2 usage mistake,"
        + " 3 drift found (unit refresh --dry-run).")
public class TandemCli implements Callable<Integer> {

  /** Exit status of {@code unit refresh --dry-run} that found drift. */
  static final int DRIFT = 3;

  @Option(names = "--server",
      description = "Tandem's URL (default $TANDEM_SERVER, else the context's, else http://localhost:8080)")
  String server;

  @Option(names = "--token", description = "API token (default $TANDEM_TOKEN, else the context's)")
  String token;

  @Option(names = "--context", description = "A context of the context file (default the current)")
  String context;

  @Option(names = {"-o", "--output"}, scope = ScopeType.INHERIT, description = "table (default), json or yaml")
  Output.Format format = Output.Format.table;

  private Map<String, String> env = System.getenv();
  private PrintWriter out;
  private CommandLine commandLine;
  private ApiClient client;

  public static void main(String[] args) {
    // the platform's charset, which a terminal expects
    Charset console = Charset.defaultCharset();
    System.exit(run(args, new PrintWriter(new OutputStreamWriter(System.out, console), true),
        new PrintWriter(new OutputStreamWriter(System.err, console), true), System.getenv()));
  }

  /** Runs one command line; its exit code (0 done, 1 refused or failed, 2 a usage mistake, 3 drift found). */
  public static int run(String[] args, PrintWriter out, PrintWriter err, Map<String, String> env) {
    TandemCli cli = new TandemCli();
    cli.env = env;
    cli.out = out;
    CommandLine commandLine = new CommandLine(cli);
    cli.commandLine = commandLine;
    Nouns.add(commandLine, args);
    commandLine.setOut(out);
    commandLine.setErr(err);
    commandLine.setCaseInsensitiveEnumValuesAllowed(true);
    commandLine.setExecutionExceptionHandler(new Failures(err));
    commandLine.setDefaultValueProvider(new SpaceDefault(cli));
    commandLine.setExecutionStrategy(SpaceDefault::executeWhenGiven);
    CommandLine help = helpAsked(commandLine, args);
    if (help != null) {
      help.usage(out);
      return 0;
    }
    return commandLine.execute(args);
  }

  /**
   * The usage of the command {@code --help} (or {@code -h}) follows, the verbs written as methods included, which have
   * no help option of their own; {@code null} when help is not asked for.
   */
  private static CommandLine helpAsked(CommandLine root, String[] args) {
    if (!java.util.Arrays.asList(args).contains("--help") && !java.util.Arrays.asList(args).contains("-h")) {
      return null;
    }
    CommandLine command = root;
    for (String arg : args) {
      CommandLine sub = arg.startsWith("-") ? null : command.getSubcommands().get(arg);
      command = sub != null ? sub : command;
    }
    return command;
  }

  @Override
  public Integer call() {
    commandLine.usage(out);
    return 2;
  }

  /** The client for this command line's server and token (one per run). */
  ApiClient client() {
    if (client == null) {
      CliContexts.Context current = contexts().selected(context);
      String url = firstOf(server, env.get("TANDEM_SERVER"), current.server(), "http://localhost:8080");
      client = new ApiClient(Transport.builder(url), ApiClient.createDefaultObjectMapper(), url.replaceAll("/+$", ""));
      String bearer = firstOf(token, env.get("TANDEM_TOKEN"), current.token(), null);
      if (bearer != null && !bearer.isBlank()) {
        client.setRequestInterceptor(request -> request.header("Authorization", "Bearer " + bearer));
      }
    }
    return client;
  }

  Map<String, String> env() {
    return env;
  }

  CliContexts contexts() {
    return new CliContexts(env);
  }

  Output output() {
    return new Output(out, format, ApiClient.createDefaultObjectMapper());
  }

  private static String firstOf(String a, String b, String c, String d) {
    return a != null ? a : b != null ? b : c != null ? c : d;
  }

  /** Base of the command groups: reaches the shared options; alone, a group shows its usage (exit code 2). */
  abstract static class Group implements Callable<Integer> {
    @ParentCommand TandemCli root;
    @Spec CommandSpec group;

    @Override
    public Integer call() {
      group.commandLine().usage(group.commandLine().getErr());
      return 2;
    }
  }

  /** How a failed command ends: the problem's status, detail and code on standard error, and exit code 1. */
  private record Failures(PrintWriter err) implements CommandLine.IExecutionExceptionHandler {

    @Override
    public int handleExecutionException(Exception error, CommandLine command, CommandLine.ParseResult parsed) {
      if (error instanceof ApiException api && api.getCode() == 0) {
        err.println("Cannot reach the server: " + (api.getCause() == null ? api.getMessage() : api.getCause()));
      } else if (error instanceof ApiException api) {
        err.println("Error " + api.getCode() + ": " + Problems.describe(api));
      } else if (error instanceof java.io.IOException || error instanceof java.io.UncheckedIOException) {
        err.println("Error: " + error.getMessage());
      } else {
        return rethrow(error);
      }
      err.flush();
      return 1;
    }

    private static int rethrow(Exception error) {
      if (error instanceof RuntimeException runtime) {
        throw runtime;
      }
      throw new IllegalStateException(error);
    }
  }
}
