package io.tandem.cli;

import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "context", mixinStandardHelpOptions = true,
    description = "Contexts (server, token, default space), like kubectl's: use, list, current, delete")
class ContextCommands extends TandemCli.Group {

  /** A context as a table row; the token never shows. */
  record Row(String name, boolean current, String server, String space, boolean token) {}

  @Command(name = "use", description = "Make a context current, creating or changing it with the options given:"
      + " tandem context use prod --server https://tandem.example --space apptique-prod")
  int use(@Parameters(paramLabel = "NAME") String name,
      @Option(names = "--server", description = "Tandem's URL") String server,
      @Option(names = {"-s", "--space"}, description = "The default space") String space,
      @Option(names = "--token-env", description = "Store the token held in this environment variable") String tokenEnv) {
    CliContexts contexts = root.contexts();
    CliContexts.File file = contexts.read();
    CliContexts.Context old = file.contexts().getOrDefault(name, CliContexts.Context.NONE);
    String token = tokenEnv == null ? old.token() : root.env().get(tokenEnv);
    file.contexts().put(name, new CliContexts.Context(server != null ? server : old.server(),
        space != null ? space : old.space(), token));
    contexts.write(new CliContexts.File(name, file.contexts()));
    root.output().text("Context " + name + " is current (" + contexts.path() + ")");
    return 0;
  }

  @Command(name = "list", description = "The contexts; * marks the current one")
  int list() {
    CliContexts.File file = root.contexts().read();
    List<Row> rows = file.contexts().entrySet().stream().map(entry -> row(file, entry)).toList();
    root.output().print(rows, rows,
        new Output.Column<Row>("CURRENT", row -> row.current() ? "*" : ""),
        new Output.Column<Row>("NAME", Row::name),
        new Output.Column<Row>("SERVER", Row::server),
        new Output.Column<Row>("SPACE", Row::space),
        new Output.Column<Row>("TOKEN", row -> row.token() ? "yes" : "no"));
    return 0;
  }

  @Command(name = "current", description = "The current context's name")
  int current() {
    String current = root.contexts().read().current();
    if (current == null) {
      root.output().text("No current context: tandem context use <name> --server <url> --space <space>");
      return 1;
    }
    root.output().text(current);
    return 0;
  }

  @Command(name = "delete", description = "Forget a context")
  int delete(@Parameters(paramLabel = "NAME") String name) {
    CliContexts contexts = root.contexts();
    CliContexts.File file = contexts.read();
    if (file.contexts().remove(name) == null) {
      root.output().text("No context " + name);
      return 1;
    }
    contexts.write(new CliContexts.File(name.equals(file.current()) ? null : file.current(), file.contexts()));
    return 0;
  }

  private static Row row(CliContexts.File file, Map.Entry<String, CliContexts.Context> entry) {
    CliContexts.Context context = entry.getValue();
    return new Row(entry.getKey(), entry.getKey().equals(file.current()), context.server(), context.space(),
        context.token() != null);
  }
}
